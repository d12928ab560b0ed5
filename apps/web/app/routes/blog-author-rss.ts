import { data } from "react-router";
import { AUTHOR_MESSAGES, TOPIC_FEED_SIZE, authorPath } from "@vestin/shared/authors-core";
import type { AuthorPage } from "@vestin/shared/authors";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import { appContext } from "~/lib/app-context";
import { rssFeed } from "~/lib/feeds.server";
import type { Route } from "./+types/blog-author-rss";

/** An author's feed: their latest published articles, in the site feed's format. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, publicUrl } = context.get(appContext);
  const res = await api(`/authors/${encodeURIComponent(params.slug)}?limit=${TOPIC_FEED_SIZE}`);
  if (res.status === 404) throw data(AUTHOR_MESSAGES.notFound, { status: 404 });
  if (!res.ok) throw data(AUTHOR_MESSAGES.fetchFailed, { status: 502 });
  const { author, articles } = ((await res.json()) as { data: AuthorPage }).data;
  const path = authorPath(author.slug);
  return rssFeed({
    publicUrl,
    title: `${author.name} | ${PRODUCT_NAME} Blog`,
    pagePath: path,
    feedPath: `${path}/rss.xml`,
    description: author.bio || `Articles by ${author.name} on the ${PRODUCT_NAME} blog.`,
    articles,
  });
}
