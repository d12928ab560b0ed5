import { Check } from "lucide-react";
import { partnerTypeCards } from "~/content/partnership";
import { LeadIcon } from "./content-icon";

/** The three partner types with their four benefits each. */
export function PartnerTypeCards() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {partnerTypeCards.map((card) => (
        <li key={card.id} className="reveal flex flex-col rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)]">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-gradient text-white">
            <LeadIcon name={card.icon} className="size-6" />
          </span>
          <h3 className="mt-5 text-xl font-semibold">{card.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{card.description}</p>
          <ul className="mt-5 grid gap-2.5 border-t border-line pt-5">
            {card.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-2.5 text-sm leading-relaxed">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-teal-dark" />
                <span>{bullet}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
