import { PageHeader } from "~/components/ui/page-header";
import { getStarted } from "~/content/learning-pages";
import { CallToActionBand } from "~/features/pages/learn/call-to-action-band";
import { FeatureCards } from "~/features/pages/learn/feature-cards";
import { LearnLinkButton } from "~/features/pages/learn/learn-link-button";
import { LearnSection } from "~/features/pages/learn/learn-section";
import { StepList } from "~/features/pages/learn/step-list";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-get-started";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get Started",
    description: "Start your tokenization journey: choose a path, learn at your own pace and earn a certificate.",
  });

export default function LearnGetStartedPage() {
  const { hero } = getStarted;
  return (
    <>
      <PageHeader eyebrow="Get started" title={hero.title} intro={hero.subtitle}>
        {hero.primaryButton && <LearnLinkButton link={hero.primaryButton} />}
        {hero.secondaryButton && <LearnLinkButton link={hero.secondaryButton} variant="light" />}
      </PageHeader>
      <LearnSection id="how-it-works" tone="surface" eyebrow="Three steps" title={getStarted.howItWorksHeading}>
        <StepList steps={getStarted.steps} columns={3} />
      </LearnSection>
      <LearnSection id="benefits" eyebrow="Benefits" title={getStarted.benefitsHeading}>
        <FeatureCards cards={getStarted.benefits} columns={4} />
      </LearnSection>
      <CallToActionBand id="ready" cta={getStarted.ready} />
    </>
  );
}
