import { inboxPath, type LeadEventType } from "@vestin/shared/events";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { Events } from "../../lib/events.ts";
import { MAIL_JOB } from "../../lib/jobs/index.ts";
import type { JobQueue } from "../../lib/jobs/types.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { DIGEST_TYPES, type DigestType, type LeadsService } from "../leads/index.ts";
import { digestEmail, leadNoticeEmail } from "./mail.ts";
import { lastDigestOf, recordDigestSent } from "./repository.ts";

/**
 * Team notifications. NOTIFY_EMAILS names who hears of each form's leads. A contact
 * enquiry, a partnership application or an airdrop claim is e-mailed at once; presale and
 * waitlist sign-ups come in numbers, so they are told of in a digest, at most one an hour per
 * list, with counts. Everything runs on the job queue, subscribed to the leads' events, so a
 * lead the form acknowledged is always told of, and a slow SMTP server never slows a form.
 */
export const DIGEST_JOB = "notify.digest";

type Deps = {
  config: Pick<Config, "notifyEmails" | "notifyDigestSeconds" | "publicUrl">;
  database: Database;
  jobs: JobQueue;
  events: Events;
  mailer: Mailer;
  leads: Pick<LeadsService, "notice" | "takeForDigest">;
};

const isDigest = (type: LeadEventType): type is DigestType => (DIGEST_TYPES as readonly LeadEventType[]).includes(type);

export function registerNotifications({ config, database, jobs, events, mailer, leads }: Deps): void {
  const recipients = (type: LeadEventType) => config.notifyEmails[type];

  /** Seconds until a digest of this kind may go out (0 when the last one is an hour old, or none was sent). */
  async function secondsUntilDue(db: Database["db"], type: DigestType, now: number): Promise<number> {
    const last = await lastDigestOf(db, type);
    if (!last) return 0;
    return Math.max(0, Math.ceil((Date.parse(last.last_sent_at) + config.notifyDigestSeconds * 1000 - now) / 1000));
  }

  events.subscribe(
    "notify",
    async (event) => {
      const to = recipients(event.type);
      // The addresses may have changed with a restart since the event was published.
      if (to.length === 0) return;
      if (isDigest(event.type)) {
        // One digest waits per list (a singleton key); the leads that arrive meanwhile join it.
        const wait = await secondsUntilDue(database.db, event.type, Date.now());
        await jobs.send(DIGEST_JOB, { type: event.type }, { singletonKey: event.type, startAfterSeconds: wait });
        return;
      }
      const notice = await leads.notice(event.type, event.leadId);
      if (!notice) return; // erased before the job ran: nothing to tell
      const link = `${config.publicUrl}${inboxPath(event.type, event.leadId)}`;
      for (const address of to) await mailer.send(leadNoticeEmail(address, event.type, event.occurredAt, notice, link));
    },
    // A kind of lead nobody is to hear of gets no job.
    { wants: (type) => recipients(type).length > 0 },
  );

  jobs.define<{ type: DigestType }>(
    DIGEST_JOB,
    async ({ type }) => {
      const to = recipients(type);
      if (to.length === 0) return;
      await database.db.transaction().execute(async (trx) => {
        const now = Date.now();
        const wait = await secondsUntilDue(trx, type, now);
        if (wait > 0) {
          // Too early (a digest went out less than an hour ago): come back when it is due.
          await jobs.send(DIGEST_JOB, { type }, { singletonKey: type, startAfterSeconds: wait, trx });
          return;
        }
        const at = new Date(now).toISOString();
        const { leads: told, total } = await leads.takeForDigest(trx, type, at);
        if (told.length === 0) return;
        await recordDigestSent(trx, type, at);
        // The e-mails are jobs of this transaction: the leads are marked told if and only if they go out.
        for (const address of to) await jobs.send(MAIL_JOB, digestEmail(address, type, told, total, config.publicUrl), { trx });
      });
    },
    { singleton: true },
  );
}
