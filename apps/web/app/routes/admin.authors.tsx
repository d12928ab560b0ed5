import { adminMeta } from "~/features/admin/admin-meta";
import { AuthorsPage } from "~/features/admin/authors/authors-page";
import type { Route } from "./+types/admin.authors";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Authors");

export default function AdminAuthorsPage() {
  return <AuthorsPage />;
}
