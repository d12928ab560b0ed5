import { SectionHeading } from "~/components/ui/section-heading";
import type { CommunitySection as CommunityContent } from "~/content/home";
import { CountUpNumber } from "../components/count-up-number";

/** Our Community: X, Telegram, Discord and sign-ups, counting up as they come into view. */
export function CommunitySection({ community }: { community: CommunityContent }) {
  return (
    <section aria-labelledby="community" className="bg-navy-950 text-white">
      <div className="container-page reveal py-16 sm:py-24">
        <SectionHeading id="community" eyebrow="Community" title={community.heading} intro={community.intro} tone="dark" />
        <dl className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {community.figures.map((figure) => (
            <div key={figure.id} className="rounded-card border border-white/10 bg-white/[0.04] p-6">
              <dt className="text-sm font-medium text-slate-300">{figure.label}</dt>
              <dd className="mt-3">
                <CountUpNumber value={figure.value} suffix={figure.suffix} className="text-4xl font-bold tracking-tight text-white" />
                <p className="mt-3 text-sm leading-relaxed text-slate-300">{figure.description}</p>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
