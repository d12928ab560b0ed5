import { ArrowRight } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import type { MissionPillar } from "~/content/mission";
import type { TeamMission } from "~/content/team";
import { ContentIcon } from "../components/content-icon";

/** The pillars' titles and icons; their descriptions belong to /mission. */
export type MissionBlockPillar = Pick<MissionPillar, "id" | "title" | "icon">;

/** The team page's mission summary with the "View our mission" link to /mission. */
export function MissionBlock({ mission, pillars }: { mission: TeamMission; pillars: MissionBlockPillar[] }) {
  return (
    <section aria-labelledby="team-mission" className="reveal overflow-hidden rounded-card bg-navy-950 text-white">
      <div className="grid gap-10 p-8 sm:p-12 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal">Why we do this</p>
          <h2 id="team-mission" className="mt-2 text-3xl font-bold tracking-tight">
            {mission.heading}
          </h2>
          {mission.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="mt-4 leading-relaxed text-slate-300">
              {paragraph}
            </p>
          ))}
          <ButtonLink to={mission.linkHref} className="mt-8">
            {mission.linkLabel}
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {pillars.map((pillar) => (
            <li key={pillar.id} className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.04] px-4 py-3 text-sm font-medium">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 text-brand-teal">
                <ContentIcon name={pillar.icon} className="size-5" />
              </span>
              {pillar.title}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
