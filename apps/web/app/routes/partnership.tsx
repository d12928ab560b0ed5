import { PageHeader } from "~/components/ui/page-header";
import { partnershipFaq, partnershipPage } from "~/content/partnership";
import { FaqAccordion } from "~/features/leads/components/faq-accordion";
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
      <section aria-labelledby="partner-types" className="bg-surface">
        <div className="container-page py-14 sm:py-20">
          <h2 id="partner-types" className="text-3xl font-bold tracking-tight">
            {partnershipPage.cardsHeading}
          </h2>
          <div className="mt-8">
            <PartnerTypeCards />
          </div>
        </div>
      </section>
      <section aria-labelledby="partner-apply" className="bg-white">
        <div className="container-page py-14 sm:py-20">
          <div className="mx-auto max-w-3xl">
            <h2 id="partner-apply" className="text-3xl font-bold tracking-tight">
              {partnershipPage.formHeading}
            </h2>
            <p className="mt-3 text-muted">{partnershipPage.formIntro}</p>
            <div className="reveal mt-8 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8">
              <PartnershipForm />
            </div>
          </div>
        </div>
      </section>
      <section aria-labelledby="partner-faq" className="bg-surface">
        <div className="container-page py-14 sm:py-20">
          <div className="mx-auto max-w-3xl">
            <h2 id="partner-faq" className="text-3xl font-bold tracking-tight">
              {partnershipPage.faqHeading}
            </h2>
            <div className="mt-8">
              <FaqAccordion items={partnershipFaq} />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
