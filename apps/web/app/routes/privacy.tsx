import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How Vestin collects, uses and protects your personal information, and how to exercise your rights.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function PrivacyPage() {
  return <PageHeader eyebrow="Legal" title="Privacy Policy" intro="Last updated April 30, 2025" />;
}
