import { PageHeader } from "~/components/ui/page-header";
import { connectWallet } from "~/content/learning-pages";
import { LearnSection } from "~/features/pages/learn/learn-section";
import { PaymentOptions } from "~/features/pages/learn/payment-options";
import { StatList } from "~/features/pages/learn/stat-list";
import { WalletAppCall } from "~/features/pages/learn/wallet-app-call";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-connect-wallet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Connect Wallet",
    description: "Pay for premium learning with $VSTN, crypto, stablecoins or fiat, with discounts of up to 20%.",
  });

export default function LearnConnectWalletPage() {
  const { hero } = connectWallet;
  return (
    <>
      <PageHeader eyebrow="Payments" title={hero.title} intro={hero.subtitle} />
      <LearnSection id="payment-options" tone="surface" eyebrow="Discounts" title={connectWallet.optionsHeading}>
        <PaymentOptions options={connectWallet.options} />
      </LearnSection>
      <WalletAppCall />
      <LearnSection id="in-numbers" tone="surface" eyebrow="Learning area" title={connectWallet.statsHeading}>
        <StatList stats={connectWallet.stats} columns={4} />
      </LearnSection>
    </>
  );
}
