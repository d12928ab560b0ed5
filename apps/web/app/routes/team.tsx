import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Team",
    description: "Meet the founders, team and advisors behind Vestin: asset managers, engineers and compliance specialists building real-world-asset tokenization.",
  });

export default function TeamPage() {
  return <PageHeader eyebrow="Leadership" title="The team behind Vestin" intro="Founders, operators and advisors with decades in real estate, energy, finance and technology." />;
}
