import { ArrowRight, BookOpen, Clock, Layers } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { learnHome } from "~/content/learning-pages";
import type { TrackSummary } from "./learn-home-data";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The track overview: one card per track with courses, linking to /learn/track/{slug}. */
export function TrackGrid({ tracks }: { tracks: TrackSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
      {tracks.map((track) => (
        <Card as="li" key={track.slug} className="group flex flex-col p-6 transition duration-200 ease-out hover:border-slate-300" data-track={track.slug}>
          <h3 className="text-lg font-semibold tracking-tight text-ink">{track.title}</h3>
          <p className="mt-2 flex-1 text-[0.9375rem] leading-relaxed text-muted">{track.description}</p>
          <dl className="mt-6 grid grid-cols-3 gap-2 border-t border-line pt-4 text-sm">
            <TrackFact icon={Layers} label="Courses" value={plural(track.courseCount, "course")} />
            <TrackFact icon={BookOpen} label="Lessons" value={plural(track.lessonCount, "lesson")} />
            <TrackFact icon={Clock} label="Estimated time" value={plural(track.hours, "hour")} />
          </dl>
          <Link
            to={`/learn/track/${track.slug}`}
            aria-label={`${learnHome.exploreTrackLabel}: ${track.title}`}
            className="mt-6 inline-flex items-center gap-1.5 self-start rounded-full text-sm font-semibold text-brand-violet hover:text-ink"
          >
            {learnHome.exploreTrackLabel}
            <ArrowRight aria-hidden="true" className="size-4 transition-transform duration-200 ease-out group-hover:translate-x-0.5" />
          </Link>
        </Card>
      ))}
    </ul>
  );
}

function TrackFact({ icon: Icon, label, value }: { icon: typeof Clock; label: string; value: string }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-center gap-1.5 font-medium text-ink">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-teal-dark" />
        {value}
      </dd>
    </div>
  );
}
