import { ArrowRight } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import type { LeadershipSection as LeadershipContent } from "~/content/home";
import { TeamGroups, type TeamGroupsContent } from "../team/team-groups";

/** Experienced Leadership (#leadership), then the founders, team and advisors anchor sections. */
export function LeadershipSection({ leadership: experiencedLeadership, team }: { leadership: LeadershipContent; team: TeamGroupsContent }) {
  const [intro, ...more] = experiencedLeadership.paragraphs;
  return (
    <section id={experiencedLeadership.anchor} aria-labelledby="leadership-heading" className="scroll-mt-28 focus:outline-none">
      <div className="container-page py-16 sm:py-24">
        <div className="reveal grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:items-end">
          <SectionHeading
            id="leadership-heading"
            eyebrow="The people"
            title={experiencedLeadership.heading}
            intro={
              <>
                <p>{intro}</p>
                {more.map((paragraph) => (
                  <p key={paragraph.slice(0, 24)} className="mt-4">
                    {paragraph}
                  </p>
                ))}
              </>
            }
          />
          <dl className="grid grid-cols-2 gap-4">
            {experiencedLeadership.claims.map((claim) => (
              <div key={claim.id} className="rounded-card bg-navy-950 px-5 py-6 text-white">
                <dt className="sr-only">{claim.label}</dt>
                <dd>
                  <span className="block text-2xl font-bold tracking-tight sm:text-3xl">{claim.value}</span>
                  <span className="mt-1 block text-sm text-slate-300">{claim.label}</span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <TeamGroups content={team} compact level={3} className="reveal mt-16" />
        <ButtonLink to="/team" variant="outline" className="mt-12">
          Read more about the team
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
    </section>
  );
}
