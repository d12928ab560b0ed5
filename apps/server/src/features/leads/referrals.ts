import type { Kysely } from "kysely";
import type { Dialect } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { isDisposableEmail } from "../form-guard/index.ts";
import { emailKey, newReferralCode, REFERRAL_CODE } from "./referral-codes.ts";
import {
  addBoost,
  boostsSince,
  entryByReferralCode,
  lockEntry,
  mailboxCountedFor,
  markReferralCounted,
  placeOfNewPresaleEntry,
  placesOfNewPresaleEntriesOnPostgres,
  rankInQueue,
  referralEntryByEmail,
  referralEntryById,
  referralsOf,
} from "./referrals-repository.ts";

/**
 * Referrals. After joining the presale whitelist or the testnet waitlist, a person
 * has a link of their own (`/presale?ref=<code>`, `/v4?ref=<code>`). Someone who joins the
 * same list through it and confirms their e-mail address moves the referrer up the queue.
 *
 * The rule: an entry's place is decided by `place in order of joining − 10 × confirmed
 * referrals`; on a tie the one with more referrals goes first (so each referral moves a person
 * exactly 10 places up), then whoever joined first. Nobody is ever moved above anyone who joined
 * before them with at least as many referrals. A referral counts only when the new entry's address is confirmed, is
 * not a disposable domain, and is a mailbox (address without +tag and Gmail's dots) that is
 * neither the referrer's own nor one that already counted for them. An unknown or malformed code
 * is ignored; the person's own code (self-referral) is refused, and the entry stored without it.
 *
 * The daily cap: at most `dailyBoosts` referrals (REFERRAL_DAILY_BOOSTS, default 5, so 50 places)
 * move one referrer up in any 24 hours, counted by when each referral was confirmed. A referral
 * confirmed past the cap still counts as a referral (it shows in the person's count and in the
 * console) but never moves them, not even later: farming a list with addresses at a domain one
 * controls buys at most 50 places a day. An entry that joined through a link keeps the network
 * it came from (IPv4 /24, IPv6 /48; never the address) for the console's cluster view.
 */
export const REFERRAL_BOOST = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ReferralList = "presale" | "testnet";
export const REFERRAL_TABLE = { presale: "presale_registrations", testnet: "testnet_signups" } as const satisfies Record<ReferralList, keyof DB>;
/** The page each list's referral link opens. */
export const REFERRAL_PATH: Record<ReferralList, string> = { presale: "/presale", testnet: "/v4" };

export type QueueEntry = { id: string };

/** What an entry of a referral queue stores about its place: its own code, its mailbox, and its referrer and network when it came through a link. */
export type ReferralColumns = { referral_code: string; email_key: string; referred_by: string | null; signup_network: string | null };

/**
 * An entry's place in a referral queue, decided before it is stored so the insert writes it in
 * the same statement. A code of one's own mailbox is a self-referral: the entry is kept, the
 * referral is not.
 */
export async function referralPlace(
  trx: Kysely<DB>,
  list: ReferralList,
  entry: { email: string; ref?: string | undefined; network?: string | null | undefined },
): Promise<ReferralColumns> {
  const table = REFERRAL_TABLE[list];
  const key = emailKey(entry.email);
  let referredBy: string | null = null;
  const ref = entry.ref?.trim().toLowerCase();
  if (ref && REFERRAL_CODE.test(ref)) {
    const referrer = await entryByReferralCode(trx, table, ref);
    if (referrer && referrer.email_key !== key) referredBy = referrer.id;
  }
  return {
    referral_code: newReferralCode(),
    email_key: key,
    referred_by: referredBy,
    signup_network: referredBy ? (entry.network ?? null) : null,
  };
}

/**
 * Counts the referral of an entry whose address has just been confirmed (in the confirmation's
 * transaction). Answers true when the referrer moved up (false past the daily cap).
 */
