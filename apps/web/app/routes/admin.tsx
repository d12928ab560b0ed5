import { Outlet } from "react-router";
import { useRequireAuth } from "~/features/accounts/use-auth-guards";
import { adminMeta } from "~/features/admin/admin-meta";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { CheckingAccess, TeamOnly } from "~/features/admin/components/team-only";
import { TwoFactorRequired } from "~/features/admin/components/two-factor-required";
import { useConsoleAccess } from "~/features/admin/hooks/use-console-access";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/admin";

// The console draws its own frame; its data loads in the browser after the role check.
export const handle: RouteHandle = { bare: true, loaderMs: 0 };

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Dashboard");

/**
 * /admin and everything under it. Signed-out visitors go to sign-in (and come back); signed-in
 * accounts without the admin role get the team-only page; administrators without two-factor
 * sign-in are sent to set it up. The server checks both again on every call, so this guard is
 * about clarity, not security.
 */
export default function AdminLayout() {
  const auth = useRequireAuth();
  const access = useConsoleAccess(auth);
  if (auth.isLoading || !auth.isAuthenticated) return <CheckingAccess />;
  if (auth.user?.role !== "admin") return <TeamOnly email={auth.user?.email} />;
  if (access === "checking") return <CheckingAccess />;
  if (access === "two-factor-required") return <TwoFactorRequired email={auth.user.email} />;
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
