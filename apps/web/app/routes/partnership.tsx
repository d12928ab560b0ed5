import { PageHeader } from "~/components/ui/page-header";
import { partnershipFaq, partnershipPage } from "~/content/partnership";
import { FaqAccordion } from "~/features/leads/components/faq-accordion";
import { LeadSection } from "~/features/leads/components/lead-section";
import { PartnerTypeCards } from "~/features/leads/components/partner-type-cards";
import { PartnershipForm } from "~/features/leads/components/partnership-form";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/partnership";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin Partnership Program",
    description: "Strategic, technology and marketing partnerships with Vestin: benefits, the application form and answers to common questions.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function PartnershipPage() {
  return (
    <>
      <PageHeader eyebrow="Partners" title={partnershipPage.title} intro={partnershipPage.subtitle} />
      <LeadSection id="partner-types" heading={partnershipPage.cardsHeading} tone="surface">
        <div className="mt-8">
          <PartnerTypeCards />
        </div>
      </LeadSection>
      <LeadSection id="partner-apply" heading={partnershipPage.formHeading} narrow>
        <p className="mt-3 text-muted">{partnershipPage.formIntro}</p>
        <div className="reveal mt-8 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8">
          <PartnershipForm />
        </div>
      </LeadSection>
      <LeadSection id="partner-faq" heading={partnershipPage.faqHeading} tone="surface" narrow>
        <div className="mt-8">
          <FaqAccordion items={partnershipFaq} />
        </div>
      </LeadSection>
    </>
  );
}
