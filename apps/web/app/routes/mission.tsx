import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/mission";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Mission",
    description: "Why Vestin exists: opening institutional-grade real-world assets to everyone, with compliance, education and community at the core.",
  });

export default function MissionPage() {
  return <PageHeader eyebrow="Mission" title="Our mission extends beyond access" intro="Access is only the start. We want every investor to understand what they own and why." />;
}
