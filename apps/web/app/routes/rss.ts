import { PRODUCT_NAME } from "@vestin/shared/brand";
import { appContext } from "~/lib/app-context";
import { allArticles, rssFeed } from "~/lib/feeds.server";
import type { Route } from "./+types/rss";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, publicUrl } = context.get(appContext);
  return rssFeed({
    publicUrl,
    title: `${PRODUCT_NAME} Blog`,
    pagePath: "/articles",
    feedPath: "/rss.xml",
    description: "Guides, analysis and news on real-world-asset tokenization.",
    articles: await allArticles(api, 50),
  });
}
