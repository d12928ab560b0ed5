import { adminMeta } from "~/features/admin/admin-meta";
import { SourcesReport } from "~/features/admin/sources/sources-report";
import type { Route } from "./+types/admin.sources";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Sources");

export default function AdminSourcesPage() {
  return <SourcesReport />;
}
