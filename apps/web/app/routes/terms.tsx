import { legalDocument } from "~/features/pages/legal/legal-documents.server";
import { LegalPage } from "~/features/pages/legal/legal-page";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms & Conditions",
    description: "The terms that govern your use of Vestin’s website and services.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export function loader() {
  return legalDocument("terms");
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage title="Terms & Conditions" doc={loaderData} />;
}
