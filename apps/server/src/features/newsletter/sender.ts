import type { Database } from "../../db/database.ts";
import { nowIso } from "../../lib/ids.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { SEND_JOB, type Campaigns } from "./campaigns.ts";
import { newsletterEmail } from "./mail.ts";
import {
  allQueuedDeliveries,
  campaignById,
  campaignsToSend,
  countOutcome,
  markCampaignSent,
  markDelivery,
  markStarted,
  queueDeliveries,
  queuedDeliveries,
  recordAttempt,
  renewCampaignLease,
  startIfScheduled,
  takeCampaignLease,
  sendingProgress,
} from "./sending-repository.ts";

/** How long a sender holds a campaign without renewing; a crashed sender's campaign is taken over after it. */
export const LEASE_MS = 20_000;
/** A batch ends after this long, so that a job never outlives its queue's expiry. */
const BATCH_MS = 30_000;
/** Tries of one recipient before the message counts as failed (SMTP refusals that are permanent fail at once). */
const MAX_ATTEMPTS = 5;
/** How often due and abandoned campaigns are looked for. */
export const SWEEP_MS = 10_000;

type Log = { info(details: object, message: string): void; warn(details: object, message: string): void; error(details: object, message: string): void };
type Deps = {
  database: Database;
  jobs: JobQueue;
  mailer: Mailer;
  campaigns: Campaigns;
  ratePerMinute: number;
  log: Log;
  /** Told of each recipient's outcome once it is recorded (metrics). */
  recipientHandled?: (outcome: DeliveryOutcome) => void;
};
export type DeliveryOutcome = "sent" | "failed" | "skipped";

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
export function createSender({ database, jobs, mailer, campaigns, ratePerMinute, log, recipientHandled }: Deps) {
  const { db } = database;
  const interval = 60_000 / ratePerMinute;
  let nextSendAt = 0;
  let sweeper: NodeJS.Timeout | undefined;
  let firstLook: NodeJS.Timeout | undefined;

  /** Takes the campaign for `LEASE_MS` if no live sender holds it; answers the lease or null. */
  async function takeLease(campaignId: string): Promise<string | null> {
    const now = nowIso();
    const until = later(LEASE_MS);
    return (await takeCampaignLease(db, campaignId, now, until)) ? until : null;
  }

  /** Renews the lease only if it is still ours (compare and set): false when another sender took over. */
  async function renew(campaignId: string, lease: string): Promise<string | null> {
    const until = later(LEASE_MS);
    return (await renewCampaignLease(db, campaignId, lease, until)) ? until : null;
  }

  /** Fixes the recipients once: every confirmed subscriber when sending starts. */
  async function takeRecipients(campaignId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await markStarted(trx, campaignId, nowIso()))) return;
      await queueDeliveries(trx, campaignId);
    });
  }

  async function finish(campaignId: string): Promise<void> {
    await markCampaignSent(db, campaignId, nowIso());
    log.info({ campaignId }, "newsletter campaign sent");
  }

  async function mark(campaignId: string, subscriberId: string, outcome: DeliveryOutcome, error?: string): Promise<void> {
    const marked = await db.transaction().execute(async (trx) => {
      if (!(await markDelivery(trx, campaignId, subscriberId, outcome, nowIso(), error ?? null))) return false;
      await countOutcome(trx, campaignId, outcome);
      return true;
    });
    if (marked) recipientHandled?.(outcome);
  }

  /** One batch of a campaign; answers whether more is left (the caller sends the next job). */
  async function sendBatch(campaignId: string): Promise<"done" | "more" | "retry" | "stop"> {
    let lease = await takeLease(campaignId);
    if (!lease) return "stop";
    await takeRecipients(campaignId);
    const campaign = await campaignById(db, campaignId);
    const content = await campaigns.content(campaign);
    const deadline = Date.now() + BATCH_MS;
    while (Date.now() < deadline) {
      const rows = await queuedDeliveries(db, campaignId, 50);
      if (rows.length === 0) {
        // Rows whose subscriber was erased meanwhile have no join partner: they are skipped.
        const orphans = await allQueuedDeliveries(db, campaignId);
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
          await recordAttempt(db, campaignId, row.subscriber_id, (err as Error).message.slice(0, 500));
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
    await renewCampaignLease(db, campaignId, lease, null);
  }

  /** A scheduled campaign whose time has come starts sending. */
  async function startIfDue(campaignId: string): Promise<void> {
    await startIfScheduled(db, campaignId, nowIso());
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
    const due = await campaignsToSend(db, now);
    for (const { id } of due) await jobs.send(SEND_JOB, { campaignId: id }, { singletonKey: id });
  }

  return {
    /** How far the campaigns sending now have got (0 to 1), for the operator's metrics; undefined when none is sending. */
    progress: () => sendingProgress(db),
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
