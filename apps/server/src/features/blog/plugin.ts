import fp from "fastify-plugin";
import { createBlogService, type BlogService, type SavedArticle } from "./service.ts";

/** Acts on an article an administrator has saved; it reports its own failures (the save stands). */
export type ArticleSavedListener = (article: SavedArticle) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    blog: BlogService;
    /** Adds a listener to every saved article; plugins registered after the blog add theirs while the app is built. */
    onArticleSaved: (listener: ArticleSavedListener) => void;
  }
}

/** The blog; its view counts are written out when the app closes. */
export const blogPlugin = fp(
  async (app) => {
    const listeners: ArticleSavedListener[] = [];
    const blog = createBlogService({
      database: app.database,
      cache: app.publicCache,
      onError: (error) => app.log.error({ err: error }, "could not save article views"),
      onSaved: async (article) => {
        for (const listener of listeners) await listener(article);
      },
    });
    app.decorate("blog", blog);
    app.decorate("onArticleSaved", (listener: ArticleSavedListener) => {
      listeners.push(listener);
    });
    app.addHook("onClose", async () => blog.flushViews());
  },
  { name: "blog", dependencies: ["database", "public-cache"] },
);
