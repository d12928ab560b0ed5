import { ArrowDown, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import type { AssetPoolSection, HomeHero as HomeHeroContent } from "~/content/home";
import { SectionLink } from "../components/section-link";
import { ContentIcon } from "../components/content-icon";
import { GlowHeader } from "~/components/ui/glow";

/** "Own more. Risk less." with Meet Our Team (to #founders) and Learn More (to /learn). */
export function HomeHero({ hero: homeHero, assetPool }: { hero: HomeHeroContent; assetPool: AssetPoolSection }) {
  const largest = Math.max(...assetPool.classes.map((c) => c.amountMillions));
  return (
    <GlowHeader
      lights={["-top-40 right-[-10%] h-[28rem] w-[28rem] bg-brand-violet/25", "-bottom-48 left-[-10%] h-[28rem] w-[28rem] bg-brand-teal/20"]}
      className="grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr] lg:py-28"
    >
      <div>
        <p className="mb-4 text-sm font-semibold uppercase tracking-widest text-brand-teal">Real-world assets, tokenized</p>
        <h1 className="text-5xl font-bold tracking-tight text-balance sm:text-6xl lg:text-7xl">{homeHero.title}</h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300 sm:text-xl">{homeHero.subtitle}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <SectionLink target={homeHero.primaryButton.href.replace("#", "")} size="lg">
            {homeHero.primaryButton.label}
            <ArrowDown aria-hidden="true" className="size-4" />
          </SectionLink>
          {/* Visible label "Learn More"; the hidden rest names the destination for screen readers and
                crawlers (Lighthouse's link-text audit reads the link's innerText, not aria-label). */}
          <Link to={homeHero.secondaryButton.href} className={buttonClasses("light", "lg")}>
            {homeHero.secondaryButton.label}
            <span className="sr-only">{" about tokenization in the learning hub"}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
      <figure className="rounded-[1.5rem] border border-white/10 bg-white/[0.04] p-6 shadow-2xl shadow-black/30 backdrop-blur sm:p-8">
        <figcaption className="flex items-baseline justify-between gap-4">
          <span className="text-sm font-medium text-slate-300">{assetPool.heading}</span>
          <span className="text-3xl font-bold tracking-tight text-white">{assetPool.total}</span>
        </figcaption>
        <ul className="mt-6 grid gap-4">
          {assetPool.classes.map((assetClass) => (
            <li key={assetClass.id}>
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="flex items-center gap-2 font-medium text-white">
                  <ContentIcon name={assetClass.icon} className="size-4 text-brand-teal" />
                  {assetClass.name}
                </span>
                <span className="tabular-nums text-slate-300">{assetClass.amount}</span>
              </div>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-white/10">
                <div className="h-full rounded-full bg-brand-gradient" style={{ width: `${(assetClass.amountMillions / largest) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 border-t border-white/10 pt-4 text-sm text-slate-300">Invest from $100 per asset. Custody, KYC and AML built in.</p>
      </figure>
    </GlowHeader>
  );
}
