import { TestnetFeatures, TestnetHero, TestnetWhy, WaitlistSection } from "~/features/leads/components/testnet-sections";
import { TrustedBy } from "~/features/leads/components/trusted-by";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/testnet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Testnet Waitlist",
    description: "Join the Vestin testnet waitlist: the first 1,000 users get early access to tokenized real-world assets.",
  });

export default function TestnetPage() {
  return (
    <>
      <TestnetHero />
      <TestnetFeatures />
      <TestnetWhy />
      <TrustedBy />
      <WaitlistSection />
    </>
  );
}
