import { Check } from "lucide-react";
import { Card } from "~/components/ui/card";
import { tiers } from "~/content/token";
import { cn } from "~/lib/cn";

const ACCENTS = [
  "from-brand-teal/60 to-brand-teal",
  "from-brand-teal to-brand-violet-light",
  "from-brand-violet-light to-brand-violet",
  "from-brand-violet to-navy-700",
];

/** Bronze, Silver, Gold and Platinum: requirement, APY range, fee discount and benefits. */
export function TierBenefits() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
      {tiers.map((tier, index) => (
        <Card as="li" key={tier.id} className="relative flex flex-col overflow-hidden p-6">
          <span aria-hidden="true" className={cn("absolute inset-x-0 top-0 h-1.5 bg-gradient-to-r", ACCENTS[index])} />
          <h3 className="text-xl font-bold text-ink">{tier.name}</h3>
          <p className="mt-1 text-sm font-medium text-muted">Stake {tier.requirement}</p>
          <dl className="mt-5 grid grid-cols-2 gap-3">
            {[
              ["APY", tier.apy],
              ["Fee discount", tier.feeDiscount],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-surface px-3 py-3">
                <dt className="text-xs font-medium uppercase tracking-wider text-muted">{label}</dt>
                <dd className="mt-1 text-lg font-bold text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-5 grid gap-2.5">
            {tier.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-2 text-sm text-muted">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-teal-dark" />
                {benefit}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </ul>
  );
}
