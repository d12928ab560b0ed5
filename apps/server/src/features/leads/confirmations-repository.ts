import { sql, type Insertable, type Kysely, type QueryCreator } from "kysely";
import { SENT_WITH_NEXT_STATEMENT } from "../../db/database.ts";
import type { DB, LeadConfirmationsTable } from "../../db/schema.ts";

type ConfirmedTable = "presale_registrations" | "testnet_signups" | "pioneer_users";

/** Marks the unverified rows of an address verified; true when any changed. */
export async function markVerified(db: Kysely<DB>, table: ConfirmedTable, email: string, at: string): Promise<boolean> {
  const result = await db.updateTable(table).set({ verified_at: at }).where("email", "=", email).where("verified_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

export async function hasUnverified(db: Kysely<DB>, table: ConfirmedTable, email: string): Promise<boolean> {
  const row = await db.selectFrom(table).select("id").where("email", "=", email).where("verified_at", "is", null).executeTakeFirst();
  return row !== undefined;
}

/** The upsert that records the address's e-mail as sent now, unless it was sent after `cutoff` (then it changes no row). */
const mailSlotUpsert = (db: QueryCreator<DB>, email: string, now: string, cutoff: string) =>
  db
    .insertInto("confirmation_mail_log")
    .values({ email, last_sent_at: now })
    .onConflict((oc) => oc.column("email").doUpdateSet({ last_sent_at: now }).where("confirmation_mail_log.last_sent_at", "<=", cutoff));

/** Records that the address's e-mail is sent now, unless it was sent after `cutoff`; true when recorded. */
export async function takeMailSlot(db: Kysely<DB>, email: string, now: string, cutoff: string): Promise<boolean> {
  const result = await mailSlotUpsert(db, email, now, cutoff).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Takes the address's hour slot and stores the link, in one statement (PostgreSQL only: SQLite has
 * no insert inside a WITH): the link is stored when the slot was taken, and true answered then.
 * Run on its own, the statement is its own transaction.
 */
export async function takeMailSlotWithLink(db: Kysely<DB>, link: Insertable<LeadConfirmationsTable>, cutoff: string): Promise<boolean> {
  const result = await db
    .with("slot", (q) => mailSlotUpsert(q, link.email, link.created_at, cutoff).returning("email"))
    .insertInto("lead_confirmations")
    .columns(["token_hash", "email", "created_at", "expires_at"])
    .expression((eb) =>
      eb
        .selectFrom("slot")
        .select([eb.val(link.token_hash).as("token_hash"), "slot.email", eb.val(link.created_at).as("created_at"), eb.val(link.expires_at).as("expires_at")]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** An unused, unexpired link of the address, if there is one. */
export const pendingLinkOf = (db: Kysely<DB>, email: string, now: string) =>
  db
    .selectFrom("lead_confirmations")
    .select("token_hash")
    .where("email", "=", email)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();

/** A new link (its random token's hash is the key); in a transaction it leaves with the next statement. */
export async function insertConfirmation(db: Kysely<DB>, row: Insertable<LeadConfirmationsTable>): Promise<void> {
  await db.insertInto("lead_confirmations").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
}

export const confirmationByHash = (db: Kysely<DB>, hash: string) =>
  db.selectFrom("lead_confirmations").selectAll().where("token_hash", "=", hash).executeTakeFirst();

/** Marks a link used unless it already is; true when this call marked it. */
export async function markConfirmationUsed(db: Kysely<DB>, hash: string, now: string): Promise<boolean> {
  const used = await db.updateTable("lead_confirmations").set({ used_at: now }).where("token_hash", "=", hash).where("used_at", "is", null).executeTakeFirst();
  return Number(used.numUpdatedRows ?? 0) > 0;
}

export async function countUnverifiedBefore(db: Kysely<DB>, table: ConfirmedTable, cutoff: string): Promise<number> {
  const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where verified_at is null and created_at < ${cutoff}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function deleteUnverifiedBefore(db: Kysely<DB>, table: ConfirmedTable, cutoff: string): Promise<number> {
  const r = await db.deleteFrom(table).where("verified_at", "is", null).where("created_at", "<", cutoff).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

/** Deletes links expired before `now` and mail slots last used before `mailCutoff`. */
export async function deleteSpentConfirmations(db: Kysely<DB>, now: string, mailCutoff: string): Promise<void> {
  await db.deleteFrom("lead_confirmations").where("expires_at", "<", now).execute();
  await db.deleteFrom("confirmation_mail_log").where("last_sent_at", "<", mailCutoff).execute();
}
