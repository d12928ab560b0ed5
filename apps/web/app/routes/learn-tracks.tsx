import { trackSlug } from "@vestin/shared/learning-core";
import { PageHeader } from "~/components/ui/page-header";
import { trackOffer, useLearnEarnOffers, XpOffer } from "~/features/learn-earn";
import { TrackCard, type TrackSummary } from "~/features/learning/components/track-card";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-tracks";

export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.get(appContext).api("/courses/categories/analytics");
  if (!res.ok) return { tracks: [] as TrackSummary[], failed: true };
  const body = (await res.json()) as { data: { categories: TrackSummary[] } };
  return { tracks: body.data.categories.filter((t) => t.courseCount > 0), failed: false };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Learning Tracks",
    description: "Structured learning tracks on real estate, physical assets, securities, NFTs and advanced tokenization topics.",
  });

export default function LearningTracksPage({ loaderData }: Route.ComponentProps) {
  const { tracks, failed } = loaderData;
  const offers = useLearnEarnOffers();
  const lessons = tracks.reduce((sum, t) => sum + t.totalLessons, 0);
  return (
    <>
      <PageHeader
        eyebrow="Tracks"
        title="Learning tracks"
        intro={`${tracks.length} tracks and ${lessons} lessons. Each track is a sequence of courses that build on one another, from first principles to professional practice.`}
      />
      <section className="container-page py-12" aria-label="All tracks">
        {failed ? (
          <p role="alert" className="text-danger">
            Failed to load learning tracks
          </p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {tracks.map((track) => (
              <TrackCard
                key={track.category}
                track={track}
                cta="Explore Track"
                offer={trackOffer(offers, trackSlug(track.category)) && <XpOffer text={trackOffer(offers, trackSlug(track.category))} />}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
