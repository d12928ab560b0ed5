import { Sparkles } from "lucide-react";

/** The Platform menu: the investment platform is not open yet (the spec's Coming Soon placeholder). */
export function PlatformTeaser() {
  return (
    <div className="max-w-72 p-3">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-violet/10 px-2.5 py-1 text-xs font-semibold text-brand-violet">
        <Sparkles aria-hidden="true" className="size-3.5" /> Coming Soon
      </p>
      <p className="mt-3 text-sm font-semibold">The Vestin investment platform</p>
      <p className="mt-1 text-sm text-muted">
        Fractional real estate, renewable energy, bitcoin mining and carbon credits from $100. Join the presale whitelist to hear first when it opens.
      </p>
    </div>
  );
}
