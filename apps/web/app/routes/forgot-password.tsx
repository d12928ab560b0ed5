import { BareAuthFrame } from "~/features/accounts/components/auth-card";
import { ForgotPasswordFlow } from "~/features/accounts/components/forgot-password-flow";
import { useGuestOnly } from "~/features/accounts/use-auth-guards";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Reset Your Password", description: "Reset your Vestin password by e-mail.", noindex: true });

export const handle: RouteHandle = { bare: true };

export default function ForgotPasswordPage() {
  useGuestOnly();
  return (
    <BareAuthFrame>
      <ForgotPasswordFlow />
    </BareAuthFrame>
  );
}