export async function countConfirmedReferral(db: Kysely<DB>, list: ReferralList, email: string, at: string, dailyBoosts: number): Promise<boolean> {
  const table = REFERRAL_TABLE[list];
  const entry = await referralEntryByEmail(db, table, email);
  if (!entry?.referred_by || entry.referral_counted_at || isDisposableEmail(email)) return false;
  const referrer = await referralEntryById(db, table, entry.referred_by);
  if (!referrer || referrer.email_key === entry.email_key) return false;
  if (await mailboxCountedFor(db, table, referrer.id, entry.email_key)) return false;
  // Holds the referrer's row until the transaction ends, so two confirmations for one referrer
  // at once are counted one after the other and cannot both slip under the cap.
  await lockEntry(db, table, referrer.id);
  const since = new Date(Date.parse(at) - DAY_MS).toISOString();
  const boosts = (await boostsSince(db, table, referrer.id, since)) < dailyBoosts;
  const marked = await markReferralCounted(db, table, entry.id, at, boosts);
  if (!marked || !boosts) return false;
  await addBoost(db, table, referrer.id);
  return true;
}

/**
 * An entry's place (1 = first) and the list's length: the order of joining (by time, ties by
 * id, as the spec ranks the queue) moved up by confirmed referrals.
 */
export async function queuePlace(db: Kysely<DB>, list: ReferralList, entry: QueueEntry): Promise<{ position: number; total: number }> {
  const { ahead, total } = await rankInQueue(db, REFERRAL_TABLE[list], entry.id, REFERRAL_BOOST);
  return { position: ahead + 1, total };
}

/**
 * How far any server's clock may run ahead of this one's: no entry visible now joined later than
 * this past now, which closes the range of entries behind a new one (see placeOfNewPresaleEntry).
 */
const CLOCK_MARGIN_MS = 60_000;

/** A joining time no entry visible now can have passed, for entries that joined at `joined` (see placeOfNewPresaleEntry). */
const latestJoining = (joined: readonly string[]) => new Date(Math.max(Date.now(), ...joined.map((at) => Date.parse(at))) + CLOCK_MARGIN_MS).toISOString();

/** The place of a presale registration just stored (see placeOfNewPresaleEntry): answered to its request and told in its e-mail. */
export async function newPresalePlace(db: Kysely<DB>, entry: { id: string; created_at: string }): Promise<{ position: number; total: number }> {
  const { ahead, total } = await placeOfNewPresaleEntry(db, entry, latestJoining([entry.created_at]));
  return { position: ahead + 1, total };
}

/**
 * The places of several presale registrations just stored, in their order, each as
 * newPresalePlace finds it: on PostgreSQL in one statement, a round trip for all of them; on
 * SQLite, which has no round trips, one read each.
 */
export async function newPresalePlaces(
  db: Kysely<DB>,
  dialect: Dialect,
  entries: readonly { id: string; created_at: string }[],
): Promise<{ position: number; total: number }[]> {
  if (dialect === "sqlite" || entries.length === 1) return Promise.all(entries.map((entry) => newPresalePlace(db, entry)));
  const places = await placesOfNewPresaleEntriesOnPostgres(db, entries, latestJoining(entries.map((entry) => entry.created_at)));
  return places.map(({ ahead, total }) => ({ position: ahead + 1, total }));
}

export type ReferralStatus = {
  list: ReferralList;
  code: string;
  position: number;
  total: number;
  /** Joined through the link and confirmed: counted. */
  confirmedReferrals: number;
  /** Of those, the ones that moved the holder up (the daily cap holds the rest back). */
  boostedReferrals: number;
  dailyBoosts: number;
  /** Joined through the link, e-mail not confirmed yet (or not counted). */
  pendingReferrals: number;
};

/** The referral standing of the entry with this code, or undefined. */
export async function referralStatus(db: Kysely<DB>, list: ReferralList, code: string, dailyBoosts: number): Promise<ReferralStatus | undefined> {
  if (!REFERRAL_CODE.test(code)) return undefined;
  const table = REFERRAL_TABLE[list];
  const entry = await entryByReferralCode(db, table, code);
  if (!entry) return undefined;
  const joined = await referralsOf(db, table, entry.id);
  const place = await queuePlace(db, list, entry);
  const confirmed = joined.counted;
  return {
    list,
    code,
    ...place,
    confirmedReferrals: confirmed,
    boostedReferrals: entry.referral_boost,
    dailyBoosts,
    pendingReferrals: Math.max(0, joined.joined - confirmed),
  };
}
