import type { Insertable, Kysely } from "kysely";
import type { DB, NewsletterSubscribersTable } from "../../db/schema.ts";

type Confirmation = { confirm_token_hash: string; confirm_expires_at: string; confirm_mail_sent_at: string };
type Source = { source: string; source_page: string | null };

/**
 * A not-confirmed subscriber whose last confirmation e-mail went before `cutoff` (or never) gets a
 * new link and is pending again; true when one did.
 */
export async function renewConfirmation(db: Kysely<DB>, email: string, values: Confirmation & Source, at: string, cutoff: string): Promise<boolean> {
  const updated = await db
    .updateTable("newsletter_subscribers")
    .set({ ...values, status: "pending", updated_at: at })
    .where("email", "=", email)
    .where("status", "!=", "confirmed")
    .where((eb) => eb.or([eb("confirm_mail_sent_at", "is", null), eb("confirm_mail_sent_at", "<=", cutoff)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows ?? 0) > 0;
}

/** Inserts a subscriber unless the address has one; true when inserted. */
export async function insertSubscriber(db: Kysely<DB>, row: Insertable<NewsletterSubscribersTable>): Promise<boolean> {
  const inserted = await db
    .insertInto("newsletter_subscribers")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** An unsubscribed address whose confirmation link is still valid at `at` is pending again; true when it was. */
export async function resumeWithValidLink(db: Kysely<DB>, email: string, source: Source, at: string): Promise<boolean> {
  const again = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "pending", ...source, updated_at: at })
    .where("email", "=", email)
    .where("status", "=", "unsubscribed")
    .where("confirm_token_hash", "is not", null)
    .where("confirm_expires_at", ">", at)
    .executeTakeFirst();
  return Number(again.numUpdatedRows ?? 0) > 0;
}

/** Unsubscribes a subscriber not unsubscribed yet; true when this call did. */
export async function markUnsubscribed(db: Kysely<DB>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "!=", "unsubscribed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** Confirms a pending subscriber; true when this call did. */
export async function markConfirmed(db: Kysely<DB>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", confirmed_at: at, unsubscribed_at: null, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** Deletes a subscriber (when there is one) with its deliveries, and every consent record of the address's hash. */
export async function deleteSubscriber(db: Kysely<DB>, subscriberId: string | null, emailHash: string): Promise<void> {
  if (subscriberId) {
    await db.deleteFrom("newsletter_deliveries").where("subscriber_id", "=", subscriberId).execute();
    await db.deleteFrom("newsletter_subscribers").where("id", "=", subscriberId).execute();
  }
  await db.deleteFrom("newsletter_consents").where("email_hash", "=", emailHash).execute();
}
