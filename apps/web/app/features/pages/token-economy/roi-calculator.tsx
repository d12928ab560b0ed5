import { Calculator } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { inputClasses } from "~/components/ui/field";
import { calculatorCopy, calculatorDefaults, lockMultipliers, tiers, type LockPeriod, type TierId } from "~/content/token";
import { cn } from "~/lib/cn";
import { calculateStakingRewards, formatTokenAmount, parseStake } from "./roi";

const LOCKS = Object.keys(lockMultipliers).map(Number) as LockPeriod[];

function Choice({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label className="relative block cursor-pointer">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="peer sr-only" />
      <span
        className={cn(
          "flex h-full flex-col rounded-xl border px-4 py-3 text-sm transition-colors duration-150",
          "border-line bg-white text-ink hover:border-slate-300",
          "peer-checked:border-brand-violet peer-checked:bg-brand-violet/5 peer-checked:ring-1 peer-checked:ring-brand-violet",
          "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-violet",
        )}
      >
        {children}
      </span>
    </label>
  );
}

/** Stake, tier and lock period in; estimated annual and monthly rewards out. */
export function RoiCalculator() {
  const stakeId = useId();
  const [stakeText, setStakeText] = useState(String(calculatorDefaults.stake));
  const [tierId, setTierId] = useState<TierId>(calculatorDefaults.tier);
  const [lock, setLock] = useState<LockPeriod>(calculatorDefaults.lockMonths);
  const tier = tiers.find((t) => t.id === tierId) ?? tiers[0];
  const stake = parseStake(stakeText);
  const result = calculateStakingRewards({ stake, apy: tier?.baseApy ?? 0, lockMultiplier: lockMultipliers[lock] });

  return (
    <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
      <Card className="p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-violet/10 text-brand-violet">
            <Calculator aria-hidden="true" className="size-5" />
          </span>
          <h3 className="text-xl font-semibold text-ink">{calculatorCopy.heading}</h3>
        </div>
        <p className="mt-3 text-muted">{calculatorCopy.intro}</p>

        <div className="mt-6">
          <label htmlFor={stakeId} className="mb-1.5 block text-sm font-medium text-ink">
            {calculatorCopy.stakeLabel}
          </label>
          <input
            id={stakeId}
            name="stake"
            type="number"
            inputMode="numeric"
            min={calculatorDefaults.minStake}
            step={calculatorDefaults.step}
            value={stakeText}
            onChange={(event) => setStakeText(event.target.value)}
            aria-describedby={`${stakeId}-hint`}
            className={inputClasses}
          />
          <p id={`${stakeId}-hint`} className="mt-1.5 text-sm text-muted">
            Minimum suggested stake {formatTokenAmount(calculatorDefaults.minStake)} $VSTN, in steps of {formatTokenAmount(calculatorDefaults.step)}.
          </p>
        </div>

        <fieldset className="mt-6">
          <legend className="mb-2 text-sm font-medium text-ink">{calculatorCopy.tierLabel}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {tiers.map((option) => (
              <Choice key={option.id} name="tier" value={option.id} checked={option.id === tierId} onChange={() => setTierId(option.id)}>
                <span className="font-semibold">{option.name}</span>
                <span className="text-muted">{option.baseApy}% APY</span>
              </Choice>
            ))}
          </div>
        </fieldset>

        <fieldset className="mt-6">
          <legend className="mb-2 text-sm font-medium text-ink">{calculatorCopy.lockLabel}</legend>
          <div className="grid grid-cols-3 gap-2">
            {LOCKS.map((months) => (
              <Choice key={months} name="lock" value={String(months)} checked={months === lock} onChange={() => setLock(months)}>
                <span className="font-semibold">{months} months</span>
                <span className="text-muted">{lockMultipliers[months]}x multiplier</span>
              </Choice>
            ))}
          </div>
        </fieldset>
      </Card>

      <div className="flex flex-col rounded-card bg-navy-950 p-6 text-white sm:p-8">
        <h3 className="text-sm font-semibold uppercase tracking-widest text-brand-teal">Your estimate</h3>
        <dl aria-live="polite" className="mt-4 grid gap-5">
          <div>
            <dt className="text-sm text-slate-300">{calculatorCopy.annualLabel}</dt>
            <dd className="mt-1 text-4xl font-bold tracking-tight" data-testid="roi-annual">
              {formatTokenAmount(result.annualRewards)} <span className="text-lg font-semibold text-slate-300">$VSTN</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-300">{calculatorCopy.monthlyLabel}</dt>
            <dd className="mt-1 text-2xl font-bold tracking-tight" data-testid="roi-monthly">
              {formatTokenAmount(result.monthlyRewards)} <span className="text-base font-semibold text-slate-300">$VSTN</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-300">Effective APY</dt>
            <dd className="mt-1 text-lg font-semibold" data-testid="roi-apy">
              {formatTokenAmount(result.effectiveApy)}%{" "}
              <span className="font-normal text-slate-300">
                ({tier?.baseApy}% × {lockMultipliers[lock]})
              </span>
            </dd>
          </div>
        </dl>
        <p className="mt-6 rounded-xl border border-white/10 bg-white/[0.05] p-4 text-sm leading-relaxed text-slate-200">
          <span className="font-semibold text-white">How we calculate: </span>
          {calculatorCopy.formulaNote}
        </p>
        <p className="mt-4 text-xs leading-relaxed text-slate-400">{calculatorCopy.disclaimer}</p>
      </div>
    </div>
  );
}
