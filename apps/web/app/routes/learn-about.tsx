import { PageHeader } from "~/components/ui/page-header";
import { aboutLearning } from "~/content/learning-pages";
import { AboutMission } from "~/features/pages/learn/about-mission";
import { AchievementsPanel } from "~/features/pages/learn/achievements-panel";
import { CallToActionBand } from "~/features/pages/learn/call-to-action-band";
import { FacultyInvitation } from "~/features/pages/learn/faculty-invitation";
import { FeatureCards } from "~/features/pages/learn/feature-cards";
import { LeadershipCards } from "~/features/pages/learn/leadership-cards";
import { LearnSection } from "~/features/pages/learn/learn-section";
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
