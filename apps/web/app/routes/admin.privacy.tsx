import { adminMeta } from "~/features/admin/admin-meta";
import { PrivacyRequests } from "~/features/admin/privacy/privacy-requests";
import type { Route } from "./+types/admin.privacy";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Privacy requests");

export default function AdminPrivacyPage() {
  return <PrivacyRequests />;
}
