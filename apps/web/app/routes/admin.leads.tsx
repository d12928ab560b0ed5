import { adminMeta } from "~/features/admin/admin-meta";
import { LeadsInbox } from "~/features/admin/leads/leads-inbox";
import type { Route } from "./+types/admin.leads";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Leads inbox");

export default function AdminLeadsPage() {
  return <LeadsInbox />;
}
