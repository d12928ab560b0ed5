import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/token-economy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Token Economy",
    description: "How value flows through $VSTN: staking tiers, distribution and vesting, burns, and an ROI calculator.",
  });

export const handle: RouteHandle = { loaderMs: 500 };

export default function TokenEconomyPage() {
  return <PageHeader eyebrow="Token economy" title="The $VSTN token economy" intro="How value moves between investors, the platform and the community." />;
}
