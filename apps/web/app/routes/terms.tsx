import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms & Conditions",
    description: "The terms that govern your use of Vestin’s website and services.",
  });

export const handle: RouteHandle = { loaderMs: 1000 };

export default function TermsPage() {
  return <PageHeader eyebrow="Legal" title="Terms & Conditions" intro="Last updated April 30, 2025" />;
}
