/**
 * The blog feature's public entry: its seed, and how an article's stored content is derived (the
 * bench's large seed uses both), articles' titles (newsletter campaigns name theirs), and how
 * long a redirect may be kept (the page handler answers the redirects table).
 */
export { readSeedArticles, blogSeeder } from "./seed.ts";
export { articleContent } from "./service.ts";
export { articleTitles } from "./titles-repository.ts";
export { REDIRECT_CACHE_CONTROL } from "./redirects.ts";
