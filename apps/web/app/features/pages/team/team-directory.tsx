import { useState } from "react";
import type { TeamFilterId, TeamFilterLabel } from "~/content/team";
import { TeamFilter } from "./team-filter";
import { TeamGroups, type TeamGroupsContent } from "./team-groups";

/** The filter buttons and the sections they show or hide. */
export function TeamDirectory({ filters, groups }: { filters: TeamFilterLabel[]; groups: TeamGroupsContent }) {
  const [filter, setFilter] = useState<TeamFilterId>("all");
  return (
    <>
      <TeamFilter filters={filters} value={filter} onChange={setFilter} />
      <TeamGroups content={groups} filter={filter} className="mt-12" />
    </>
  );
}
