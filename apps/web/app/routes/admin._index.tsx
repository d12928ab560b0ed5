import { adminMeta } from "~/features/admin/admin-meta";
import { AdminDashboard } from "~/features/admin/dashboard/admin-dashboard";
import type { Route } from "./+types/admin._index";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Dashboard");

export default function AdminDashboardPage() {
  return <AdminDashboard />;
}
