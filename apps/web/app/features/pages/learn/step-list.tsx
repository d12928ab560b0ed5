import type { LearnStep } from "~/content/learning-pages";
import { cn } from "~/lib/cn";
import { LearnIconTile } from "./learn-icon";

const columnClasses = { 3: "lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

/**
 * Numbered steps as an ordered list. On wide screens a thin gradient rule joins the step numbers,
 * so the sequence reads left to right.
 */
export function StepList({ steps, columns = 3, className }: { steps: LearnStep[]; columns?: 3 | 4; className?: string }) {
  return (
    <div className={cn("relative", className)}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-[8%] top-12 hidden h-px bg-linear-to-r from-brand-teal/0 via-brand-teal/50 to-brand-violet/0 lg:block"
      />
      <ol className={cn("relative grid gap-6 lg:gap-8", columnClasses[columns])}>
        {steps.map((step) => (
          <li key={step.step} className="relative flex flex-col rounded-card border border-line bg-white p-6 shadow-card">
            <div className="flex items-center justify-between gap-4">
              <LearnIconTile name={step.icon} />
              <span className="text-sm font-semibold tracking-widest text-brand-teal-dark uppercase">Step {step.step}</span>
            </div>
            <h3 className="mt-5 text-lg font-semibold tracking-tight text-ink">{step.title}</h3>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted">{step.description}</p>
            {step.items && (
              <ul aria-label={`${step.title}: the tracks`} className="mt-5 flex flex-wrap gap-2">
                {step.items.map((item) => (
                  <li key={item} className="rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium text-ink">
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
