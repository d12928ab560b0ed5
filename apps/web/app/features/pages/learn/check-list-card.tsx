import { Check } from "lucide-react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

const TONES = {
  light: { heading: "text-ink", item: "text-ink", chip: "bg-brand-teal/10 text-brand-teal-dark" },
  dark: { heading: "", item: "text-[0.9375rem] text-slate-200", chip: "bg-brand-teal/15 text-brand-teal" },
} as const;

/** A card with a heading over a list whose every line is ticked (who we look for, what a programme gives). */
export function CheckListCard({ heading, items, tone = "light" }: { heading: string; items: readonly string[]; tone?: keyof typeof TONES }) {
  const look = TONES[tone];
  return (
    <Card tone={tone === "dark" ? "dark" : "plain"} className="p-6 sm:p-8">
      <h3 className={cn("text-lg font-semibold tracking-tight", look.heading)}>{heading}</h3>
      <ul className="mt-5 grid gap-4">
        {items.map((item) => (
          <li key={item} className={cn("flex gap-3 leading-relaxed", look.item)}>
            <span className={cn("mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full", look.chip)}>
              <Check aria-hidden="true" className="size-3.5" />
            </span>
            {item}
          </li>
        ))}
      </ul>
    </Card>
  );
}
