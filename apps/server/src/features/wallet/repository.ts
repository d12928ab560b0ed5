import type { Kysely, Selectable } from "kysely";
import { COMMITTED_WITH_OTHERS } from "../../db/database.ts";
import type { DB, WalletNoncesTable } from "../../db/schema.ts";

export type NonceRow = Selectable<WalletNoncesTable>;

export function walletRepository(db: Kysely<DB>) {
  return {
    /** Stores a challenge's nonce; on PostgreSQL committed with the other writes of the moment (a wave of challenges before a claim window). */
    async insertNonce(row: NonceRow): Promise<void> {
      await db.insertInto("wallet_nonces").values(row).modifyEnd(COMMITTED_WITH_OTHERS).execute();
    },

    nonce: (nonceHash: string) => db.selectFrom("wallet_nonces").selectAll().where("nonce_hash", "=", nonceHash).executeTakeFirst(),

    /**
     * Spends a nonce: true only for the one statement that flips it from unused (and unexpired) to
     * used. Two requests racing with one signature cannot both get true: the row's update is
     * serialised by the database (a row lock on PostgreSQL, the writer lock on SQLite).
     */
    async spendNonce(nonceHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("wallet_nonces")
        .set({ used_at: now })
        .where("nonce_hash", "=", nonceHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Nonces that can no longer be used: expired a day ago (kept a while for the error message "expired" vs "unknown"). */
    async deleteExpired(before: string, limit = 1000): Promise<number> {
      const stale = db.selectFrom("wallet_nonces").select("nonce_hash").where("expires_at", "<", before).limit(limit);
      const result = await db.deleteFrom("wallet_nonces").where("nonce_hash", "in", stale).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
