import { Check, X } from "lucide-react";
import { SectionHeading } from "~/components/ui/section-heading";
import type { ComparisonSection } from "~/content/home";
import { cn } from "~/lib/cn";

/** Investing with and without Vestin, row by row: a table from md up, stacked cards on phones. */
export function ComparisonTable({ comparison }: { comparison: ComparisonSection }) {
  return (
    <section aria-labelledby="comparison" className="bg-surface">
      <div className="container-page reveal py-16 sm:py-24">
        <SectionHeading id="comparison" eyebrow="Side by side" title={comparison.heading} intro={comparison.intro} />
        <div className="mt-10 overflow-hidden rounded-card border border-line bg-white shadow-card">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{comparison.heading}</caption>
            <thead className="hidden bg-navy-950 text-sm text-white md:table-header-group">
              <tr>
                <th scope="col" className="w-1/4 px-6 py-4 font-semibold">
                  Topic
                </th>
                <th scope="col" className="px-6 py-4 font-semibold text-slate-300">
                  {comparison.withoutLabel}
                </th>
                <th scope="col" className="px-6 py-4 font-semibold">
                  <span className="text-brand-gradient">{comparison.withLabel}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {comparison.rows.map((row) => (
                <tr key={row.id} className="grid gap-3 p-5 md:table-row md:p-0">
                  <th scope="row" className="font-semibold text-ink md:px-6 md:py-5 md:align-top">
                    {row.topic}
                  </th>
                  {[
                    { Icon: X, text: "text-muted", icon: "text-danger", label: comparison.withoutLabel, value: row.without },
                    { Icon: Check, text: "text-ink", icon: "text-success", label: comparison.withLabel, value: row.with },
                  ].map(({ Icon, text, icon, label, value }) => (
                    <td key={label} className={cn("flex gap-3 md:table-cell md:px-6 md:py-5 md:align-top", text)}>
                      <Icon aria-hidden="true" className={cn("mt-0.5 inline size-5 shrink-0 md:mr-2 md:align-[-4px]", icon)} />
                      <span>
                        {/* On phones each cell stands alone, so it says which column it belongs to. */}
                        <span className="sr-only md:hidden">{label}: </span>
                        {value}
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
