import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../lib/errors.ts";
import { SENT_WITH_NEXT_STATEMENT } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

/** Spent form tokens. `db` may be a transaction: a token is spent together with the row it let in. */
export function formGuardRepository(db: Kysely<DB>) {
  return {
    isSpent: async (nonce: string) => Boolean(await db.selectFrom("form_token_uses").select("nonce").where("nonce", "=", nonce).executeTakeFirst()),

    /**
     * A blind insert, sent with the transaction's next statement: a nonce spent already (by any
     * server) fails the transaction with a unique violation (isSpentNonce).
     */
    async spend(row: { nonce: string; form: string; used_at: string; expires_at: string }): Promise<void> {
      await db.insertInto("form_token_uses").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    },

    /** Spent tokens past their expiry can no longer be replayed anyway: forget them. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom("form_token_uses").where("expires_at", "<", now).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}

/** The unique violation of a nonce spent already, on either database. */
export function isSpentNonce(err: unknown): boolean {
  return isUniqueViolation(err) && /form_token_uses/.test((err as { message?: string }).message ?? "");
}
