import { ArrowRight, CircleHelp, Trophy } from "lucide-react";
import { useState } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { zealyClaimCopy as copy, zealySprintFigures as figures } from "~/content/airdrop";
import { zealyPageCopy } from "../copy";
import { EligibilityChecker } from "./eligibility-checker";
import { SupportDialog } from "./support-dialog";
import { GlowHeader } from "~/components/ui/glow";

/** Labelled figures, each on its own tile. */
function FigureTiles({ items, className }: { items: ReadonlyArray<{ id: string; label: string; value: string }>; className: string }) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <div key={item.id} className="rounded-xl bg-surface p-4">
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="mt-1 text-xl font-bold tracking-tight sm:text-2xl">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /zealy-claim: the congratulation page with the sprint's figures and the way to claim. */
export function ZealyClaimView() {
  const [helpOpen, setHelpOpen] = useState(false);
  const stats = copy.sprintStats.filter((s) => s.id !== "status");
  return (
    <>
      <GlowHeader
        glowClassName="opacity-70"
        lights={["-top-32 left-[-10%] h-96 w-96 bg-brand-teal/25", "-bottom-40 right-[-5%] h-[28rem] w-[28rem] bg-brand-violet/30"]}
        className="py-16 sm:py-24"
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-gradient">
          <Trophy aria-hidden="true" className="size-7" />
        </span>
        <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-brand-teal">{copy.eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{copy.title}</h1>
        {copy.paragraphs.map((p) => (
          <p key={p} className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">
            {p}
          </p>
        ))}
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink to={copy.claimButtonHref} size="lg">
            {copy.claimButtonLabel}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
          <Button size="lg" variant="light" onClick={() => setHelpOpen(true)}>
            <CircleHelp aria-hidden="true" className="size-4" />
            {copy.helpButtonLabel}
          </Button>
        </div>
      </GlowHeader>

      <div className="bg-surface">
        <div className="container-page grid gap-6 py-14 sm:py-20 lg:grid-cols-2">
          <section
            aria-labelledby="results-heading"
            className="reveal rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
          >
            <h2 id="results-heading" className="text-2xl font-bold tracking-tight">
              {copy.yourResultsHeading}
            </h2>
            <FigureTiles items={copy.yourResults} className="mt-6 grid grid-cols-2 gap-4" />
            <p className="mt-6 text-sm leading-relaxed text-muted">{copy.shareExplanation}</p>
          </section>

          <section
            aria-labelledby="sprint-heading"
            className="reveal rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="sprint-heading" className="text-2xl font-bold tracking-tight">
                {copy.sprintHeading}
              </h2>
              <span className="inline-flex items-center gap-1.5 rounded-full bg-success-bg px-3 py-1 text-xs font-bold tracking-wide text-success">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
                {figures.sprintBadge}
              </span>
            </div>
            <FigureTiles items={stats} className="mt-6 grid gap-4 sm:grid-cols-3" />
            <p className="mt-6 text-sm leading-relaxed text-muted">{zealyPageCopy.sprintNote}</p>
          </section>

          <EligibilityChecker claimHref={copy.claimButtonHref} className="reveal lg:col-span-2" />
        </div>
      </div>
      <SupportDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}
