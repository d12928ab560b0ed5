import { ArrowDown } from "lucide-react";
import { testnetFeatures, testnetHero, testnetWhy, waitlistFormCopy } from "~/content/testnet";
import { Button } from "~/components/ui/button";
import { testnetCopy } from "../copy";
import { scrollToSection } from "../hooks/scroll-to-section";
import { LeadIcon } from "./content-icon";
import { LeadSection } from "./lead-section";
import { ReferralCard } from "~/features/referrals";
import { WaitlistForm } from "./waitlist-form";
import { GlowHeader } from "~/components/ui/glow";

export function TestnetHero() {
  return (
    <GlowHeader
      glowClassName="opacity-70"
      lights={["-top-40 right-[-5%] h-[30rem] w-[30rem] bg-brand-violet/30", "-bottom-40 left-[-10%] h-[26rem] w-[26rem] bg-brand-teal/25"]}
      className="py-20 sm:py-28"
    >
      <p className="mb-4 inline-flex rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm font-semibold text-brand-teal">{testnetHero.eyebrow}</p>
      <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">{testnetHero.title}</h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{testnetHero.subtitle}</p>
      <div className="mt-10 flex flex-wrap gap-3">
        <Button size="lg" onClick={() => scrollToSection(testnetHero.primaryButton.targetId)}>
          {testnetHero.primaryButton.label}
        </Button>
        <Button size="lg" variant="light" onClick={() => scrollToSection(testnetHero.secondaryButton.targetId)}>
          {testnetHero.secondaryButton.label}
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <p className="mt-8 max-w-xl text-sm text-slate-400">{testnetHero.note}</p>
    </GlowHeader>
  );
}

export function TestnetFeatures() {
  return (
    <LeadSection id="features-heading" heading={testnetCopy.featuresHeading} tone="surface">
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {testnetFeatures.map((feature) => (
          <li key={feature.id} className="reveal rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)]">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-gradient text-white">
              <LeadIcon name={feature.icon} className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{feature.description}</p>
          </li>
        ))}
      </ul>
    </LeadSection>
  );
}

export function TestnetWhy() {
  return (
    <section id={testnetWhy.anchor} aria-labelledby="why-heading" className="bg-white focus:outline-none">
      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight">
            {testnetWhy.heading}
          </h2>
          {testnetWhy.paragraphs.map((p) => (
            <p key={p} className="mt-4 text-lg leading-relaxed text-muted">
              {p}
            </p>
          ))}
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {testnetWhy.points.map((point) => (
            <li key={point.id} className="rounded-[var(--radius-card)] border border-line p-5">
              <LeadIcon name={point.icon} className="size-6 text-brand-teal-dark" />
              <h3 className="mt-3 font-semibold">{point.title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted">{point.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function WaitlistSection() {
  return (
    <section id={waitlistFormCopy.anchor} aria-labelledby="waitlist-heading" className="bg-surface focus:outline-none">
      <div className="container-page py-14 sm:py-20">
        <div className="mx-auto max-w-xl rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-10">
          <h2 id="waitlist-heading" className="text-3xl font-bold tracking-tight">
            {waitlistFormCopy.heading}
          </h2>
          <p className="mt-3 text-muted">{waitlistFormCopy.intro}</p>
          <div className="mt-8">
            <WaitlistForm />
          </div>
        </div>
        <ReferralCard list="testnet" className="mx-auto mt-6 max-w-xl" />
      </div>
    </section>
  );
}
