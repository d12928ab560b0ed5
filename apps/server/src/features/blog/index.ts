/**
 * The blog feature's public entry: its seed, and how an article's stored content is derived (the
 * bench's large seed uses both), and articles' titles (newsletter campaigns name theirs).
 */
export { readSeedArticles, blogSeeder } from "./seed.ts";
export { articleContent } from "./service.ts";
export { articleTitles } from "./titles-repository.ts";
