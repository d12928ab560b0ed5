import { BareAuthFrame } from "~/features/accounts/components/auth-card";
import { ForgotPasswordFlow } from "~/features/accounts/components/forgot-password-flow";
import { passwordAction, passwordLinkLoader } from "~/features/accounts/form-actions.server";
import { useGuestOnly } from "~/features/accounts/use-auth-guards";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Reset Your Password", description: "Reset your Vestin password by e-mail.", noindex: true });

export const handle: RouteHandle = { bare: true };

/** What a link in the address is for (an invitation or a reset), so the page says so at once. */
export const loader = (args: Route.LoaderArgs) => passwordLinkLoader(args);

/** The forms posted before the page's scripts ran, or without them (features/accounts/form-actions.server.ts). */
export const action = (args: Route.ActionArgs) => passwordAction(args);

/** A page whose address holds a link's token, or that answers a form, is never kept by any cache. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }): Record<string, string> => {
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
};

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  useGuestOnly();
  return (
    <BareAuthFrame>
      <ForgotPasswordFlow link={loaderData.link} invalidLink={loaderData.invalid} posted={actionData} />
    </BareAuthFrame>
  );
}
