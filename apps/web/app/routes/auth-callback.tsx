import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/auth-callback";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Signing You In",
    description: "Completing Google sign-in.",
  });

export default function AuthCallbackPage() {
  return <PageHeader title="Signing you in…" intro="One moment while we complete your Google sign-in." />;
}
