/**
 * Cache-Control of what the server sends, in one place (docs/decisions/0009-static-speed.md).
 *
 * Shared caches (a CDN in front) may keep public pages and public answers; browsers always
 * revalidate them (max-age=0) and get a 304 from the server's own cache when nothing changed. The
 * server sends `Age` with a cached copy, so a shared cache counts its freshness from when the page
 * was made, not from when it fetched it: an administrator's edit shows everywhere within a minute
 * (server cache + s-maxage, then at most stale-while-revalidate while a fresh copy is fetched).
 */

/** Public pages: the server keeps them 30 s (web/page-cache.ts). */
export const PUBLIC_PAGE = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";
/** Public JSON answers: the server keeps them 10 s (lib/public-cache.ts). */
export const PUBLIC_ANSWER = "public, max-age=0, s-maxage=10, stale-while-revalidate=50";
/**
 * Pages and answers that count a view (an article): any cache revalidates every time, so each
 * visit reaches the server (which counts it and answers 304 from its cache when nothing changed).
 */
export const COUNTED = "public, no-cache";
/** An answer for one person (it depends on the Authorization header): never in a shared cache. */
export const PERSONAL = "private, no-cache";
