import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { recordAudit } from "../audit/index.ts";
import { PUBLISH_SCHEDULED_JOB, type PublishScheduledJob } from "./schedule.ts";
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
      images: (srcs) => app.media.variantsOf(srcs),
      accounts: {
        idByEmail: async (email) => (await app.accounts.findByEmail(email))?._id,
        emailOf: async (id) => (await app.accounts.userById(id))?.email,
      },
      cache: app.publicCache,
      revisions: app.revisions,
      jobs: app.jobs,
      recordAudit,
      onError: (error) => app.log.error({ err: error }, "a blog background task failed (view counts or scheduled publishing)"),
      // A scheduled article went public here or on another server: as after an administrator's write (app.ts).
      onPublicChange: () => {
        app.publicCache.clear();
        app.pageCache?.clear();
      },
      onSaved: async (article, trx) => {
        for (const listener of listeners) await listener(article, trx);
      },
    });
    app.decorate("blog", blog);
    app.decorate("onArticleSaved", (listener: ArticleSavedListener) => {
      listeners.push(listener);
    });
    app.jobs.define<PublishScheduledJob>(PUBLISH_SCHEDULED_JOB, async (data) => void (await blog.schedule.publishDue(data)), {
      retryLimit: 20,
      retryDelaySeconds: 5,
      retryDelayMaxSeconds: 300,
    });
    // Due checks start with the job workers: the first one publishes what every server missed.
    app.addHook("onReady", async () => blog.schedule.start());
    app.addHook("onClose", async () => {
      await blog.schedule.stop();
      await blog.flushViews();
    });
  },
  { name: "blog", dependencies: ["database", "public-cache", "jobs", "media", "revisions", "accounts"] },
);
