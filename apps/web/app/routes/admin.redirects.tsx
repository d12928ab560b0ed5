import { adminMeta } from "~/features/admin/admin-meta";
import { RedirectsPage } from "~/features/admin/redirects/redirects-page";
import type { Route } from "./+types/admin.redirects";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Redirects");

export default function AdminRedirectsPage() {
  return <RedirectsPage />;
}
