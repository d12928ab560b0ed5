import { legalDocument } from "~/features/pages/legal/legal-documents.server";
import { LegalPage } from "~/features/pages/legal/legal-page";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How Vestin collects, uses and protects your personal information, and how to exercise your rights.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export function loader() {
  return legalDocument("privacy");
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage title="Privacy Policy" doc={loaderData} />;
}
