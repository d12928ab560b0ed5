import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** An account's two-factor columns (the two-factor feature keeps its secrets and steps on the account). */
export const totpStateOf = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom("users")
    .select(["id", "email", "role", "totp_secret", "totp_pending_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", userId)
    .executeTakeFirst();

export async function setPendingTotpSecret(db: Kysely<DB>, userId: string, sealed: string, at: string): Promise<void> {
  await db.updateTable("users").set({ totp_pending_secret: sealed, updated_at: at }).where("id", "=", userId).execute();
}

/** Takes time step `step` for the account unless it (or a later one) was taken: false on a replay or a race. */
export async function takeTotpStep(db: Kysely<DB>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** The pending secret becomes the account's, enabled at `at` with `step` taken. */
export async function enableTotp(db: Kysely<DB>, userId: string, sealed: string, step: number, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ totp_secret: sealed, totp_pending_secret: null, totp_enabled_at: at, totp_last_step: step, updated_at: at })
    .where("id", "=", userId)
    .execute();
}

/** Clears every two-factor column of the account. */
export async function clearTotp(db: Kysely<DB>, userId: string, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: at })
    .where("id", "=", userId)
    .execute();
}
