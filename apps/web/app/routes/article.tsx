import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/article";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Article",
    description: "An article from the Vestin blog.",
  });

export default function ArticlePage() {
  return <PageHeader title="Article" />;
}
