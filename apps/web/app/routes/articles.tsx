import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/articles";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Blog",
    description: "Guides, analysis and news on real-world-asset tokenization, custody, regulation and the $VSTN token.",
  });

export default function ArticlesPage() {
  return <PageHeader eyebrow="Articles & News" title="Our Blog" intro="Guides, analysis and news on tokenized real-world assets." />;
}
