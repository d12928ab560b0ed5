import { trustedByCounters, trustedByHeading, type TrustedByCounter } from "~/content/testnet";
import { useCountUp } from "../hooks/use-count-up";

function Counter({ counter }: { counter: TrustedByCounter }) {
  const { ref, shown } = useCountUp<HTMLSpanElement>(counter.value, counter.decimals);
  const final = `${counter.value.toFixed(counter.decimals)}${counter.suffix}`;
  return (
    <div className="rounded-[var(--radius-card)] border border-white/10 bg-white/[0.04] p-6 text-center">
      <dt className="text-sm font-medium text-slate-300">{counter.label}</dt>
      <dd className="mt-2 text-4xl font-bold tracking-tight text-white sm:text-5xl">
        <span ref={ref} aria-hidden="true" className="tabular-nums">
          {shown.toFixed(counter.decimals)}
          {counter.suffix}
        </span>
        <span className="sr-only">{final}</span>
      </dd>
    </div>
  );
}

/** The animated "Trusted By" figures of the testnet page. */
export function TrustedBy() {
  return (
    <section aria-labelledby="trusted-heading" className="bg-navy-950">
      <div className="container-page py-14 sm:py-20">
        <h2 id="trusted-heading" className="text-center text-3xl font-bold tracking-tight text-white">
          {trustedByHeading}
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {trustedByCounters.map((counter) => (
            <Counter key={counter.id} counter={counter} />
          ))}
        </dl>
      </div>
    </section>
  );
}
