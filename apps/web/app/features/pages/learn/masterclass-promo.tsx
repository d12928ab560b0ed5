import { BookOpen, Clock, Signal, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { learnHome } from "~/content/learning-pages";
import { CheckListCard } from "./check-list-card";
import { LearnLinkButton } from "./learn-link-button";
import { GlowPanel } from "./glow-panel";

/** The free Ambassador Masterclass: facts, six benefits, Claim Your Free Access and Verify Token Holdings. */
export function MasterclassPromo() {
  const { masterclass } = learnHome;
  const facts: Array<{ icon: LucideIcon; label: string; value: string }> = [
    { icon: Clock, label: "Duration", value: masterclass.duration },
    { icon: BookOpen, label: "Lessons", value: masterclass.lessons },
    { icon: Signal, label: "Level", value: `${masterclass.level} level` },
  ];
  return (
    <section aria-labelledby="masterclass" className="bg-surface">
      <div className="container-page reveal py-16 sm:py-20 lg:py-24">
        <GlowPanel lights={["-top-32 right-[-5%] h-80 w-80 bg-brand-violet/30", "-bottom-32 left-[-5%] h-72 w-72 bg-brand-teal/20"]} className="shadow-card">
          <div className="relative grid gap-10 p-6 sm:p-10 lg:grid-cols-[1.1fr_1fr] lg:gap-14 lg:p-14">
            <div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="dark">Ambassador program</Badge>
                <span className="rounded-full bg-brand-teal px-3 py-0.5 text-xs font-bold tracking-widest text-navy-950">{masterclass.badge}</span>
              </div>
              <h2 id="masterclass" className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                {masterclass.title}
              </h2>
              <p className="mt-4 max-w-xl text-lg leading-relaxed text-slate-300">{masterclass.description}</p>
              <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {facts.map(({ icon: Icon, label, value }) => (
                  <div key={label} className="rounded-xl border border-white/10 bg-white/[0.04] p-3">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-300">
                      <Icon aria-hidden="true" className="size-3.5 text-brand-teal" />
                      {label}
                    </dt>
                    <dd className="mt-1 text-sm font-semibold text-white">{value}</dd>
                  </div>
                ))}
                <div className="rounded-xl border border-brand-teal/40 bg-brand-teal/10 p-3">
                  <dt className="text-xs font-medium text-slate-300">Price</dt>
                  <dd className="mt-1 text-sm font-bold tracking-wide text-brand-teal">{masterclass.price}</dd>
                </div>
              </dl>
              <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
                <LearnLinkButton link={masterclass.claimButton} />
                <Link to={masterclass.verifyLink.href} className="text-sm font-semibold text-brand-teal underline-offset-4 hover:text-white hover:underline">
                  {masterclass.verifyLink.label}
                </Link>
              </div>
              <p className="mt-6 max-w-xl text-sm leading-relaxed text-slate-400">{masterclass.note}</p>
            </div>
            <CheckListCard heading={masterclass.benefitsHeading} items={masterclass.benefits} tone="dark" />
          </div>
        </GlowPanel>
      </div>
    </section>
  );
}
