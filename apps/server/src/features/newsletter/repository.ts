import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { SubscriberCounts, SubscriptionStatus } from "@vestin/shared/newsletter";
import { SENT_WITH_NEXT_STATEMENT } from "../../db/database.ts";
import type { DB, NewsletterCampaignsTable, NewsletterConsentsTable, NewsletterSubscribersTable } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";
import { emailHash } from "./tokens.ts";
import { newestFirstPage } from "../../lib/count.ts";

export type SubscriberRow = Selectable<NewsletterSubscribersTable>;
export type CampaignRow = Selectable<NewsletterCampaignsTable>;

/** A consent given, confirmed or withdrawn, as it is recorded. */
export type ConsentEntry = {
  email: string;
  action: "given" | "confirmed" | "withdrawn";
  source: string;
  page?: string | null;
  wordingVersion?: string | null;
  wording?: string | null;
  ipHash: string | null;
  at: string;
};

/** A consent record's row: the address only hashed. */
export function consentRow(entry: ConsentEntry): Insertable<NewsletterConsentsTable> {
  return {
    id: newId(),
    email_hash: emailHash(entry.email),
    action: entry.action,
    source: entry.source,
    source_page: entry.page ?? null,
    wording_version: entry.wordingVersion ?? null,
    wording: entry.wording ?? null,
    ip_hash: entry.ipHash,
    at: entry.at,
  };
}

export type SubscriberFilter = { status?: SubscriptionStatus | undefined; search?: string | undefined };

/** The newsletter's tables. Every write that goes with another takes the caller's transaction. */
export function newsletterRepository(db: Kysely<DB>) {
  const filtered = (filter: SubscriberFilter) => {
    let query = db.selectFrom("newsletter_subscribers");
    if (filter.status) query = query.where("status", "=", filter.status);
    // An admin's search: % and _ act as wildcards, which does no harm here.
    if (filter.search) query = query.where("email", "like", `%${filter.search.toLowerCase()}%`);
    return query;
  };

  return {
    byEmail: (email: string) => db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst(),
    byId: (id: string) => db.selectFrom("newsletter_subscribers").selectAll().where("id", "=", id).executeTakeFirst(),
    byTokenHash: (hash: string) => db.selectFrom("newsletter_subscribers").selectAll().where("confirm_token_hash", "=", hash).executeTakeFirst(),

    async recordConsent(entry: ConsentEntry): Promise<void> {
      await db
        .insertInto("newsletter_consents")
        .values(consentRow(entry))
        // Blind: inside a transaction it leaves with the next statement, and a failure fails the transaction.
        .modifyEnd(SENT_WITH_NEXT_STATEMENT)
        .execute();
    },

    consentsOf: (email: string) =>
      db
        .selectFrom("newsletter_consents")
        .select(["action", "source", "source_page as page", "wording_version as wordingVersion", "wording", "at"])
        .where("email_hash", "=", emailHash(email))
        .orderBy("at")
        .execute(),

    async counts(): Promise<SubscriberCounts> {
      const rows = await db
        .selectFrom("newsletter_subscribers")
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute();
      const counts: SubscriberCounts = { confirmed: 0, pending: 0, unsubscribed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    async list(filter: SubscriberFilter, page: number, limit: number): Promise<{ rows: SubscriberRow[]; total: number }> {
      return newestFirstPage(filtered(filter), page, limit);
    },

    all: (filter: SubscriberFilter) => filtered(filter).selectAll().orderBy("created_at").orderBy("id").execute(),

    /** Confirmations and unsubscribes per day since `since` (ISO), for the chart. */
    async changesSince(
      since: string,
    ): Promise<{ joined: Array<{ day: string; n: number }>; left: Array<{ day: string; n: number }>; confirmedBefore: number }> {
      const day = (column: "confirmed_at" | "unsubscribed_at") => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
      const joined = await db
        .selectFrom("newsletter_subscribers")
        .select([day("confirmed_at").as("day"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("confirmed_at", ">=", since)
        .groupBy(day("confirmed_at"))
        .execute();
      const left = await db
        .selectFrom("newsletter_subscribers")
        .select([day("unsubscribed_at").as("day"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("status", "=", "unsubscribed")
        .where("unsubscribed_at", ">=", since)
        .groupBy(day("unsubscribed_at"))
        .execute();
      // Confirmed before the window and still subscribed, or who left inside it: the chart's start.
      const before = await db
        .selectFrom("newsletter_subscribers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("confirmed_at", "<", since)
        .where((eb) => eb.or([eb("status", "=", "confirmed"), eb("unsubscribed_at", ">=", since)]))
        .executeTakeFirstOrThrow();
      return {
        joined: joined.map((r) => ({ day: r.day, n: Number(r.n) })),
        left: left.map((r) => ({ day: r.day, n: Number(r.n) })),
        confirmedBefore: Number(before.n),
      };
    },

    campaign: (id: string) => db.selectFrom("newsletter_campaigns").selectAll().where("id", "=", id).executeTakeFirst(),

    async campaigns(page: number, limit: number): Promise<{ rows: CampaignRow[]; total: number }> {
      return newestFirstPage(db.selectFrom("newsletter_campaigns"), page, limit);
    },

    confirmedCount: async () =>
      Number(
        (
          await db
            .selectFrom("newsletter_subscribers")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("status", "=", "confirmed")
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
