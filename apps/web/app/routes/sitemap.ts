import { authorPath } from "@vestin/shared/authors-core";
import type { PublishedTopics } from "@vestin/shared/authors";
import { appContext } from "~/lib/app-context";
import { allArticles, xmlEscape } from "~/lib/feeds.server";
import { STATIC_PUBLIC_PATHS } from "~/lib/public-pages";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, publicUrl } = context.get(appContext);
  const [articles, topicsRes] = await Promise.all([allArticles(api), api("/blog-topics")]);
  // Authors and tags with at least one published article; a failed read leaves them out this time.
  const topics = topicsRes.ok ? ((await topicsRes.json()) as { data: PublishedTopics }).data : { authors: [], tags: [] };
  const urls = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ loc: `${publicUrl}${path}`, lastmod: undefined as string | undefined })),
    ...articles.map((a) => ({ loc: `${publicUrl}/blog/${a.slug}`, lastmod: a.publishedAt })),
    ...topics.authors.map((a) => ({ loc: `${publicUrl}${authorPath(a.slug)}`, lastmod: a.lastPublishedAt })),
    ...topics.tags.map((t) => ({ loc: `${publicUrl}/blog/tag/${encodeURIComponent(t.slug)}`, lastmod: t.lastPublishedAt })),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
