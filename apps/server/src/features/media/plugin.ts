import fp from "fastify-plugin";
import { createMediaService, type MediaService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    media: MediaService;
  }
}

/**
 * Uploaded images and their image variants: the variants job, and at start-up a backfill job for
 * images stored before variants existed (it finds nothing to do once they all have theirs).
 */
export const mediaPlugin = fp(
  async (app) => {
    const media = createMediaService({ database: app.database, jobs: app.jobs });
    app.decorate("media", media);
    app.addHook("onReady", async () => media.scheduleBackfill());
  },
  { name: "media", dependencies: ["database", "jobs"] },
);
