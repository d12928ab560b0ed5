import { PageHeader } from "~/components/ui/page-header";
import { howItWorks } from "~/content/learning-pages";
import { CallToActionBand } from "~/features/pages/learn/call-to-action-band";
import { FeatureCards } from "~/features/pages/learn/feature-cards";
import { LearnLinkButton } from "~/features/pages/learn/learn-link-button";
import { LearnSection } from "~/features/pages/learn/learn-section";
import { StepList } from "~/features/pages/learn/step-list";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-how-it-works";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "How It Works",
    description: "How learning works at Vestin: choose a track, work through interactive lessons, pass assessments and earn a certificate.",
  });

export default function LearnHowItWorksPage() {
  const { hero } = howItWorks;
  return (
    <>
      <PageHeader eyebrow="How it works" title={hero.title} intro={hero.subtitle}>
        {hero.primaryButton && <LearnLinkButton link={hero.primaryButton} />}
      </PageHeader>
      <LearnSection id="learning-journey" tone="surface" eyebrow="Four steps" title={howItWorks.journeyHeading}>
        <StepList steps={howItWorks.journey} columns={4} />
      </LearnSection>
      <LearnSection id="why-choose" eyebrow="Why us" title={howItWorks.whyChooseHeading}>
        <FeatureCards cards={howItWorks.whyChoose} columns={3} />
      </LearnSection>
      <CallToActionBand id="find-your-track" cta={howItWorks.closing} />
    </>
  );
}
