import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The tables of the two lists a referral moves people up in. */
export type ReferralTable = "presale_registrations" | "testnet_signups";

export const entryByReferralCode = (db: Kysely<DB>, table: ReferralTable, code: string) =>
  db.selectFrom(table).select(["id", "email_key", "referral_boost", "referral_code"]).where("referral_code", "=", code).executeTakeFirst();

export const referralEntryByEmail = (db: Kysely<DB>, table: ReferralTable, email: string) =>
  db.selectFrom(table).select(["id", "referred_by", "email_key", "referral_counted_at"]).where("email", "=", email).executeTakeFirst();

export const referralEntryById = (db: Kysely<DB>, table: ReferralTable, id: string) =>
  db.selectFrom(table).select(["id", "email_key"]).where("id", "=", id).executeTakeFirst();

/** True when a referral of this mailbox already counted for this referrer. */
export async function mailboxCountedFor(db: Kysely<DB>, table: ReferralTable, referrerId: string, emailKey: string | null): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select("id")
    .where("referred_by", "=", referrerId)
    .where("email_key", "=", emailKey)
    .where("referral_counted_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Holds the entry's row until the transaction ends (a write that changes nothing). */
export async function lockEntry(db: Kysely<DB>, table: ReferralTable, id: string): Promise<void> {
  await db
    .updateTable(table)
    .set((eb) => ({ referral_boost: eb.ref("referral_boost") }))
    .where("id", "=", id)
    .execute();
}

/** How many of a referrer's referrals counted after `since` and moved them up. */
export async function boostsSince(db: Kysely<DB>, table: ReferralTable, referrerId: string, since: string): Promise<number> {
  const recent = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("referred_by", "=", referrerId)
    .where("referral_boosted", "=", 1)
    .where("referral_counted_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

/** Marks an entry's referral counted (and whether it boosted) unless it already was; true when this call marked it. */
export async function markReferralCounted(db: Kysely<DB>, table: ReferralTable, id: string, at: string, boosted: boolean): Promise<boolean> {
  const marked = await db
    .updateTable(table)
    .set({ referral_counted_at: at, referral_boosted: boosted ? 1 : 0 })
    .where("id", "=", id)
    .where("referral_counted_at", "is", null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows ?? 0) > 0;
}

export async function addBoost(db: Kysely<DB>, table: ReferralTable, id: string): Promise<void> {
  await db
    .updateTable(table)
    .set((eb) => ({ referral_boost: eb("referral_boost", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/**
 * The number of entries ranked before this one and the list's length, where entries rank by
 * `order of joining − placesPerBoost × boosts`, then more boosts, then earlier joining. The
 * entry's own key is read once (an uncorrelated subquery) and every entry compared with it in one
 * pass: a sort of the list, never a join of the list with itself.
 */
export async function rankInQueue(db: Kysely<DB>, table: ReferralTable, id: string, placesPerBoost: number): Promise<{ ahead: number; total: number }> {
  const row = await sql<{ total: string | number; ahead: string | number }>`
    with ranked as (
      select id, referral_boost as boost, row_number() over (order by created_at, id) as seq from ${sql.table(table)}
    ), scored as (select id, seq - ${placesPerBoost} * boost as score, -boost as fewer_boosts, seq from ranked)
    select count(*) as total,
           count(*) filter (where (score, fewer_boosts, seq) < (select score, fewer_boosts, seq from scored where id = ${id})) as ahead
    from scored`.execute(db);
  const first = row.rows[0];
  return { ahead: Number(first?.ahead ?? 0), total: Number(first?.total ?? 0) };
}

/**
 * A just-inserted presale registration's place, without ranking the list: it has no boosts, so
 * every entry that joined before it scores lower (order of joining less boosts) and is ahead of
 * it, and those that joined after it (in the same instant, ties by id, or committed since) are
 * behind. The list's length is the sum of its length slots, which the database keeps as entries
 * are stored and erased (the entry's own included); the entries behind are one short
 * range of the joining-time index, closed at `latest`, a joining time no visible entry can have
 * passed (PostgreSQL walks a closed range on the index even before it has statistics of a table
 * that started empty; an open range was estimated at a third of the table and read whole).
 */
export async function placeOfNewPresaleEntry(
  db: Kysely<DB>,
  entry: { id: string; created_at: string },
  latest: string,
): Promise<{ ahead: number; total: number }> {
  const row = await sql<{ total: string | number | null; behind: string | number }>`
    select (select sum(entries) from presale_length_slots) as total,
           (select count(*) from presale_registrations
             where created_at >= ${entry.created_at} and created_at <= ${latest}
               and (created_at > ${entry.created_at} or id > ${entry.id})) as behind`.execute(db);
  const first = row.rows[0];
  return placeAmong(first?.total, first?.behind ?? 0);
}

/** An entry's place from the list's length (itself included) and the entries behind it. */
function placeAmong(length: string | number | null | undefined, behind: string | number): { ahead: number; total: number } {
  const total = Number(length ?? 0);
  return { ahead: Math.max(0, total - 1 - Number(behind)), total };
}

/**
 * The places of several presale registrations just stored, in their order, as
 * placeOfNewPresaleEntry finds each, in one PostgreSQL statement (the list's length read once).
 */
export async function placesOfNewPresaleEntriesOnPostgres(
  db: Kysely<DB>,
  entries: readonly { id: string; created_at: string }[],
  latest: string,
): Promise<{ ahead: number; total: number }[]> {
  const ids = entries.map((entry) => entry.id);
  const joined = entries.map((entry) => entry.created_at);
  const result = await sql<{ total: string | number | null; behind: string | number }>`
    select (select sum(entries) from presale_length_slots) as total,
           (select count(*) from presale_registrations r
             where r.created_at >= e.created_at and r.created_at <= ${latest}
               and (r.created_at > e.created_at or r.id > e.id)) as behind
    from unnest(${ids}::text[], ${joined}::text[]) with ordinality as e(id, created_at, n)
    order by e.n`.execute(db);
  return result.rows.map((row) => placeAmong(row.total, row.behind));
}

/** The entries that joined through a referrer's link, and how many of them counted. */
export async function referralsOf(db: Kysely<DB>, table: ReferralTable, referrerId: string): Promise<{ joined: number; counted: number }> {
  const joined = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.count<number>("referral_counted_at").as("counted")])
    .where("referred_by", "=", referrerId)
    .executeTakeFirstOrThrow();
  return { joined: Number(joined.n), counted: Number(joined.counted) };
}

/** Entries that joined through someone's link since `since` (the console's referral clusters). */
export const referredSince = (db: Kysely<DB>, table: ReferralTable, since: string) =>
  db
    .selectFrom(table as "presale_registrations")
    .select(["referred_by", "email", "signup_network", "created_at", "referral_counted_at", "referral_boosted"])
    .where("referred_by", "is not", null)
    .where("created_at", ">=", since)
    .execute();

/** These referrers, with the name their list shows. */
export const referrersByIds = (db: Kysely<DB>, table: ReferralTable, ids: string[]) =>
  table === "presale_registrations"
    ? db.selectFrom("presale_registrations").select(["id", "email", "full_name as name", "referral_code", "referral_boost"]).where("id", "in", ids).execute()
    : db.selectFrom("testnet_signups").select(["id", "email", "username as name", "referral_code", "referral_boost"]).where("id", "in", ids).execute();
