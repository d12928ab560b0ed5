import { tokenFacts, tokenomicsParagraphs } from "~/content/token";
import { AllocationDonut } from "../token/allocation-donut";
import { AllocationTable } from "../token/allocation-table";
import { VestingChart } from "../token/vesting-chart";

/** The Distribution tab: share of supply, every vesting term on a chart, and the table behind both. */
export function DistributionPanel() {
  return (
    <div className="grid gap-8">
      <div className="grid items-center gap-8 lg:grid-cols-[320px_1fr]">
        <AllocationDonut describedBy="allocation-table-caption" />
        <div>
          <h3 className="text-xl font-semibold text-ink">Distribution of 100,000,000 $VSTN</h3>
          <p className="mt-2 leading-relaxed text-muted">{tokenomicsParagraphs[2]}</p>
          <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {tokenFacts.map((fact) => (
              <div key={fact.id} className="rounded-xl border border-line bg-white px-4 py-3">
                <dt className="text-xs font-medium uppercase tracking-wider text-muted">{fact.label}</dt>
                <dd className="mt-1 font-semibold text-ink">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div>
        <h3 className="mb-3 text-lg font-semibold text-ink">Vesting schedule</h3>
        <VestingChart />
      </div>
      <AllocationTable id="allocation-table" />
    </div>
  );
}
