import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { nowIso } from "../../lib/ids.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { SEND_JOB, type Campaigns } from "./campaigns.ts";
import { newsletterEmail } from "./mail.ts";

/** How long a sender holds a campaign without renewing; a crashed sender's campaign is taken over after it. */
export const LEASE_MS = 20_000;
/** A batch ends after this long, so that a job never outlives its queue's expiry. */
const BATCH_MS = 30_000;
/** Tries of one recipient before the message counts as failed (SMTP refusals that are permanent fail at once). */
const MAX_ATTEMPTS = 5;
/** How often due and abandoned campaigns are looked for. */
export const SWEEP_MS = 10_000;

type Log = { info(details: object, message: string): void; warn(details: object, message: string): void; error(details: object, message: string): void };
type Deps = { database: Database; jobs: JobQueue; mailer: Mailer; campaigns: Campaigns; ratePerMinute: number; log: Log };

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal of this recipient by the SMTP server (5xx): retrying would not help. */
function permanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * Sends campaigns (ADR 13). A campaign's recipients are fixed when sending starts (one delivery
 * row each); a sender takes the campaign's lease, sends to the rows still queued, at most
 * NEWSLETTER_RATE a minute, and marks each row sent as soon as the SMTP server has accepted its
 * message. A crash leaves the lease to run out and the rows it had not marked queued: the next
 * sender (a retried job, or the sweep after a restart) sends only those. The one message that can
 * go twice is one accepted by the SMTP server in the instant before its row was marked; it then
 * carries the same Message-ID, which mailbox providers use to drop the copy.
 */
