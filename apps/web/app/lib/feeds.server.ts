import type { ArticleSummary } from "@vestin/shared/blog";
import type { AppLoadContext } from "@vestin/shared/ssr";

/** Every published article, newest first, read page by page from the API. */
export async function allArticles(api: AppLoadContext["api"], max = 10_000): Promise<ArticleSummary[]> {
  const all: ArticleSummary[] = [];
  for (let page = 1; all.length < max; page++) {
    const res = await api(`/blogs?limit=100&page=${page}`);
    if (!res.ok) break;
    const body = (await res.json()) as { data: ArticleSummary[]; pages: number };
    all.push(...body.data);
    if (page >= body.pages) break;
  }
  return all;
}

export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

/** An RSS 2.0 feed of articles, the one format of every feed of the site. */
export function rssFeed(input: {
  publicUrl: string;
  title: string;
  /** The page the feed follows, and the feed's own path. */
  pagePath: string;
  feedPath: string;
  description: string;
  articles: ArticleSummary[];
}): Response {
  const { publicUrl } = input;
  const items = input.articles
    .map(
      (a) => `    <item>
      <title>${xmlEscape(a.title)}</title>
      <link>${xmlEscape(`${publicUrl}/blog/${a.slug}`)}</link>
      <guid isPermaLink="true">${xmlEscape(`${publicUrl}/blog/${a.slug}`)}</guid>
      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>
${(a.authors?.length ? a.authors.map((x) => x.name) : [a.author.name]).map((name) => `      <dc:creator>${xmlEscape(name)}</dc:creator>`).join("\n")}
      <category>${xmlEscape(a.category)}</category>
      <description>${xmlEscape(a.excerpt)}</description>
    </item>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${xmlEscape(input.title)}</title>
    <link>${xmlEscape(`${publicUrl}${input.pagePath}`)}</link>
    <atom:link href="${xmlEscape(`${publicUrl}${input.feedPath}`)}" rel="self" type="application/rss+xml"/>
    <description>${xmlEscape(input.description)}</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=900" } });
}
