import { Card } from "~/components/ui/card";
import type { PaymentOption } from "~/content/learning-pages";
import { cn } from "~/lib/cn";
import { LearnIconTile } from "./learn-icon";

/** The four ways to pay, largest discount first; the token option carries the accent ring. */
export function PaymentOptions({ options }: { options: PaymentOption[] }) {
  const best = Math.max(...options.map((o) => o.discount));
  return (
    <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
      {options.map((option) => {
        const highlighted = option.discount === best && best > 0;
        return (
          <Card
            as="li"
            key={option.id}
            data-payment-option={option.id}
            className={cn("relative flex flex-col p-6", highlighted && "border-transparent ring-2 ring-brand-violet/60")}
          >
            {highlighted && (
              <span className="absolute -top-3 left-6 rounded-full bg-brand-violet px-3 py-0.5 text-xs font-semibold text-white">Best value</span>
            )}
            <div className="flex items-start justify-between gap-4">
              <LearnIconTile name={option.icon} />
              <p className={cn("rounded-full px-3 py-1 text-sm font-bold", option.discount > 0 ? "bg-success-bg text-success" : "bg-slate-100 text-muted")}>
                {option.discountLabel}
              </p>
            </div>
            <h3 className="mt-5 text-lg font-semibold tracking-tight text-ink">{option.title}</h3>
            <p className="mt-2 flex-1 text-[0.9375rem] leading-relaxed text-muted">{option.description}</p>
            <ul aria-label={`${option.title}: accepted`} className="mt-5 flex flex-wrap gap-2">
              {option.assets.map((asset) => (
                <li key={asset} className="rounded-md border border-line bg-surface px-2 py-0.5 font-mono text-xs font-medium text-ink">
                  {asset}
                </li>
              ))}
            </ul>
          </Card>
        );
      })}
    </ul>
  );
}
