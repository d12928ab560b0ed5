import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { createBlogService, type BlogService, type SavedArticle } from "./service.ts";

/**
 * Acts on an article an administrator saves, inside the save's transaction: what it stores is
 * committed with the article, and its failure undoes the save.
 */
export type ArticleSavedListener = (article: SavedArticle, trx: Kysely<DB>) => Promise<void>;

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
      accounts: {
        idByEmail: async (email) => (await app.accounts.findByEmail(email))?._id,
        emailOf: async (id) => (await app.accounts.userById(id))?.email,
      },
      cache: app.publicCache,
      onError: (error) => app.log.error({ err: error }, "could not save article views"),
      onSaved: async (article, trx) => {
        for (const listener of listeners) await listener(article, trx);
      },
    });
    app.decorate("blog", blog);
    app.decorate("onArticleSaved", (listener: ArticleSavedListener) => {
      listeners.push(listener);
    });
    app.addHook("onClose", async () => blog.flushViews());
  },
  { name: "blog", dependencies: ["database", "public-cache", "accounts"] },
);
