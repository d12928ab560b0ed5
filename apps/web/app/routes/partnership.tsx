import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/partnership";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vestin Partnership Program",
    description: "Strategic, technology and marketing partnerships with Vestin: benefits, the application form and answers to common questions.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function PartnershipPage() {
  return <PageHeader eyebrow="Partners" title="Vestin Partnership Program" intro="Build the future of real-world-asset tokenization with us as a strategic, technology or marketing partner." />;
}
