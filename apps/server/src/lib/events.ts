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
 * no webhook listening for it) says so when it is published, and gets no job for it: a job that
 * does nothing still costs its rows, its fetch and its completion. Subscribers are registered
 * while the app is built, before the queue starts.
 */
export type EventHandler = (event: LeadEvent) => Promise<void>;

/**
 * Whether a subscriber has work for an event of this type now, asked in the publishing
 * transaction (`trx`, for a read it cannot answer from memory). Absent: every event.
 */
export type EventWanted = (type: LeadEventType, trx: Kysely<DB>) => boolean | Promise<boolean>;

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
    /** Publishes inside `trx`: the event exists for its subscribers only if `trx` commits. */
    async publish(trx: Kysely<DB>, type: LeadEventType, leadId: string, occurredAt: string): Promise<LeadEvent> {
      const event: LeadEvent = { id: newId(), type, occurredAt, leadId };
      const wanting: Array<{ name: string; data: LeadEvent }> = [];
      for (const { job, wants } of subscribers) if (!wants || (await wants(type, trx))) wanting.push({ name: job, data: event });
      // One job per subscriber that wants the event, all in one statement.
      if (wanting.length > 0) await jobs?.sendAll(wanting, trx);
      return event;
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
