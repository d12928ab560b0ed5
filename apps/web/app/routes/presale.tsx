import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/presale";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "$VSTN Presale Whitelist",
    description: "Join the $VSTN presale whitelist in seven short steps and see your place in the queue.",
  });

export default function PresalePage() {
  return <PageHeader eyebrow="Presale" title="Be First to Access $VSTN Token" intro="Answer seven short questions to join the whitelist. 2,847 spots remaining." />;
}
