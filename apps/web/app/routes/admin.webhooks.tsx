import { adminMeta } from "~/features/admin/admin-meta";
import { WebhooksPage } from "~/features/admin/webhooks/webhooks-page";
import type { Route } from "./+types/admin.webhooks";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Webhooks");

export default function AdminWebhooksPage() {
  return <WebhooksPage />;
}
