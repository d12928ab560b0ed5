import { adminMeta } from "~/features/admin/admin-meta";
import { NewsletterPage } from "~/features/admin/newsletter/newsletter-page";
import type { Route } from "./+types/admin.newsletter";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Newsletter");

export default function AdminNewsletterPage() {
  return <NewsletterPage />;
}
