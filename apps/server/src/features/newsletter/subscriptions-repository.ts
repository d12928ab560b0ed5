import { sql, type ExpressionBuilder, type Insertable, type Kysely, type OnConflictDatabase, type OnConflictTables, type QueryCreator } from "kysely";
import { SENT_WITH_NEXT_STATEMENT, type Dialect } from "../../db/database.ts";
import type { DB, NewsletterConsentsTable, NewsletterSubscribersTable } from "../../db/schema.ts";

type OnConflict = ExpressionBuilder<OnConflictDatabase<DB, "newsletter_subscribers">, OnConflictTables<"newsletter_subscribers">>;

/** The stored subscriber is not confirmed and had no confirmation e-mail since `cutoff`: it gets the new link. */
const renews = (eb: OnConflict, cutoff: string) =>
  eb.and([
    eb("newsletter_subscribers.status", "!=", "confirmed"),
    eb.or([eb("newsletter_subscribers.confirm_mail_sent_at", "is", null), eb("newsletter_subscribers.confirm_mail_sent_at", "<=", cutoff)]),
  ]);

/**
 * The upsert that decides a request for the confirmation e-mail, as one statement (two requests
 * for one address at once decide one after the other):
 * - a new address is inserted, pending, with the new link;
 * - a subscriber not confirmed whose last confirmation e-mail went before `cutoff` (or never)
 *   gets the new link and is pending again;
 * - otherwise an unsubscribed one whose link is still valid is pending again with that link (the
 *   hourly limit holds back a new e-mail, but the link already sent starts the subscription again);
 * - any other (confirmed, or e-mailed within the hour) is left alone, and no row is affected.
 */
function confirmationUpsert(db: QueryCreator<DB>, row: AskedRow, cutoff: string) {
  return db
    .insertInto("newsletter_subscribers")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("email")
        .doUpdateSet((eb) => {
          const renewed = (column: "confirm_token_hash" | "confirm_expires_at" | "confirm_mail_sent_at") =>
            eb
              .case()
              .when(renews(eb, cutoff))
              .then(eb.ref(`excluded.${column}`))
              .else(eb.ref(`newsletter_subscribers.${column}`))
              .end();
          return {
            confirm_token_hash: renewed("confirm_token_hash"),
            confirm_expires_at: renewed("confirm_expires_at"),
            confirm_mail_sent_at: renewed("confirm_mail_sent_at"),
            status: "pending",
            source: eb.ref("excluded.source"),
            source_page: eb.ref("excluded.source_page"),
            updated_at: eb.ref("excluded.updated_at"),
          };
        })
        .where((eb) =>
          eb.or([
            renews(eb, cutoff),
            eb.and([
              eb("newsletter_subscribers.status", "=", "unsubscribed"),
              eb("newsletter_subscribers.confirm_token_hash", "is not", null),
              eb("newsletter_subscribers.confirm_expires_at", ">", row.updated_at),
            ]),
          ]),
        ),
    );
}

/** A pending subscriber's row as a request for the confirmation writes it: the new link's hash, its expiry and the e-mail's time set. */
export type AskedRow = Insertable<NewsletterSubscribersTable> & {
  status: "pending";
  confirm_token_hash: string;
  confirm_expires_at: string;
  confirm_mail_sent_at: string;
  updated_at: string;
};

/**
 * Decides a request for the confirmation e-mail (confirmationUpsert) and records the consent it
 * gives when it changed anything. On PostgreSQL both are one statement whose answer nobody reads:
 * inside a transaction it leaves with the COMMIT, so the public form's whole transaction is one
 * statement, committed with others handed in at about the same time. Whether the new link's e-mail
 * goes is decided when its job runs (the subscriber's link is still the new one and pending).
 */
export async function askToConfirm(
  db: Kysely<DB>,
  dialect: Dialect,
  row: AskedRow,
  cutoff: string,
  consent: Insertable<NewsletterConsentsTable>,
): Promise<void> {
  if (dialect === "postgres") {
    const columns = Object.keys(consent) as (keyof NewsletterConsentsTable & string)[];
    await db
      .with("asked", (w) => confirmationUpsert(w, row, cutoff).returning("id"))
      .insertInto("newsletter_consents")
      .columns(columns)
      .expression((eb) => eb.selectFrom("asked").select(columns.map((column) => sql.val(consent[column] ?? null).as(column))))
      .modifyEnd(SENT_WITH_NEXT_STATEMENT)
      .execute();
    return;
  }
  const asked = await confirmationUpsert(db, row, cutoff).executeTakeFirst();
  if (Number(asked.numInsertedOrUpdatedRows ?? 0) > 0) await db.insertInto("newsletter_consents").values(consent).execute();
}

/** Whether `tokenHash` is still the link a pending subscriber of `email` waits on (its e-mail may go). */
export async function awaitsLink(db: Kysely<DB>, email: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select("id")
    .where("email", "=", email)
    .where("confirm_token_hash", "=", tokenHash)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row !== undefined;
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
