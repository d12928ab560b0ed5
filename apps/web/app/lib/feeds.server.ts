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
