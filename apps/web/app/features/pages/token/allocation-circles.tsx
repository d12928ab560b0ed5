import { Card } from "~/components/ui/card";
import { allocationSummaryCircles } from "~/content/token";
import { AllocationRing } from "./allocation-ring";

/** The four allocation summary circles of the token page. */
export function AllocationCircles() {
  return (
    <ul className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {allocationSummaryCircles.map((circle) => (
        <Card as="li" key={circle.id} className="flex flex-col items-center p-6 text-center">
          <div className="relative">
            <AllocationRing percentage={circle.percentage} />
            <span className="absolute inset-0 flex items-center justify-center text-2xl font-bold tracking-tight text-ink">{circle.percentage}%</span>
          </div>
          <h3 className="mt-4 text-lg font-semibold text-ink">{circle.label}</h3>
          <p className="mt-1 text-sm text-muted">{circle.description}</p>
        </Card>
      ))}
    </ul>
  );
}
