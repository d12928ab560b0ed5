import { data } from "react-router";
import { AUTHOR_MESSAGES, TOPIC_FEED_SIZE } from "@vestin/shared/authors-core";
import type { TagPage } from "@vestin/shared/authors";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import { appContext } from "~/lib/app-context";
import { rssFeed } from "~/lib/feeds.server";
import type { Route } from "./+types/blog-tag-rss";

/** A tag's feed: the latest published articles that carry it, in the site feed's format. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, publicUrl } = context.get(appContext);
  const res = await api(`/tags/${encodeURIComponent(params.slug)}?limit=${TOPIC_FEED_SIZE}`);
  if (res.status === 404) throw data(AUTHOR_MESSAGES.tagNotFound, { status: 404 });
  if (!res.ok) throw data(AUTHOR_MESSAGES.fetchFailed, { status: 502 });
  const { tag, articles } = ((await res.json()) as { data: TagPage }).data;
  const path = `/blog/tag/${encodeURIComponent(tag.slug)}`;
  return rssFeed({
    publicUrl,
    title: `#${tag.name} | ${PRODUCT_NAME} Blog`,
    pagePath: path,
    feedPath: `${path}/rss.xml`,
    description: `Articles tagged #${tag.name} on the ${PRODUCT_NAME} blog.`,
    articles,
  });
}
