import { useState } from "react";
import type { TeamFilterId } from "~/content/team";
import { TeamFilter } from "./team-filter";
import { TeamGroups } from "./team-groups";

/** The filter buttons and the sections they show or hide. */
export function TeamDirectory() {
  const [filter, setFilter] = useState<TeamFilterId>("all");
  return (
    <>
      <TeamFilter value={filter} onChange={setFilter} />
      <TeamGroups filter={filter} className="mt-12" />
    </>
  );
}
