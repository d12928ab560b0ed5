import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { clearTotp, enableTotp, setPendingTotpSecret, takeTotpStep, totpStateOf } from "../accounts/index.ts";

/**
 * Two-factor sign-in's rows: recovery codes, challenges, remembered devices; the user's TOTP
 * columns through the accounts feature, which owns the users table.
 */
export function twoFactorRepository(db: Kysely<DB>) {
  return {
    /** The account's two-factor columns are the accounts feature's (its users table). */
    user: (userId: string) => totpStateOf(db, userId),

    setPending: (userId: string, sealed: string) => setPendingTotpSecret(db, userId, sealed, nowIso()),

    /** Takes time step `step` for the user unless it (or a later one) was taken: false on a replay or a race. */
    takeStep: (userId: string, step: number) => takeTotpStep(db, userId, step),

    async enable(trx: Kysely<DB>, userId: string, sealed: string, step: number, codeHashes: string[]): Promise<void> {
      const at = nowIso();
      await enableTotp(trx, userId, sealed, step, at);
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("recovery_codes")
        .values(codeHashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, created_at: at, used_at: null })))
        .execute();
    },

    async replaceCodes(trx: Kysely<DB>, userId: string, codeHashes: string[]): Promise<void> {
      const at = nowIso();
      await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("recovery_codes")
        .values(codeHashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, created_at: at, used_at: null })))
        .execute();
    },

    /** Turns it off and forgets everything it held: secret, codes, challenges, remembered devices. */
    async disable(trx: Kysely<DB>, userId: string): Promise<void> {
      await clearTotp(trx, userId, nowIso());
      for (const table of ["recovery_codes", "two_factor_challenges", "trusted_devices"] as const)
        await trx.deleteFrom(table).where("user_id", "=", userId).execute();
    },

    /** Uses a recovery code once: false when it is unknown or used already (one statement: no race). */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const result = await db
        .updateTable("recovery_codes")
        .set({ used_at: nowIso() })
        .where("user_id", "=", userId)
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0) > 0;
    },

    codesLeft: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom("recovery_codes")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", userId)
            .where("used_at", "is", null)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    insertChallenge: (row: { id: string; user_id: string; user_agent: string | null; created_at: string; expires_at: string }) =>
      db
        .insertInto("two_factor_challenges")
        .values({ ...row, used_at: null })
        .execute(),

    challenge: (id: string) => db.selectFrom("two_factor_challenges").selectAll().where("id", "=", id).executeTakeFirst(),

    /** Counts a try; answers the tries so far, or null when the challenge is used, expired or gone. */
    async countAttempt(id: string): Promise<number | null> {
      const row = await db
        .updateTable("two_factor_challenges")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("expires_at", ">", nowIso())
        .returning("attempts")
        .executeTakeFirst();
      return row ? Number(row.attempts) : null;
    },

    /** Marks the challenge used; false when another request used it first. */
    async useChallenge(id: string): Promise<boolean> {
      const result = await db
        .updateTable("two_factor_challenges")
        .set({ used_at: nowIso() })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0) > 0;
    },

    deleteOldChallenges: (before: string) => db.deleteFrom("two_factor_challenges").where("expires_at", "<", before).execute(),

    insertDevice: (row: { id: string; user_id: string; token_hash: string; user_agent: string | null; created_at: string; expires_at: string }) =>
      db.insertInto("trusted_devices").values(row).execute(),

    trustedDevice: (userId: string, tokenHash: string) =>
      db
        .selectFrom("trusted_devices")
        .select("id")
        .where("user_id", "=", userId)
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", nowIso())
        .executeTakeFirst(),

    devicesLeft: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom("trusted_devices")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", userId)
            .where("expires_at", ">", nowIso())
            .executeTakeFirst()
        )?.n ?? 0,
      ),
  };
}
