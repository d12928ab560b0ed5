import { Users } from "lucide-react";
import { presalePageCopy } from "~/content/presale";
import { PresaleWizard } from "~/features/leads/components/presale-wizard";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/presale";
import { Glow } from "~/components/ui/glow";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "$VSTN Presale Whitelist",
    description: "Join the $VSTN presale whitelist in seven short steps and see your place in the queue.",
  });

export default function PresalePage() {
  return (
    <div className="relative overflow-hidden bg-navy-950">
      <Glow className="opacity-60" lights={["-top-32 right-[-10%] h-96 w-96 bg-brand-violet/30", "top-64 left-[-10%] h-96 w-96 bg-brand-teal/20"]} />
      <div className="container-page relative grid gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,40rem)] lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-8">
        <header className="text-white lg:col-start-1 lg:row-start-1 lg:pt-6">
          <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-brand-teal">Presale</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{presalePageCopy.headline}</h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-300">{presalePageCopy.subtitle}</p>
          <p className="mt-8 inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-4 py-2 text-sm font-semibold">
            <Users aria-hidden="true" className="size-4 text-brand-teal" />
            {presalePageCopy.spotsRemaining}
          </p>
        </header>
        <section aria-label="Presale questionnaire" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PresaleWizard />
        </section>
        <p className="max-w-xl text-sm leading-relaxed text-slate-400 lg:col-start-1 lg:row-start-2">{presalePageCopy.disclaimer}</p>
      </div>
    </div>
  );
}
