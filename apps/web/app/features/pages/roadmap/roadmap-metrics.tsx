import { roadmapMetrics } from "~/content/roadmap";
import { CountUpNumber } from "../components/count-up-number";

/** Overall Progress, Quarters, Major Milestones, TGE Target: counters that replay on every view. */
export function RoadmapMetrics() {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {roadmapMetrics.map((metric) => (
        <div key={metric.id} className="rounded-card border border-white/10 bg-white/[0.05] px-5 py-5 backdrop-blur sm:px-6" data-metric={metric.id}>
          <dt className="text-sm font-medium text-slate-300">{metric.label}</dt>
          <dd className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            <CountUpNumber value={metric.value} prefix={metric.prefix} suffix={metric.suffix} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
