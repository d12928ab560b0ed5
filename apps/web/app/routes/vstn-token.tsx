import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/vstn-token";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "$VSTN Token",
    description: "$VSTN: utilities, allocation, distribution and tokenomics of Vestin’s ERC-20 token on Base.",
  });

export default function VstnTokenPage() {
  return <PageHeader eyebrow="$VSTN" title="The $VSTN token" intro="An ERC-20 token on Base with a fixed supply of 100,000,000, built for education, early access and engagement." />;
}
