import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-connect-wallet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Connect Wallet",
    description: "Pay for premium learning with $VSTN, crypto, stablecoins or fiat, with discounts of up to 20%.",
  });

export default function LearnConnectWalletPage() {
  return <PageHeader eyebrow="Payments" title="Connect your wallet" intro="Pay with $VSTN for 20% off, crypto for 10% off or stablecoins for 5% off." />;
}
