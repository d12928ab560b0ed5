import { adminMeta } from "~/features/admin/admin-meta";
import { ArticleEditor } from "~/features/admin/content/article-editor";
import type { Route } from "./+types/admin.articles.$id";

export const meta: Route.MetaFunction = (args) => adminMeta(args, args.params.id === "new" ? "New article" : "Edit article");

export default function AdminArticleEditorPage({ params }: Route.ComponentProps) {
  return <ArticleEditor id={params.id} />;
}
