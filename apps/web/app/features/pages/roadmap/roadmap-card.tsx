import { CheckCircle2, ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Card } from "~/components/ui/card";
import { roadmapHeader, type RoadmapItem } from "~/content/roadmap";
import { cn } from "~/lib/cn";
import { RoadmapStatusBadge } from "./roadmap-status-badge";

function TaskItem({ task }: { task: string }) {
  return (
    <li className="flex gap-3 text-sm leading-relaxed text-muted sm:text-base">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-teal-dark" />
      <span>{task}</span>
    </li>
  );
}

/** One quarter: title, status, three tasks and a Show N More / Show Less toggle for the rest. */
export function RoadmapCard({ item }: { item: RoadmapItem }) {
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  const moreCount = item.additionalTasks.length;
  return (
    <Card as="article" className="p-6 sm:p-7" data-roadmap-card={item.quarter}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">{item.quarter}</p>
        <RoadmapStatusBadge status={item.status} />
      </div>
      <h3 className="mt-3 text-xl font-bold tracking-tight text-ink">{item.title}</h3>
      <ul className="mt-5 grid gap-3" data-roadmap-tasks>
        {item.tasks.map((task) => (
          <TaskItem key={task} task={task} />
        ))}
      </ul>
      {moreCount > 0 && (
        <>
          <ul id={moreId} hidden={!expanded} className={cn("mt-3 grid gap-3", expanded && "animate-fade-up")} data-roadmap-tasks>
            {item.additionalTasks.map((task) => (
              <TaskItem key={task} task={task} />
            ))}
          </ul>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={moreId}
            onClick={() => setExpanded((open) => !open)}
            className="mt-5 inline-flex items-center gap-1.5 rounded-full text-sm font-semibold text-brand-violet hover:underline hover:underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-4"
          >
            {expanded ? roadmapHeader.showLessLabel : roadmapHeader.showMoreTemplate.replace("{count}", String(moreCount))}
            <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform duration-200", expanded && "rotate-180")} />
          </button>
        </>
      )}
    </Card>
  );
}
