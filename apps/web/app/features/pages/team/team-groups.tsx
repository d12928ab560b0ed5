import type { TeamFilterId, TeamMember, TeamSectionHeading } from "~/content/team";
import { cn } from "~/lib/cn";
import { TeamMemberCard } from "./team-member-card";

type GroupId = Exclude<TeamFilterId, "all">;

/**
 * The groups' headings and people. Routes load it from ~/content/team (see team-groups.server.ts)
 * and pass it down, so the copy reaches the browser as loader data, not as JavaScript.
 */
export type TeamGroupsContent = {
  headings: TeamSectionHeading[];
  members: Record<GroupId, TeamMember[]>;
};

/** Founders in four columns, the wider team in three, advisors in up to four. */
const GRIDS: Record<GroupId, string> = {
  founders: "sm:grid-cols-2 lg:grid-cols-4",
  team: "sm:grid-cols-2 lg:grid-cols-3",
  advisors: "sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4",
};

type TeamGroupsProps = {
  content: TeamGroupsContent;
  /** Which group the filter shows; "all" shows every group. */
  filter?: TeamFilterId;
  /** Small cards without bios (the home page). */
  compact?: boolean;
  /** Level of the group headings; member names sit one level below. */
  level?: 2 | 3;
  className?: string;
};

/**
 * The founders, team and advisors sections with their anchors (#founders, #team, #advisors).
 * Hidden groups keep their markup, so every name is in the server-rendered HTML.
 */
export function TeamGroups({ content, filter = "all", compact = false, level = 2, className }: TeamGroupsProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className={cn("grid gap-16", className)}>
      {content.headings.map((group) => {
        const shown = filter === "all" || filter === group.id;
        return (
          <section
            key={group.id}
            id={group.anchor}
            aria-labelledby={`${group.anchor}-heading`}
            hidden={!shown}
            data-team-group={group.id}
            className="scroll-mt-32 focus:outline-none"
          >
            <div className="max-w-2xl">
              <Heading id={`${group.anchor}-heading`} className="text-2xl font-bold tracking-tight text-ink">
                {group.title}
              </Heading>
              <p className="mt-2 text-muted">{group.subtitle}</p>
            </div>
            <ul className={cn("mt-8 grid grid-cols-1 gap-5", compact && "grid-cols-2", GRIDS[group.id])}>
              {content.members[group.id].map((member) => (
                <TeamMemberCard key={member.name} member={member} compact={compact} nameLevel={level === 2 ? 3 : 4} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
