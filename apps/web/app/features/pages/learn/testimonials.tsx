import { Quote } from "lucide-react";
import { Card } from "~/components/ui/card";
import type { Testimonial } from "~/content/learning-pages";

/** Three learner quotes, each with an initials avatar, a name and a role. */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <ul className="grid gap-4 sm:gap-6 lg:grid-cols-3">
      {testimonials.map((t) => (
        <Card as="li" key={t.id} className="p-6 sm:p-8">
          <figure className="flex h-full flex-col">
            <Quote aria-hidden="true" className="size-7 text-brand-violet/50" />
            <blockquote className="mt-4 flex-1 leading-relaxed text-ink">
              <p>{t.quote}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3 border-t border-line pt-5">
              <span
                aria-hidden="true"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-gradient text-sm font-bold text-white"
              >
                {t.initials}
              </span>
              <span>
                <span className="block font-semibold text-ink">{t.name}</span>
                <span className="block text-sm text-muted">{t.role}</span>
              </span>
            </figcaption>
          </figure>
        </Card>
      ))}
    </ul>
  );
}
