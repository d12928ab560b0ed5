import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../../support/start-server.ts";

export type NextBuild = { root: string; migration: string; remove(): void };

/** The migration the next build carries: it adds and never takes away (expand), so the running build keeps working. */
export const EXPAND_MIGRATION = "9000-launch-day-expand";

const MIGRATION_SOURCE = `import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/** Expand only: a nullable column and an index the running version neither reads nor writes. */
export const launchDayExpand = (_ctx: MigrationContext) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("testnet_signups").addColumn("launch_day_note", "text").execute();
    await db.schema.createIndex("testnet_signups_launch_day_note_idx").on("testnet_signups").column("launch_day_note").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("testnet_signups_launch_day_note_idx").execute();
    await db.schema.alterTable("testnet_signups").dropColumn("launch_day_note").execute();
  },
});
`;

/**
 * A checkout of the next release for a rolling deploy: this server's code plus one expand-style
 * migration, in a folder of its own. The web build, the shared package and node_modules are this
 * checkout's (linked), so only the server differs.
 */
export function nextBuild(): NextBuild {
  const root = mkdtempSync(path.join(os.tmpdir(), "vestin-next-build-"));
  cpSync(path.join(REPO_ROOT, "apps/server"), path.join(root, "apps/server"), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}node_modules`),
  });
  symlinkSync(path.join(REPO_ROOT, "apps/web"), path.join(root, "apps/web"), "dir");
  symlinkSync(path.join(REPO_ROOT, "packages"), path.join(root, "packages"), "dir");
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(root, "node_modules"), "dir");
  // The server's own dependencies that npm could not hoist (a version other than the root's).
  const serverModules = path.join(REPO_ROOT, "apps/server/node_modules");
  if (existsSync(serverModules)) symlinkSync(serverModules, path.join(root, "apps/server/node_modules"), "dir");

  const migrations = path.join(root, "apps/server/src/db/migrations");
  writeFileSync(path.join(migrations, `${EXPAND_MIGRATION}.ts`), MIGRATION_SOURCE);
  const indexFile = path.join(migrations, "index.ts");
  let index = readFileSync(indexFile, "utf8");
  const listEnd = index.indexOf("\n};", index.indexOf("const MIGRATIONS"));
  if (listEnd < 0) throw new Error("the migrations index no longer has its MIGRATIONS list");
  index = `import { launchDayExpand } from "./${EXPAND_MIGRATION}.ts";\n${index.slice(0, listEnd)}\n  "${EXPAND_MIGRATION}": launchDayExpand,${index.slice(listEnd)}`;
  writeFileSync(indexFile, index);
  return { root, migration: EXPAND_MIGRATION, remove: () => rmSync(root, { recursive: true, force: true }) };
}
