import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../database.ts";
import type { DB } from "../schema.ts";

/** When a seeder last ran on this database, and at which version (null: it never has). */
export type PreviousSeeding = { version: number; seededAt: string } | null;

/**
 * A feature's seed: idempotent (upserts by natural key), versioned so a start-up skips seeds that
 * already ran at their current version. Bump `version` when the seed's content changes. `previous`
 * lets a seeder tell rows it wrote from rows people changed since (updated after `seededAt`).
 */
export type Seeder = {
  name: string;
  version: number;
  run(trx: Transaction<DB>, database: Database, previous: PreviousSeeding): Promise<void>;
};

const SEED_LOCK_KEY = 7_270_001;

async function previousSeeding(db: Kysely<DB>, name: string): Promise<PreviousSeeding> {
  const row = await db.selectFrom("app_meta").select(["value", "updated_at"]).where("key", "=", `seed:${name}`).executeTakeFirst();
  return row ? { version: Number(row.value), seededAt: row.updated_at } : null;
}

const versionOf = (previous: PreviousSeeding) => previous?.version ?? 0;

/** Runs every seeder whose stored version is older, each in its own transaction. Returns the names that ran. */
export async function seedDatabase(database: Database, seeders: readonly Seeder[]): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    if (versionOf(await previousSeeding(database.db, seeder.name)) >= seeder.version) continue;
    await database.db.transaction().execute(async (trx) => {
      // Two servers starting at once: the second waits here, then sees the version and skips.
      if (database.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
      const previous = await previousSeeding(trx, seeder.name);
      if (versionOf(previous) >= seeder.version) return;
      await seeder.run(trx, database, previous);
      const now = new Date().toISOString();
      await trx
        .insertInto("app_meta")
        .values({ key: `seed:${seeder.name}`, value: String(seeder.version), updated_at: now })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(seeder.version), updated_at: now }))
        .execute();
      ran.push(seeder.name);
    });
  }
  return ran;
}
