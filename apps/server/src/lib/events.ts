import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { LeadEvent, LeadEventType } from "@vestin/shared/events";
import { newId } from "./ids.ts";
import type { JobQueue, RetryPolicy } from "./jobs/types.ts";

/**
 * Events with a transactional outbox (ADR 11). A feature that stores a lead publishes
 * its event in the same transaction; each subscriber (team notifications, webhooks) gets a job of
 * its own, stored in that transaction too. So an acknowledged lead always reaches every
 * subscriber, a refused one reaches none, and one subscriber's failure or retry never repeats
 * another's work. Subscribers are registered while the app is built, before the queue starts.
 */
export type EventHandler = (event: LeadEvent) => Promise<void>;

/** `jobs` is absent in a process that runs no jobs (the admin CLI): it has no subscribers. */
export function createEvents(jobs?: JobQueue) {
  const subscriberJobs: string[] = [];
  return {
    subscribe(name: string, handler: EventHandler, policy?: RetryPolicy): void {
      if (!jobs) throw new Error("events: this process runs no jobs, so nothing can subscribe");
      const job = `event.${name}`;
      jobs.define<LeadEvent>(job, handler, policy);
      subscriberJobs.push(job);
    },
    /** Publishes inside `trx`: the event exists for its subscribers only if `trx` commits. */
    async publish(trx: Kysely<DB>, type: LeadEventType, leadId: string, occurredAt: string): Promise<LeadEvent> {
      const event: LeadEvent = { id: newId(), type, occurredAt, leadId };
      // One job per subscriber, all in one statement.
      await jobs?.sendAll(
        subscriberJobs.map((name) => ({ name, data: event })),
        trx,
      );
      return event;
    },
  };
}

export type Events = ReturnType<typeof createEvents>;
