import { BLOG_MESSAGES } from "@vestin/shared/blog";
import { SCHEDULE_AUDIT, SCHEDULE_MESSAGES } from "@vestin/shared/article-schedule";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import type { ArticleRow } from "./repository.ts";
import { scheduleRepository } from "./schedule-repository.ts";

/** The job that publishes a scheduled article at its moment (stored with the schedule). */
export const PUBLISH_SCHEDULED_JOB = "blog.publish-scheduled";
export type PublishScheduledJob = { articleId: string; scheduledAt: string };

/** Published more than this after its moment (every server was down), it is audited as late. */
export const LATE_AFTER_MS = 60_000;
/** How often each server looks for due schedules: publishing meets its moment within a few seconds. */
export const DUE_CHECK_MS = 1000;
/** A job that starts early (clocks of the database and this server differ) waits this long at most. */
const MAX_EARLY_WAIT_MS = 60_000;
/** The audit log's actor for publishing done by the schedule itself. */
const SCHEDULE_ACTOR = "scheduled publishing";

export type ScheduleActor = { id: string; email: string };
export type ScheduleState = { _id: string; status: ArticleRow["status"]; scheduledAt: string | null };

/** An audit log row, written in the caller's transaction (the audit feature's recordAudit). */
export type ScheduleAudit = (
  trx: Kysely<DB>,
  entry: { actorId: string | null; actorEmail: string; action: string; targetType: string; targetId: string; details: Record<string, unknown> },
) => Promise<void>;

type ScheduleDeps = {
  database: Database;
  recordAudit: ScheduleAudit;
  jobs: JobQueue;
  findArticle: (idOrSlug: string) => Promise<ArticleRow | undefined>;
  /** The blog's save listeners (the newsletter's campaign job), in the publishing transaction. */
  saved: (row: ArticleRow, trx: Kysely<DB>) => Promise<void>;
  /** This server's public answers and pages may have changed (an article went public or left the schedule). */
  onPublicChange: () => void;
  onError: (error: unknown) => void;
};

const stateOf = (row: ArticleRow): ScheduleState => ({ _id: row.id, status: row.status, scheduledAt: row.scheduled_at });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Scheduled publishing. A schedule is a write of the article and its publishing job in one
 * transaction; the job, and every server's due check once a second, publish it with one
 * conditional UPDATE (schedule-repository.ts), so it goes public once, with its audit row and
 * newsletter campaign job in that same transaction, however many servers and retries race.
 */
