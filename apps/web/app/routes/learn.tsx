import { learnHome } from "~/content/learning-pages";
import { PlacementPromo } from "~/features/assessments/components/placement-promo";
import { CallToActionBand } from "~/features/pages/learn/call-to-action-band";
import { ClaimCards } from "~/features/pages/learn/claim-cards";
import { FeatureCards } from "~/features/pages/learn/feature-cards";
import { loadLearnHome } from "~/features/pages/learn/learn-home-data.server";
import { LearnHomeHero } from "~/features/pages/learn/learn-home-hero";
import { LearnLinkButton } from "~/features/pages/learn/learn-link-button";
import { LearnSection } from "~/features/pages/learn/learn-section";
import { MasterclassPromo } from "~/features/pages/learn/masterclass-promo";
import { Testimonials } from "~/features/pages/learn/testimonials";
import { TrackGrid } from "~/features/pages/learn/track-grid";
import { ContinueStrip } from "~/features/my-learning/components/continue-strip";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn";

export async function loader({ context }: Route.LoaderArgs) {
  return loadLearnHome(context.get(appContext).api);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "The Tokenization Education Hub",
    description: "Courses, tracks and certificates on real-world-asset tokenization: real estate, commodities, securities, NFTs and advanced topics.",
  });

export default function LearnPage({ loaderData }: Route.ComponentProps) {
  const { journey } = learnHome;
  return (
    <>
      <LearnHomeHero stats={loaderData.stats} />
      {/* Signed-in learners only, fetched in the browser: the page itself is shared and cached. */}
      <ContinueStrip />
      <LearnSection id="why-choose" eyebrow="Why learn with us" title={learnHome.whyChooseHeading} intro={learnHome.whyChooseIntro}>
        <FeatureCards cards={learnHome.whyChoose} />
      </LearnSection>
      <MasterclassPromo />
      <LearnSection id="tracks" eyebrow="Tracks" title={learnHome.tracksHeading} intro={learnHome.tracksIntro}>
        <TrackGrid tracks={loaderData.tracks} />
        <PlacementPromo className="mt-8" />
      </LearnSection>
      <LearnSection id="journey" tone="dark" eyebrow="Your journey" title={journey.heading} intro={journey.intro}>
        <div className="-mt-4 mb-10 flex flex-wrap gap-3 sm:-mt-6">
          <LearnLinkButton link={journey.browseButton} />
          <LearnLinkButton link={journey.assessmentButton} variant="light" />
        </div>
        <ClaimCards claims={journey.claims} tone="dark" />
      </LearnSection>
      <LearnSection id="testimonials" tone="surface" eyebrow="Learners" title={learnHome.testimonialsHeading}>
        <Testimonials testimonials={learnHome.testimonials} />
      </LearnSection>
      <CallToActionBand id="success-story" tone="surface" cta={learnHome.successStory} />
    </>
  );
}
