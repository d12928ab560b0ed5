import { roadmapItems } from "~/content/roadmap";
import { cn } from "~/lib/cn";
import { RoadmapCard } from "./roadmap-card";

/** Four quarters on a vertical line: alternating sides from lg up, one column below. */
export function RoadmapTimeline() {
  return (
    <ol className="relative grid gap-10 lg:gap-6">
      <span
        aria-hidden="true"
        className="absolute inset-y-2 left-[11px] w-0.5 bg-gradient-to-b from-brand-teal to-brand-violet lg:left-1/2 lg:-translate-x-1/2"
      />
      {roadmapItems.map((item, index) => {
        const left = index % 2 === 0;
        return (
          <li key={item.quarter} className="reveal relative grid pl-10 lg:grid-cols-2 lg:gap-16 lg:pl-0">
            <span
              aria-hidden="true"
              className="absolute left-0 top-7 flex size-6 items-center justify-center rounded-full bg-white ring-4 ring-brand-teal/20 lg:left-1/2 lg:-translate-x-1/2"
            >
              <span className="size-2.5 rounded-full bg-brand-gradient" />
            </span>
            <div className={cn(left ? "lg:col-start-1" : "lg:col-start-2")}>
              <RoadmapCard item={item} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
