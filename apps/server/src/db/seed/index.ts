import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../database.ts";
import type { DB } from "../schema.ts";

/**
 * A feature's seed: idempotent (upserts by natural key), versioned so a start-up skips seeds that
 * already ran at their current version. Bump `version` when the seed's content changes.
 */
export type Seeder = {
  name: string;
  version: number;
  run(trx: Transaction<DB>, database: Database): Promise<void>;
};

const SEED_LOCK_KEY = 7_270_001;

async function seededVersion(db: Kysely<DB>, name: string): Promise<number> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", `seed:${name}`).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Runs every seeder whose stored version is older, each in its own transaction. Returns the names that ran. */
export async function seedDatabase(database: Database, seeders: readonly Seeder[]): Promise<string[]> {
  const ran: string[] = [];
  for (const seeder of seeders) {
    if ((await seededVersion(database.db, seeder.name)) >= seeder.version) continue;
    await database.db.transaction().execute(async (trx) => {
      // Two servers starting at once: the second waits here, then sees the version and skips.
      if (database.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
      if ((await seededVersion(trx, seeder.name)) >= seeder.version) return;
      await seeder.run(trx, database);
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
