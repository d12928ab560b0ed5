import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/verification";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Airdrop Verification",
    description: "Verify your Zealy username, wallet and e-mail to claim your $VSTN community sprint airdrop.",
  });

export default function VerificationPage() {
  return <PageHeader eyebrow="Airdrop" title="Verify your airdrop claim" intro="Enter your Zealy username, wallet address, e-mail and Telegram account to claim your reward." />;
}
