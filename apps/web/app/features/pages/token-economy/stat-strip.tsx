import { useEffect, useState } from "react";
import { statStripItems, type StatStripItem } from "~/content/token";
import { usePrefersReducedMotion } from "../hooks/use-prefers-reduced-motion";

export const JITTER_INTERVAL_MS = 3000;
/** How far a displayed value may drift from its reference figure, as a fraction. */
const JITTER = 0.01;

const format = (item: StatStripItem, value: number) => `${item.prefix ?? ""}${value.toFixed(item.decimals)}${item.suffix ?? ""}`;

/**
 * The hero's stat strip. The figures drift slightly every 3 s for display only (the spec's
 * "jitter"); the reference values are what the server renders, what screen readers hear and
 * what shows under reduced motion.
 */
export function StatStrip() {
  const reduced = usePrefersReducedMotion();
  const [values, setValues] = useState(() => statStripItems.map((item) => item.value));
  useEffect(() => {
    if (reduced) {
      setValues(statStripItems.map((item) => item.value));
      return;
    }
    const timer = window.setInterval(() => {
      setValues(statStripItems.map((item) => item.value * (1 + (Math.random() * 2 - 1) * JITTER)));
    }, JITTER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [reduced]);

  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-card border border-white/10 bg-white/10 sm:grid-cols-5">
      {statStripItems.map((item, index) => (
        <div key={item.id} className="bg-navy-950/80 px-5 py-5 last:col-span-2 sm:last:col-span-1" data-stat={item.id}>
          <dt className="text-xs font-medium uppercase tracking-wider text-slate-400">{item.label}</dt>
          <dd className="mt-1.5 text-2xl font-bold tracking-tight text-white tabular-nums">
            <span aria-hidden="true">{format(item, values[index] ?? item.value)}</span>
            <span className="sr-only">{format(item, item.value)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
