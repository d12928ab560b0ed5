import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/testnet";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Testnet Waitlist",
    description: "Join the Vestin testnet waitlist: the first 1,000 users get early access to tokenized real-world assets.",
  });

export default function TestnetPage() {
  return <PageHeader eyebrow="Testnet" title="Be among the first 1,000 testnet users" intro="Try tokenized real-world assets on the Vestin testnet before anyone else." />;
}