export function createSender({ database, jobs, mailer, campaigns, ratePerMinute, log }: Deps) {
  const { db } = database;
  const interval = 60_000 / ratePerMinute;
  let nextSendAt = 0;
  let sweeper: NodeJS.Timeout | undefined;
  let firstLook: NodeJS.Timeout | undefined;

  /** Takes the campaign for `LEASE_MS` if no live sender holds it; answers the lease or null. */
  async function takeLease(campaignId: string): Promise<string | null> {
    const now = nowIso();
    const until = later(LEASE_MS);
    const result = await db
      .updateTable("newsletter_campaigns")
      .set({ lease_until: until })
      .where("id", "=", campaignId)
      .where("status", "=", "sending")
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0) > 0 ? until : null;
  }

  /** Renews the lease only if it is still ours (compare and set): false when another sender took over. */
  async function renew(campaignId: string, lease: string): Promise<string | null> {
    const until = later(LEASE_MS);
    const result = await db
      .updateTable("newsletter_campaigns")
      .set({ lease_until: until })
      .where("id", "=", campaignId)
      .where("lease_until", "=", lease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows ?? 0) > 0 ? until : null;
  }

  /** Fixes the recipients once: every confirmed subscriber when sending starts. */
  async function takeRecipients(campaignId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const started = await trx
        .updateTable("newsletter_campaigns")
        .set({ started_at: nowIso() })
        .where("id", "=", campaignId)
        .where("started_at", "is", null)
        .executeTakeFirst();
      if (Number(started.numUpdatedRows ?? 0) === 0) return;
      await trx
        .insertInto("newsletter_deliveries")
        .columns(["campaign_id", "subscriber_id", "email"])
        .expression((eb) =>
          eb
            .selectFrom("newsletter_subscribers")
            .select([sql.lit(campaignId).as("campaign_id"), "id", "email"])
            .where("status", "=", "confirmed"),
        )
        .execute();
      const { n } = await trx
        .selectFrom("newsletter_deliveries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("campaign_id", "=", campaignId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("newsletter_campaigns")
        .set({ total: Number(n) })
        .where("id", "=", campaignId)
        .execute();
    });
  }

  async function finish(campaignId: string): Promise<void> {
    await db
      .updateTable("newsletter_campaigns")
      .set({ status: "sent", finished_at: nowIso(), lease_until: null, updated_at: nowIso() })
      .where("id", "=", campaignId)
      .where("status", "=", "sending")
      .execute();
    log.info({ campaignId }, "newsletter campaign sent");
  }

  async function mark(campaignId: string, subscriberId: string, outcome: "sent" | "failed" | "skipped", error?: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable("newsletter_deliveries")
        .set({ status: outcome, sent_at: outcome === "sent" ? nowIso() : null, error: error ?? null, attempts: sql`attempts + 1` })
        .where("campaign_id", "=", campaignId)
        .where("subscriber_id", "=", subscriberId)
        .where("status", "=", "queued")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows ?? 0) === 0) return;
      const counter =
        outcome === "skipped" ? { total: sql<number>`total - 1` } : outcome === "sent" ? { sent: sql<number>`sent + 1` } : { failed: sql<number>`failed + 1` };
      await trx.updateTable("newsletter_campaigns").set(counter).where("id", "=", campaignId).execute();
    });
  }

  /** One batch of a campaign; answers whether more is left (the caller sends the next job). */
  async function sendBatch(campaignId: string): Promise<"done" | "more" | "retry" | "stop"> {
    let lease = await takeLease(campaignId);
    if (!lease) return "stop";
    await takeRecipients(campaignId);
    const campaign = await db.selectFrom("newsletter_campaigns").selectAll().where("id", "=", campaignId).executeTakeFirstOrThrow();
    const content = await campaigns.content(campaign);
    const deadline = Date.now() + BATCH_MS;
    while (Date.now() < deadline) {
      const rows = await db
        .selectFrom("newsletter_deliveries as d")
        .innerJoin("newsletter_subscribers as s", "s.id", "d.subscriber_id")
        .select(["d.subscriber_id", "d.email", "d.attempts", "s.status as subscriberStatus"])
        .where("d.campaign_id", "=", campaignId)
        .where("d.status", "=", "queued")
        .orderBy("d.subscriber_id")
        .limit(50)
        .execute();
      if (rows.length === 0) {
        // Rows whose subscriber was erased meanwhile have no join partner: they are skipped.
        const orphans = await db
          .selectFrom("newsletter_deliveries")
          .select("subscriber_id")
          .where("campaign_id", "=", campaignId)
          .where("status", "=", "queued")
          .execute();
        for (const o of orphans) await mark(campaignId, o.subscriber_id, "skipped");
        await finish(campaignId);
        return "done";
      }
      for (const row of rows) {
        // Unsubscribed since the campaign started: not sent.
        if (row.subscriberStatus !== "confirmed") {
          await mark(campaignId, row.subscriber_id, "skipped");
          continue;
        }
        const wait = nextSendAt - Date.now();
        if (wait > 0) await sleep(wait);
        nextSendAt = Math.max(Date.now(), nextSendAt) + interval;
        // Renewed while a third of it is left: nobody else can have taken it before it ran out.
        if (Date.parse(lease) - Date.now() < LEASE_MS / 3) {
          lease = await renew(campaignId, lease);
          if (!lease) return "stop";
        }
        try {
          await mailer.send(newsletterEmail(content, campaigns.addressing(campaignId, { id: row.subscriber_id, email: row.email })));
          await mark(campaignId, row.subscriber_id, "sent");
        } catch (err) {
          if (permanent(err) || row.attempts + 1 >= MAX_ATTEMPTS) {
            await mark(campaignId, row.subscriber_id, "failed", (err as Error).message.slice(0, 500));
            continue;
          }
          // Anything else (the server unreachable, a 4xx) is likely to hit every recipient: pause the campaign.
          await db
            .updateTable("newsletter_deliveries")
            .set({ attempts: sql`attempts + 1`, error: (err as Error).message.slice(0, 500) })
            .where("campaign_id", "=", campaignId)
            .where("subscriber_id", "=", row.subscriber_id)
            .execute();
          log.warn({ err, campaignId }, "newsletter sending paused: the SMTP server did not take a message (retried shortly)");
          await release(campaignId, lease);
          return "retry";
        }
      }
      if (Date.now() >= deadline) break;
    }
    await release(campaignId, lease);
    return "more";
  }

  async function release(campaignId: string, lease: string): Promise<void> {
    await db.updateTable("newsletter_campaigns").set({ lease_until: null }).where("id", "=", campaignId).where("lease_until", "=", lease).execute();
  }

  /** A scheduled campaign whose time has come starts sending. */
  async function startIfDue(campaignId: string): Promise<void> {
    await db
      .updateTable("newsletter_campaigns")
      .set({ status: "sending", updated_at: nowIso() })
      .where("id", "=", campaignId)
      .where("status", "=", "scheduled")
      .where("scheduled_at", "<=", nowIso())
      .execute();
  }

  jobs.define<{ campaignId: string }>(
    SEND_JOB,
    async ({ campaignId }) => {
      await startIfDue(campaignId);
      const outcome = await sendBatch(campaignId);
      if (outcome === "more") await jobs.send(SEND_JOB, { campaignId }, { singletonKey: campaignId });
      if (outcome === "retry") await jobs.send(SEND_JOB, { campaignId }, { singletonKey: campaignId, startAfterSeconds: 30 });
    },
    { retryLimit: 20, retryDelaySeconds: 10, retryDelayMaxSeconds: 600, singleton: true },
  );

  /** Due scheduled campaigns, and sending ones no live sender holds (after a crash or a restart). */
  async function sweep(): Promise<void> {
    const now = nowIso();
    const due = await db
      .selectFrom("newsletter_campaigns")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "scheduled"), eb("scheduled_at", "<=", now)]),
          eb.and([eb("status", "=", "sending"), eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)])]),
        ]),
      )
      .execute();
    for (const { id } of due) await jobs.send(SEND_JOB, { campaignId: id }, { singletonKey: id });
  }

  return {
    start() {
      const run = () => sweep().catch((err: unknown) => log.error({ err }, "could not look for newsletter campaigns to send"));
      // The first look a second after start-up (a campaign cut off by a crash resumes then), then every SWEEP_MS.
      firstLook = setTimeout(() => void run(), 1000);
      firstLook.unref();
      sweeper = setInterval(run, SWEEP_MS);
      sweeper.unref();
    },
    stop() {
      clearTimeout(firstLook);
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
    },
    sweep,
  };
}
