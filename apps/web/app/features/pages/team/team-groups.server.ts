import { advisors, founders, teamSectionHeadings, widerTeam } from "~/content/team";
import type { TeamGroupsContent } from "./team-groups";

/** What TeamGroups renders, for the loaders of the pages that show it (/ and /team). */
export function teamGroupsContent(): TeamGroupsContent {
  return { headings: teamSectionHeadings, members: { founders, team: widerTeam, advisors } };
}
