import type { ArticleSummary } from "@vestin/shared/blog";

/** What a card, a sidebar entry or a related link shows of an article. */
export type ArticleCardData = Omit<ArticleSummary, "contentPreview">;

/**
 * A list answer as a page embeds it: without `contentPreview`, the API's 500-character text
 * preview for search clients, which no card shows (on /articles it was 13 KB of the 32 KB of
 * loader data the document carries).
 */
export function toCards(list: ArticleSummary[]): ArticleCardData[] {
  return list.map(({ contentPreview: _preview, ...card }) => card);
}
