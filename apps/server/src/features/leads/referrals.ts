import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { isDisposableEmail } from "../form-guard/index.ts";
import { emailKey, newReferralCode, REFERRAL_CODE } from "./referral-codes.ts";

/**
 * Referrals (issue #20). After joining the presale whitelist or the testnet waitlist, a person
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
 */
export const REFERRAL_BOOST = 10;

export type ReferralList = "presale" | "testnet";
export const REFERRAL_TABLE = { presale: "presale_registrations", testnet: "testnet_signups" } as const satisfies Record<ReferralList, keyof DB>;
/** The page each list's referral link opens. */
export const REFERRAL_PATH: Record<ReferralList, string> = { presale: "/presale", testnet: "/v4" };

export type QueueEntry = { id: string };

/**
 * Gives a new entry its own code (answered) and, when `ref` is another entry's code in the same
 * list, its referrer. Runs in the entry's own transaction.
 */
export async function enterQueue(trx: Kysely<DB>, list: ReferralList, entry: { id: string; email: string; ref?: string | undefined }): Promise<string> {
  const table = REFERRAL_TABLE[list];
  const key = emailKey(entry.email);
  let referredBy: string | null = null;
  const ref = entry.ref?.trim().toLowerCase();
  if (ref && REFERRAL_CODE.test(ref)) {
    const referrer = await trx.selectFrom(table).select(["id", "email_key"]).where("referral_code", "=", ref).executeTakeFirst();
    // A code of one's own mailbox is a self-referral: the entry is kept, the referral is not.
    if (referrer && referrer.email_key !== key) referredBy = referrer.id;
  }
  const code = newReferralCode();
  await trx.updateTable(table).set({ referral_code: code, email_key: key, referred_by: referredBy }).where("id", "=", entry.id).execute();
  return code;
}

/**
 * Counts the referral of an entry whose address has just been confirmed (in the confirmation's
 * transaction). Answers true when the referrer moved up.
 */
export async function countConfirmedReferral(db: Kysely<DB>, list: ReferralList, email: string, at: string): Promise<boolean> {
  const table = REFERRAL_TABLE[list];
  const entry = await db.selectFrom(table).select(["id", "referred_by", "email_key", "referral_counted_at"]).where("email", "=", email).executeTakeFirst();
  if (!entry?.referred_by || entry.referral_counted_at || isDisposableEmail(email)) return false;
  const referrer = await db.selectFrom(table).select(["id", "email_key"]).where("id", "=", entry.referred_by).executeTakeFirst();
  if (!referrer || referrer.email_key === entry.email_key) return false;
  const sameMailbox = await db
    .selectFrom(table)
    .select("id")
    .where("referred_by", "=", referrer.id)
    .where("email_key", "=", entry.email_key)
    .where("referral_counted_at", "is not", null)
    .executeTakeFirst();
  if (sameMailbox) return false;
  const marked = await db
    .updateTable(table)
    .set({ referral_counted_at: at })
    .where("id", "=", entry.id)
    .where("referral_counted_at", "is", null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable(table)
    .set((eb) => ({ referral_boost: eb("referral_boost", "+", 1) }))
    .where("id", "=", referrer.id)
    .execute();
  return true;
}

/**
 * An entry's place (1 = first) and the list's length: the order of joining (by time, ties by
 * id, as the spec ranks the queue) moved up by confirmed referrals.
 */
export async function queuePlace(db: Kysely<DB>, list: ReferralList, entry: QueueEntry): Promise<{ position: number; total: number }> {
  const table = sql.table(REFERRAL_TABLE[list]);
  const row = await sql<{ total: string | number; ahead: string | number }>`
    with ranked as (
      select id, referral_boost as boost, row_number() over (order by created_at, id) as seq from ${table}
    ), scored as (select id, boost, seq, seq - ${REFERRAL_BOOST} * boost as score from ranked),
    me as (select score, boost, seq from scored where id = ${entry.id})
    select (select count(*) from scored) as total,
           (select count(*) from scored, me
             where scored.score < me.score
                or (scored.score = me.score and (scored.boost > me.boost or (scored.boost = me.boost and scored.seq < me.seq)))) as ahead`.execute(db);
  const first = row.rows[0];
  return { position: Number(first?.ahead ?? 0) + 1, total: Number(first?.total ?? 0) };
}

export type ReferralStatus = {
  list: ReferralList;
  code: string;
  position: number;
  total: number;
  /** Joined through the link and confirmed: counted. */
  confirmedReferrals: number;
  /** Joined through the link, e-mail not confirmed yet (or not counted). */
  pendingReferrals: number;
};

/** The referral standing of the entry with this code, or undefined. */
export async function referralStatus(db: Kysely<DB>, list: ReferralList, code: string): Promise<ReferralStatus | undefined> {
  if (!REFERRAL_CODE.test(code)) return undefined;
  const table = REFERRAL_TABLE[list];
  const entry = await db.selectFrom(table).select(["id", "referral_boost", "referral_code"]).where("referral_code", "=", code).executeTakeFirst();
  if (!entry) return undefined;
  const joined = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as("n")])
    .where("referred_by", "=", entry.id)
    .executeTakeFirstOrThrow();
  const place = await queuePlace(db, list, entry);
  return {
    list,
    code,
    ...place,
    confirmedReferrals: entry.referral_boost,
    pendingReferrals: Math.max(0, Number(joined.n) - entry.referral_boost),
  };
}
