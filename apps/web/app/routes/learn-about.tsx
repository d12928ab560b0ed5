import { PageHeader } from "~/components/ui/page-header";
import { aboutLearning } from "~/content/learning-pages";
import { AboutMission } from "~/features/learning-pages/about-mission";
import { AchievementsPanel } from "~/features/learning-pages/achievements-panel";
import { CallToActionBand } from "~/features/learning-pages/call-to-action-band";
import { FacultyInvitation } from "~/features/learning-pages/faculty-invitation";
import { FeatureCards } from "~/features/learning-pages/feature-cards";
import { LeadershipCards } from "~/features/learning-pages/leadership-cards";
import { LearnSection } from "~/features/learning-pages/learn-section";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-about";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About the Education Hub",
    description: "Pioneering tokenization education: our mission, values, faculty and achievements.",
  });

export default function LearnAboutPage() {
  const { hero } = aboutLearning;
  return (
    <>
      <PageHeader eyebrow="About" title={hero.title} intro={hero.subtitle} />
      <AboutMission />
      <LearnSection id="values" tone="surface" eyebrow="What guides us" title={aboutLearning.valuesHeading}>
        <FeatureCards cards={aboutLearning.values} columns={4} />
      </LearnSection>
      <AchievementsPanel />
      <LearnSection id="leadership" tone="surface" eyebrow="Faculty" title={aboutLearning.leadershipHeading}>
        <LeadershipCards people={aboutLearning.leadership} />
      </LearnSection>
      <FacultyInvitation />
      <CallToActionBand id="learn-with-us" cta={aboutLearning.closing} />
    </>
  );
}
