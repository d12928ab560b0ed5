import { ArrowRight, BookOpen, Clock, Layers } from "lucide-react";
import type { ReactNode } from "react";
import { trackHours, trackSlug } from "@vestin/shared/learning-core";
import { ButtonLink } from "~/components/ui/button";
import { FactList } from "./fact-list";

export type TrackSummary = { category: string; description: string; courseCount: number; totalLessons: number };

/** A track on the catalogue and the tracks page; `offer`: a line the page adds below the facts (the XP a running sprint's quest offers for finishing it). */
export function TrackCard({ track, cta = "View Track", offer }: { track: TrackSummary; cta?: string; offer?: ReactNode }) {
  return (
    <article className="flex flex-col rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)]">
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-gradient text-white">
        <Layers aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-4 text-lg font-bold tracking-tight">{track.category}</h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{track.description}</p>
      <FactList
        facts={[
          {
            term: "Courses",
            icon: Layers,
            value: (
              <>
                {track.courseCount} {track.courseCount === 1 ? "course" : "courses"}
              </>
            ),
          },
          { term: "Lessons", icon: BookOpen, value: <>{track.totalLessons} lessons</> },
          { term: "Duration", icon: Clock, value: <>{trackHours(track.totalLessons)} hours</> },
        ]}
      />
      {offer && <div className="mt-4">{offer}</div>}
      <ButtonLink to={`/learn/track/${trackSlug(track.category)}`} variant="outline" className="mt-5" aria-label={`${cta}: ${track.category}`}>
        {cta} <ArrowRight aria-hidden="true" className="size-4" />
      </ButtonLink>
    </article>
  );
}

/** The catalogue's fallback when the analytics call fails, so the page still lists the tracks. */
export const CATALOGUE_FALLBACK_TRACKS: TrackSummary[] = [
  { category: "Real Estate Tokenization", description: "Learn about Real Estate Tokenization tokenization.", courseCount: 3, totalLessons: 30 },
  { category: "Physical Assets and Commodities", description: "Learn about Physical Assets and Commodities tokenization.", courseCount: 2, totalLessons: 17 },
  { category: "Advanced Topics", description: "Learn about Advanced Topics tokenization.", courseCount: 1, totalLessons: 24 },
];
