import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Reset Your Password",
    description: "Reset your Vestin password by e-mail.",
  });

export const handle: RouteHandle = { bare: true };

export default function ForgotPasswordPage() {
  return <PageHeader title="Forgot your password?" intro="Enter your e-mail address and we will send you a link to reset your password." />;
}
