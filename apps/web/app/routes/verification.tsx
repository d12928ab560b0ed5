import { PageHeader } from "~/components/ui/page-header";
import { verificationPageCopy } from "~/content/airdrop";
import { EligibilityChecker } from "~/features/leads/components/eligibility-checker";
import { SupportChat } from "~/features/leads/components/support-chat";
import { VerificationForm } from "~/features/leads/components/verification-form";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/verification";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Airdrop Verification",
    description: "Verify your Zealy username, wallet and e-mail to claim your $VSTN community sprint airdrop.",
  });

export default function VerificationPage() {
  return (
    <>
      <PageHeader eyebrow="Airdrop" title={verificationPageCopy.title} intro={verificationPageCopy.intro} />
      <div className="bg-surface">
        <div className="container-page py-12 sm:py-16">
          <section
            aria-label="Verification form"
            className="mx-auto max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
          >
            <VerificationForm />
          </section>
          <EligibilityChecker className="mx-auto mt-6 max-w-xl" />
          <div className="mt-8 flex justify-center lg:contents">
            <SupportChat />
          </div>
        </div>
      </div>
    </>
  );
}
