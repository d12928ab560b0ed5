import { adminMeta } from "~/features/admin/admin-meta";
import { AuditLog } from "~/features/admin/privacy/audit-log";
import type { Route } from "./+types/admin.audit";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Audit log");

export default function AdminAuditPage() {
  return <AuditLog />;
}
