import { adminMeta } from "~/features/admin/admin-meta";
import { ArticlesList } from "~/features/admin/content/articles-list";
import type { Route } from "./+types/admin.articles";

export const meta: Route.MetaFunction = (args) => adminMeta(args, "Articles");

export default function AdminArticlesPage() {
  return <ArticlesList />;
}
