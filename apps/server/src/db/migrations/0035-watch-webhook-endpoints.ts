import type { Kysely } from "kysely";
import { unwatchTables, watchTables } from "./0010-change-notices.ts";
import type { MigrationContext } from "./index.ts";

/**
 * PostgreSQL only: webhook endpoints join the watched tables (db/change-feed.ts). Every server
 * keeps in memory which events some endpoint listens for, and drops it when an endpoint is added,
 * changed or removed on any server. SQLite's connection watches through its own temporary triggers.
 */
const TABLES = { webhook_endpoints: "id" };

export function watchWebhookEndpoints(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (ctx.dialect === "postgres") await watchTables(db, TABLES);
    },
    async down(db: Kysely<unknown>) {
      if (ctx.dialect === "postgres") await unwatchTables(db, TABLES);
    },
  };
}
