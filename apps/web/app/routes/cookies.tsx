import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies and storage Vestin uses, why, and how to change your consent.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function CookiesPage() {
  return <PageHeader eyebrow="Legal" title="Cookie Policy" intro="Last updated February 18 2025" />;
}