export function createArticleSchedule({ database, recordAudit, jobs, findArticle, saved, onPublicChange, onError }: ScheduleDeps) {
  const repo = scheduleRepository(database.db);

  async function existing(idOrSlug: string): Promise<ArticleRow> {
    const row = await findArticle(idOrSlug);
    if (!row) throw notFound(BLOG_MESSAGES.notFound);
    return row;
  }

  /**
   * Publishes the article if it is still scheduled for the job's moment; false when another run
   * did, or the schedule moved or was cancelled since.
   */
  async function publishDue({ articleId, scheduledAt }: PublishScheduledJob): Promise<boolean> {
    const early = Date.parse(scheduledAt) - Date.now();
    if (early > MAX_EARLY_WAIT_MS) return false;
    if (early > 0) await sleep(early);
    const now = nowIso();
    const lateMs = Date.parse(now) - Date.parse(scheduledAt);
    const late = lateMs > LATE_AFTER_MS;
    const row = await database.db.transaction().execute(async (trx) => {
      // On time it carries its planned moment; late, the moment it really went public (feed readers
      // and the "latest" list would otherwise file it under a past they already read).
      const published = await repo.publishIfDue(articleId, scheduledAt, late ? now : scheduledAt, now, trx);
      if (!published) return undefined;
      await recordAudit(trx, {
        actorId: null,
        actorEmail: SCHEDULE_ACTOR,
        action: late ? SCHEDULE_AUDIT.late : SCHEDULE_AUDIT.onSchedule,
        targetType: "articles",
        targetId: published.id,
        details: { slug: published.slug, plannedAt: scheduledAt, publishedAt: now, lateSeconds: Math.max(0, Math.round(lateMs / 1000)) },
      });
      await saved(published, trx);
      return published;
    });
    if (row) onPublicChange();
    return row !== undefined;
  }

  /** The scheduled articles this server saw at its last due check. */
  let seen = new Set<string>();

  /**
   * Publishes every due schedule (at start-up: the ones missed while every server was down), and
   * drops this server's public caches when an article it saw scheduled has left the schedule:
   * published by another server, so its readers here see it within a second too.
   */
  async function checkDue(): Promise<void> {
    const rows = await repo.upcoming(100);
    const now = Date.now();
    for (const row of rows) {
      if (row.scheduled_at === null || Date.parse(row.scheduled_at) > now) break;
      await publishDue({ articleId: row.id, scheduledAt: row.scheduled_at }).catch(onError);
    }
    const current = new Set(rows.map((row) => row.id));
    if ([...seen].some((id) => !current.has(id))) onPublicChange();
    seen = current;
  }

  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> = Promise.resolve();
  let running = false;

  return {
    publishDue,
    checkDue,

    /** Starts this server's due checks: one at once, then every DUE_CHECK_MS. */
    start(): void {
      if (running) return;
      running = true;
      const tick = () => {
        checking = checkDue()
          .catch(onError)
          .finally(() => {
            if (running) timer = setTimeout(tick, DUE_CHECK_MS);
          });
      };
      tick();
    },

    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await checking;
    },

    /** Schedules a draft, or moves a schedule, to a future moment. */
    async schedule(idOrSlug: string, scheduledAt: string, actor: ScheduleActor): Promise<ScheduleState> {
      const current = await existing(idOrSlug);
      const wait = Date.parse(scheduledAt) - Date.now();
      if (!(wait > 0)) throw badRequest(SCHEDULE_MESSAGES.inPast, { scheduledAt: SCHEDULE_MESSAGES.inPast });
      if (current.status === "published") throw conflict(SCHEDULE_MESSAGES.alreadyPublished);
      const row = await database.db.transaction().execute(async (trx) => {
        const updated = await repo.schedule(current.id, scheduledAt, nowIso(), trx);
        if (!updated) return undefined;
        await jobs.send<PublishScheduledJob>(PUBLISH_SCHEDULED_JOB, { articleId: updated.id, scheduledAt }, { trx, startAfterSeconds: wait / 1000 });
        const moved = current.status === "scheduled";
        await recordAudit(trx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: moved ? SCHEDULE_AUDIT.rescheduled : SCHEDULE_AUDIT.scheduled,
          targetType: "articles",
          targetId: updated.id,
          details: { slug: updated.slug, scheduledAt, ...(moved ? { previously: current.scheduled_at } : {}) },
        });
        return updated;
      });
      // Published in the meantime.
      if (!row) throw conflict(SCHEDULE_MESSAGES.alreadyPublished);
      return stateOf(row);
    },

    /** Cancels a schedule: the article is a draft again and its job finds nothing to publish. */
    async cancel(idOrSlug: string, actor: ScheduleActor): Promise<ScheduleState> {
      const current = await existing(idOrSlug);
      const row = await database.db.transaction().execute(async (trx) => {
        const updated = await repo.cancel(current.id, nowIso(), trx);
        if (!updated) return undefined;
        await recordAudit(trx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: SCHEDULE_AUDIT.cancelled,
          targetType: "articles",
          targetId: updated.id,
          details: { slug: updated.slug, scheduledAt: current.scheduled_at },
        });
        return updated;
      });
      if (!row) throw conflict(SCHEDULE_MESSAGES.notScheduled);
      return stateOf(row);
    },
  };
}

export type ArticleSchedule = ReturnType<typeof createArticleSchedule>;
