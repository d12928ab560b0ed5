import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** Spent form tokens. `db` may be a transaction: a token is spent together with the row it let in. */
export function formGuardRepository(db: Kysely<DB>) {
  return {
    isSpent: async (nonce: string) => Boolean(await db.selectFrom("form_token_uses").select("nonce").where("nonce", "=", nonce).executeTakeFirst()),

    /** Throws a unique violation when the nonce was spent already (by any server). */
    async spend(row: { nonce: string; form: string; used_at: string; expires_at: string }): Promise<void> {
      await db.insertInto("form_token_uses").values(row).execute();
    },

    /** Spent tokens past their expiry can no longer be replayed anyway: forget them. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom("form_token_uses").where("expires_at", "<", now).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}
