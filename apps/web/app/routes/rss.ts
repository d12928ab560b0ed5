import { PRODUCT_NAME } from "@vestin/shared/brand";
import { appContext } from "~/lib/app-context";
import { allArticles, xmlEscape } from "~/lib/feeds.server";
import type { Route } from "./+types/rss";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, publicUrl } = context.get(appContext);
  const articles = await allArticles(api, 50);
  const items = articles
    .map(
      (a) => `    <item>
      <title>${xmlEscape(a.title)}</title>
      <link>${xmlEscape(`${publicUrl}/blog/${a.slug}`)}</link>
      <guid isPermaLink="true">${xmlEscape(`${publicUrl}/blog/${a.slug}`)}</guid>
      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>
      <dc:creator>${xmlEscape(a.author.name)}</dc:creator>
      <category>${xmlEscape(a.category)}</category>
      <description>${xmlEscape(a.excerpt)}</description>
    </item>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${PRODUCT_NAME} Blog</title>
    <link>${xmlEscape(`${publicUrl}/articles`)}</link>
    <atom:link href="${xmlEscape(`${publicUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>Guides, analysis and news on real-world-asset tokenization.</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=900" } });
}
