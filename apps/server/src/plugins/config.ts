import fp from "fastify-plugin";
import type { Config } from "../config.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
}

/** The settings read once at start (config.ts), for every plugin registered after it. */
export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate("config", config);
  },
  { name: "config" },
);
