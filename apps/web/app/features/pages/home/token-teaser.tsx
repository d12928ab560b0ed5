import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { TOKEN_SITE_URL } from "@vestin/shared/brand";
import { buttonClasses } from "~/components/ui/button";
import { ExternalButtonLink } from "~/components/ui/external-button-link";
import type { TokenSection } from "~/content/home";
import type { TokenFact } from "~/content/token";

/** The $VSTN section; its button opens the external token site in a new tab. */
export function TokenTeaser({ tokenSection, tokenFacts }: { tokenSection: TokenSection; tokenFacts: TokenFact[] }) {
  return (
    <section aria-labelledby="vstn" className="container-page py-16 sm:py-24">
      <div className="reveal relative overflow-hidden rounded-[1.5rem] bg-navy-950 text-white">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 h-80 w-80 rounded-full bg-brand-violet/30 blur-3xl" />
        <div className="relative grid gap-10 p-8 sm:p-12 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal">Utility token</p>
            <h2 id="vstn" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              {tokenSection.heading}
            </h2>
            {tokenSection.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)} className="mt-4 leading-relaxed text-slate-300">
                {paragraph}
              </p>
            ))}
            <ul className="mt-6 grid gap-2 sm:grid-cols-2">
              {tokenSection.highlights.map((highlight) => (
                <li key={highlight} className="flex gap-2 text-sm text-slate-200">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-teal" />
                  {highlight}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap gap-3">
              <ExternalButtonLink href={TOKEN_SITE_URL} size="lg">
                {tokenSection.buttonLabel}
              </ExternalButtonLink>
              <Link to="/vstn-token" className={buttonClasses("light", "lg")}>
                Token details
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
            <p className="mt-6 text-sm text-slate-400">{tokenSection.riskNote}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            {tokenFacts.map((fact) => (
              <div key={fact.id} className="rounded-xl border border-white/10 bg-white/[0.04] px-4 py-4">
                <dt className="text-xs font-medium uppercase tracking-wider text-slate-400">{fact.label}</dt>
                <dd className="mt-1 text-base font-semibold text-white sm:text-lg">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
