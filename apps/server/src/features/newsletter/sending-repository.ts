import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** Sets a sending campaign's lease unless a live one holds it (lease_until after `now`); true when taken. */
export async function takeCampaignLease(db: Kysely<DB>, campaignId: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_campaigns")
    .set({ lease_until: until })
    .where("id", "=", campaignId)
    .where("status", "=", "sending")
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** Moves the lease from `lease` to `until` if it is still `lease` (compare and set); true when moved. */
export async function renewCampaignLease(db: Kysely<DB>, campaignId: string, lease: string, until: string | null): Promise<boolean> {
  const result = await db
    .updateTable("newsletter_campaigns")
    .set({ lease_until: until })
    .where("id", "=", campaignId)
    .where("lease_until", "=", lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** Sets started_at unless it is set; true when this call started the campaign. */
export async function markStarted(db: Kysely<DB>, campaignId: string, at: string): Promise<boolean> {
  const started = await db
    .updateTable("newsletter_campaigns")
    .set({ started_at: at })
    .where("id", "=", campaignId)
    .where("started_at", "is", null)
    .executeTakeFirst();
  return Number(started.numUpdatedRows ?? 0) > 0;
}

/** One queued delivery per confirmed subscriber; the campaign's total is their number. */
export async function queueDeliveries(db: Kysely<DB>, campaignId: string): Promise<void> {
  await db
    .insertInto("newsletter_deliveries")
    .columns(["campaign_id", "subscriber_id", "email"])
    .expression((eb) =>
      eb
        .selectFrom("newsletter_subscribers")
        .select([sql.lit(campaignId).as("campaign_id"), "id", "email"])
        .where("status", "=", "confirmed"),
    )
    .execute();
  const { n } = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("campaign_id", "=", campaignId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("newsletter_campaigns")
    .set({ total: Number(n) })
    .where("id", "=", campaignId)
    .execute();
}

export async function markCampaignSent(db: Kysely<DB>, campaignId: string, at: string): Promise<void> {
  await db
    .updateTable("newsletter_campaigns")
    .set({ status: "sent", finished_at: at, lease_until: null, updated_at: at })
    .where("id", "=", campaignId)
    .where("status", "=", "sending")
    .execute();
}

/** Records a queued delivery's outcome (one more attempt); false when it was no longer queued. */
export async function markDelivery(
  db: Kysely<DB>,
  campaignId: string,
  subscriberId: string,
  outcome: "sent" | "failed" | "skipped",
  at: string,
  error: string | null,
): Promise<boolean> {
  const done = await db
    .updateTable("newsletter_deliveries")
    .set({ status: outcome, sent_at: outcome === "sent" ? at : null, error, attempts: sql`attempts + 1` })
    .where("campaign_id", "=", campaignId)
    .where("subscriber_id", "=", subscriberId)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return Number(done.numUpdatedRows ?? 0) > 0;
}

/** Counts an outcome in the campaign's figures: a skipped recipient leaves the total. */
export async function countOutcome(db: Kysely<DB>, campaignId: string, outcome: "sent" | "failed" | "skipped"): Promise<void> {
  const counter =
    outcome === "skipped" ? { total: sql<number>`total - 1` } : outcome === "sent" ? { sent: sql<number>`sent + 1` } : { failed: sql<number>`failed + 1` };
  await db.updateTable("newsletter_campaigns").set(counter).where("id", "=", campaignId).execute();
}

/** The share of the recipients handled (sent or failed) across the campaigns sending now; undefined when none is. */
export async function sendingProgress(db: Kysely<DB>): Promise<number | undefined> {
  const row = await db
    .selectFrom("newsletter_campaigns")
    .select((eb) => [eb.fn.sum<number>(sql`sent + failed`).as("handled"), eb.fn.sum<number>("total").as("total")])
    .where("status", "=", "sending")
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  return total > 0 ? Math.min(1, Number(row?.handled ?? 0) / total) : undefined;
}

/** Records a failed try of a delivery that stays queued. */
export async function recordAttempt(db: Kysely<DB>, campaignId: string, subscriberId: string, error: string): Promise<void> {
  await db
    .updateTable("newsletter_deliveries")
    .set({ attempts: sql`attempts + 1`, error })
    .where("campaign_id", "=", campaignId)
    .where("subscriber_id", "=", subscriberId)
    .execute();
}

export const campaignById = (db: Kysely<DB>, id: string) => db.selectFrom("newsletter_campaigns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The next queued deliveries of a campaign (by subscriber id) with their subscriber's status now. */
export const queuedDeliveries = (db: Kysely<DB>, campaignId: string, limit: number) =>
  db
    .selectFrom("newsletter_deliveries as d")
    .innerJoin("newsletter_subscribers as s", "s.id", "d.subscriber_id")
    .select(["d.subscriber_id", "d.email", "d.attempts", "s.status as subscriberStatus"])
    .where("d.campaign_id", "=", campaignId)
    .where("d.status", "=", "queued")
    .orderBy("d.subscriber_id")
    .limit(limit)
    .execute();

/** Every queued delivery of a campaign, whatever became of its subscriber. */
export const allQueuedDeliveries = (db: Kysely<DB>, campaignId: string) =>
  db.selectFrom("newsletter_deliveries").select("subscriber_id").where("campaign_id", "=", campaignId).where("status", "=", "queued").execute();

/** A scheduled campaign due by `now` starts sending. */
export async function startIfScheduled(db: Kysely<DB>, campaignId: string, now: string): Promise<void> {
  await db
    .updateTable("newsletter_campaigns")
    .set({ status: "sending", updated_at: now })
    .where("id", "=", campaignId)
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", now)
    .execute();
}

/** Scheduled campaigns due by `now`, and sending ones whose lease ran out. */
export const campaignsToSend = (db: Kysely<DB>, now: string) =>
  db
    .selectFrom("newsletter_campaigns")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "scheduled"), eb("scheduled_at", "<=", now)]),
        eb.and([eb("status", "=", "sending"), eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)])]),
      ]),
    )
    .execute();
