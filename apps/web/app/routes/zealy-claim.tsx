import { ZealyClaimView } from "~/features/leads/components/zealy-claim-view";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/zealy-claim";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Community Sprint Airdrop",
    description: "The Vestin community quest sprint is complete. Check your results and claim your $VSTN airdrop.",
  });

export default function ZealyClaimPage() {
  return <ZealyClaimView />;
}
