import fp from "fastify-plugin";
import type { Database } from "../db/database.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
  }
}

/** The open, migrated database; whoever opened it closes it after the app (main.ts, the test harness). */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate("database", database);
  },
  { name: "database" },
);
