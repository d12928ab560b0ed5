import { Clock, Gauge, ListChecks, RotateCcw } from "lucide-react";
import type { AssessmentStatus } from "@vestin/shared/assessments";
import { cn } from "~/lib/cn";
import { ASSESSMENT_COPY } from "../copy";
import { plural } from "../format";

/** The rules of an assessment at a glance: questions, pass mark, attempts, time. */
export function AssessmentFacts({ status, className }: { status: AssessmentStatus; className?: string }) {
  const facts = [
    { icon: ListChecks, label: "Questions", value: plural(status.questionCount, "question") },
    { icon: Gauge, label: "Pass mark", value: `${status.passMark} %` },
    { icon: RotateCcw, label: "Attempts", value: `${plural(status.maxAttempts, "attempt")} per ${status.attemptWindowHours} hours` },
    { icon: Clock, label: "Time to answer", value: ASSESSMENT_COPY.timeToAnswer(status.timeLimitMinutes) },
  ];
  return (
    <dl className={cn("grid grid-cols-2 gap-3 sm:grid-cols-4", className)}>
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className="rounded-xl bg-surface px-4 py-3">
          <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-muted">
            <Icon aria-hidden="true" className="size-3.5 shrink-0 text-brand-teal-dark" />
            {label}
          </dt>
          <dd className="mt-1 text-sm font-semibold text-ink" data-fact={label}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
