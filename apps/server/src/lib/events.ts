import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { LeadEvent, LeadEventType } from "@vestin/shared/events";
import { newId } from "./ids.ts";
import type { JobQueue, RetryPolicy } from "./jobs/types.ts";

/**
 * Events with a transactional outbox (ADR 11). A feature that stores a lead publishes
 * its event in the same transaction; each subscriber (team notifications, webhooks) gets a job of
 * its own, stored in that transaction too. So an acknowledged lead always reaches every
 * subscriber that wants it, a refused one reaches none, and one subscriber's failure or retry
 * never repeats another's work. A subscriber that would do nothing with an event (nobody to tell,
 * no webhook listening for it) says so just before the publishing transaction opens (`audience`),
 * and gets no job for it: a job that does nothing still costs its rows, its fetch and its
 * completion. Subscribers are registered while the app is built, before the queue starts.
 */
export type EventHandler = (event: LeadEvent) => Promise<void>;

/** Whether a subscriber has work for an event of this type now. Absent: every event. */
export type EventWanted = (type: LeadEventType) => boolean | Promise<boolean>;

/** An event type and the job kinds of the subscribers that want it (`audience`). */
export type EventAudience = { type: LeadEventType; jobs: readonly string[] };

/** `jobs` is absent in a process that runs no jobs (the admin CLI): it has no subscribers. */
export function createEvents(jobs?: JobQueue) {
  const subscribers: Array<{ job: string; wants: EventWanted | undefined }> = [];
  return {
    subscribe(name: string, handler: EventHandler, options: { retry?: RetryPolicy; wants?: EventWanted } = {}): void {
      if (!jobs) throw new Error("events: this process runs no jobs, so nothing can subscribe");
      const job = `event.${name}`;
      jobs.define<LeadEvent>(job, handler, options.retry);
      subscribers.push({ job, wants: options.wants });
    },
    /**
     * The subscribers that want an event of this type now. Asked before the publishing
     * transaction opens, so a read a subscriber needs to answer never runs inside it.
     */
    async audience(type: LeadEventType): Promise<EventAudience> {
      const wanting: string[] = [];
      for (const { job, wants } of subscribers) if (!wants || (await wants(type))) wanting.push(job);
      return { type, jobs: wanting };
    },
    /** Publishes inside `trx` to its audience: the event exists for them only if `trx` commits. */
    async publish(trx: Kysely<DB>, audience: EventAudience, leadId: string, occurredAt: string): Promise<LeadEvent> {
      const event: LeadEvent = { id: newId(), type: audience.type, occurredAt, leadId };
      // One job per subscriber that wants the event, all in one statement (none for an empty audience).
      await jobs?.sendAll(
        audience.jobs.map((name) => ({ name, data: event })),
        trx,
      );
      return event;
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
