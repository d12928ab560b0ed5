import { Card } from "~/components/ui/card";
import type { Person } from "~/content/learning-pages";

/** The curriculum's leaders: initials avatar, name (h3), role and a short bio. */
export function LeadershipCards({ people }: { people: Person[] }) {
  return (
    <ul className="grid gap-4 sm:gap-6 md:grid-cols-3">
      {people.map((person) => (
        <Card as="li" key={person.id} className="p-6 sm:p-8">
          <span
            aria-hidden="true"
            className="inline-flex size-14 items-center justify-center rounded-full bg-navy-900 text-lg font-bold tracking-wide text-white ring-4 ring-brand-teal/15"
          >
            {person.initials}
          </span>
          <h3 className="mt-5 text-lg font-semibold tracking-tight text-ink">{person.name}</h3>
          <p className="mt-1 text-sm font-medium text-brand-teal-dark">{person.role}</p>
          <p className="mt-4 text-[0.9375rem] leading-relaxed text-muted">{person.bio}</p>
        </Card>
      ))}
    </ul>
  );
}
