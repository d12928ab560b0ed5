import { ArrowRight, Presentation, Users } from "lucide-react";
import { Link } from "react-router";
import { contactFormCopy } from "../copy";

const cards = [
  { ...contactFormCopy.pitchDeck, icon: Presentation },
  { ...contactFormCopy.inspired, icon: Users },
];

/** The two cards beside the contact form: the pitch deck and the team. */
export function ContactAside() {
  return (
    <ul className="grid gap-5">
      {cards.map(({ title, description, link, href, icon: Icon }) => (
        <li
          key={href}
          className="group relative rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg"
        >
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-gradient text-white">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">{title}</h2>
          <p className="mt-2 text-sm leading-relaxed text-muted">{description}</p>
          <Link
            to={href}
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-violet after:absolute after:inset-0 after:rounded-[var(--radius-card)]"
          >
            {link} <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
