import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/zealy-claim";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Community Sprint Airdrop",
    description: "The Vestin community quest sprint is complete. Check your results and claim your $VSTN airdrop.",
  });

export default function ZealyClaimPage() {
  return <PageHeader eyebrow="Airdrop" title="Congratulations, pioneer!" intro="The community quest sprint is complete. Verify your account to claim your share of the airdrop." />;
}
