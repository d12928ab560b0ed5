import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { RoadmapStatus } from "~/content/roadmap";

const TONES: Record<RoadmapStatus, BadgeTone> = {
  "In Progress": "success",
  Upcoming: "violet",
  Planned: "teal",
  Vision: "neutral",
};

export function RoadmapStatusBadge({ status }: { status: RoadmapStatus }) {
  return (
    <Badge tone={TONES[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {status}
    </Badge>
  );
}
