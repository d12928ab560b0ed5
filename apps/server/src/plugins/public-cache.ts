import fp from "fastify-plugin";
import { PublicCache } from "../lib/public-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

/** Public API answers kept as stored bytes (lib/public-cache.ts), one cache for the whole app. */
export const publicCachePlugin = fp(
  async (app) => {
    app.decorate("publicCache", new PublicCache(undefined, app.metrics.publicCacheLookup));
  },
  { name: "public-cache", dependencies: ["metrics"] },
);
