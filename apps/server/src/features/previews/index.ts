/**
 * The previews feature's public entry: secret links that show a draft article, course or lesson
 * to someone without an account. Its plugin (plugin.ts) builds the service; app.ts registers the
 * plugin and the routes (routes.ts).
 */
export type { PreviewsService } from "./service.ts";
