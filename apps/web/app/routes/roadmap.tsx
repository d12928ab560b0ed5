import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/roadmap";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Roadmap",
    description: "Vestin’s 2025 roadmap: quarterly milestones from the learning platform to the token generation event.",
  });

export default function RoadmapPage() {
  return <PageHeader eyebrow="Roadmap" title="Our roadmap" intro="Four quarters, fifteen-plus milestones, one destination: the token generation event." />;
}
