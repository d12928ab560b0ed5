import type { LearnCard } from "~/content/learning-pages";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { LearnIconTile } from "./learn-icon";

const columnClasses = { 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

/** A grid of icon cards (benefits, values, reasons to choose us), each titled with an h3; icon beside the text on phones. */
export function FeatureCards({ cards, columns = 4, className }: { cards: LearnCard[]; columns?: 3 | 4; className?: string }) {
  return (
    <ul className={cn("grid gap-4 sm:gap-6", columnClasses[columns], className)}>
      {cards.map((card) => (
        <Card as="li" key={card.id} className="flex gap-4 p-5 sm:flex-col sm:gap-5 sm:p-6">
          <LearnIconTile name={card.icon} />
          <div>
            <h3 className="text-lg font-semibold tracking-tight text-ink">{card.title}</h3>
            <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted">{card.description}</p>
          </div>
        </Card>
      ))}
    </ul>
  );
}
