import type { FastifyBaseLogger } from "fastify";
import { LEAD_KIND_OF_EVENT, LEAD_EVENT_TYPES, type LeadEvent, type LeadEventType } from "@vestin/shared/events";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookSecretAnswer,
} from "@vestin/shared/webhooks-core";
import type { CreateWebhookInput, UpdateWebhookInput } from "@vestin/shared/webhooks";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Events } from "../../lib/events.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { WatchedCache } from "../../lib/watched-cache.ts";
import type { JobQueue } from "../../lib/jobs/types.ts";
import { checkOutboundUrl, DEFAULT_POST_OPTIONS, OutboundRefused, safePost, type PostOptions, type RefusalReason } from "../../lib/safe-fetch.ts";
import { leadsInbox } from "../leads/index.ts";
import { deliveryBody, inboxUrl, type DeliveryEvent, type InboxLead } from "./payload.ts";
import { webhooksRepository, type DeliveryRow, type EndpointRow } from "./repository.ts";
import { nextRetryDelaySeconds, RETRY_SCHEDULE, type RetrySchedule } from "./schedule.ts";
import { newWebhookSecret, secretBox } from "./secrets.ts";
import { signatureHeaders } from "./signing.ts";

/**
 * Signed webhooks (ADR 12). Admins manage endpoints here; every lead event fans out
 * to one delivery per subscribed endpoint (a job of its own), and each delivery is signed, sent
 * through the SSRF guard (lib/safe-fetch.ts) and retried on its own schedule for 24 hours.
 */

export const DELIVER_JOB = "webhook.deliver";
export const USER_AGENT = "Vestin-Webhooks/1";

/** A delivery job names its row and the attempt it makes, so a job run twice never makes a second chain of retries. */
type DeliverJob = { deliveryId: string; attempt: number };

/** How deliveries are made: the retry schedule and the outbound limits. Tests shorten both. */
export type DeliverySettings = { retry: RetrySchedule; post: Omit<PostOptions, "allowPrivate"> };

type Deps = {
  database: Database;
  jobs: JobQueue;
  events: Events;
  config: Pick<Config, "publicUrl" | "jwtSecret" | "webhookAllowPrivate">;
  log: FastifyBaseLogger;
  /** Told of each attempt's outcome once it is recorded (metrics). */
  deliveryAttempted?: (outcome: "delivered" | "failed" | "retrying") => void;
};

const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  invalid: WEBHOOK_MESSAGES.urlInvalid,
  scheme: WEBHOOK_MESSAGES.urlNotHttps,
  credentials: WEBHOOK_MESSAGES.urlCredentials,
  private: WEBHOOK_MESSAGES.urlPrivate,
  embedding: WEBHOOK_MESSAGES.urlEmbedding,
  unresolvable: WEBHOOK_MESSAGES.urlUnresolvable,
  "lookup-timeout": WEBHOOK_MESSAGES.urlLookupTimeout,
};

function parseEvents(json: string): LeadEventType[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((e): e is LeadEventType => (LEAD_EVENT_TYPES as readonly unknown[]).includes(e)) : [];
  } catch {
    return [];
  }
}

function toEndpoint(row: EndpointRow, last: DeliveryRow | undefined): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    format: row.format,
    status: row.status,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastDelivery: last ? { status: last.status, at: last.delivered_at ?? last.last_attempt_at ?? last.created_at, responseCode: last.response_code } : null,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    error: row.error,
    nextRetryAt: row.next_retry_at,
    lastAttemptAt: row.last_attempt_at,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    resendOf: row.resend_of,
  };
}

/** A failed attempt in words for the delivery log. */
function describeFailure(err: unknown): string {
  if (err instanceof OutboundRefused) return `Not sent: ${REFUSAL_MESSAGES[err.reason]} (${err.message})`;
  const e = err as NodeJS.ErrnoException;
  const text = e?.code ? `${e.message} (${e.code})` : String(e?.message ?? err);
  return text.slice(0, 500);
}

export function createWebhooksService({ database, jobs, events, config, log, deliveryAttempted }: Deps) {
  const db = database.db;
  const repo = webhooksRepository(db);
  const box = secretBox(config.jwtSecret);
  const inbox = leadsInbox(db);
  let settings: DeliverySettings = { retry: RETRY_SCHEDULE, post: DEFAULT_POST_OPTIONS };

  /** A URL an admin typed, checked now: a refusal is a 400 on the url field. */
  async function checkUrl(url: string): Promise<void> {
    try {
      await checkOutboundUrl(url, { allowPrivate: config.webhookAllowPrivate });
    } catch (err) {
      if (err instanceof OutboundRefused) {
        const message = REFUSAL_MESSAGES[err.reason];
        throw badRequest(message, { url: message });
      }
      throw err;
    }
  }

  async function endpointOrThrow(id: string): Promise<EndpointRow> {
    const row = await repo.findEndpoint(id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  async function present(row: EndpointRow): Promise<WebhookEndpoint> {
    return toEndpoint(row, (await repo.lastDeliveries([row.id])).get(row.id));
  }

  /** Stores a delivery and its first job in one transaction (both or neither). */
  async function enqueue(row: DeliveryRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await webhooksRepository(trx).insertDelivery(row);
      await jobs.send<DeliverJob>(DELIVER_JOB, { deliveryId: row.id, attempt: 1 }, { trx });
    });
  }

  function newDelivery(endpointId: string, event: DeliveryEvent & { leadId: string | null }, resendOf: string | null): DeliveryRow {
    return {
      id: newId(),
      endpoint_id: endpointId,
      event_id: event.id,
      event_type: event.type,
      lead_id: event.leadId,
      occurred_at: event.occurredAt,
      resend_of: resendOf,
      status: "pending",
      attempts: 0,
      response_code: null,
      error: null,
      next_retry_at: null,
      first_attempt_at: null,
      last_attempt_at: null,
      created_at: nowIso(),
      delivered_at: null,
    };
  }

  /** Each lead event: one delivery per endpoint that takes it; a repeated fan-out adds none. */
  async function fanOut(event: LeadEvent): Promise<void> {
    for (const endpoint of await repo.receivingEndpoints()) {
      if (!parseEvents(endpoint.events).includes(event.type)) continue;
      const row = newDelivery(endpoint.id, { id: event.id, type: event.type, occurredAt: event.occurredAt, leadId: event.leadId }, null);
      await db.transaction().execute(async (trx) => {
        if (await webhooksRepository(trx).insertDeliveryOnce(row)) await jobs.send<DeliverJob>(DELIVER_JOB, { deliveryId: row.id, attempt: 1 }, { trx });
      });
    }
  }

  /** The lead of a delivery as the inbox shows it, or undefined once it was erased. */
  async function readLead(type: LeadEventType, leadId: string): Promise<InboxLead | undefined> {
    const lead = await inbox.get(LEAD_KIND_OF_EVENT[type], leadId);
    return lead ? { ...lead, inboxUrl: inboxUrl(config.publicUrl, type, leadId) } : undefined;
  }

  async function finish(id: string, status: DeliveryStatus, error: string): Promise<void> {
    await repo.updateDelivery(id, { status, error, next_retry_at: null });
  }

  /** One attempt of one delivery; a failure schedules the next attempt or, after 24 h, gives up. */
  async function deliver({ deliveryId, attempt }: DeliverJob): Promise<void> {
    const delivery = await repo.findDelivery(deliveryId);
    // Gone with its endpoint, finished, or this attempt was already made (a job run twice).
    if (!delivery || (delivery.status !== "pending" && delivery.status !== "retrying") || delivery.attempts !== attempt - 1) return;
    const endpoint = await repo.findEndpoint(delivery.endpoint_id);
    if (!endpoint) return;
    if (endpoint.status === "disabled") return finish(delivery.id, "skipped", "Not sent: the endpoint was disabled.");

    const event: DeliveryEvent = { id: delivery.event_id, type: delivery.event_type as WebhookEventType, occurredAt: delivery.occurred_at };
    let lead: InboxLead | undefined;
    if (event.type !== WEBHOOK_TEST_EVENT) {
      lead = delivery.lead_id ? await readLead(event.type, delivery.lead_id) : undefined;
      if (!lead) return finish(delivery.id, "skipped", "Not sent: the lead no longer exists (it was erased).");
    }

    const started = new Date();
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      const body = deliveryBody(endpoint.format, event, lead, { endpointId: endpoint.id, publicUrl: config.publicUrl });
      const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...signatureHeaders(box.open(endpoint.secret), event.id, body, started) };
      const answer = await safePost(endpoint.url, body, headers, { ...settings.post, allowPrivate: config.webhookAllowPrivate });
      responseCode = answer.status;
      if (answer.status < 200 || answer.status >= 300) {
        const redirect = answer.status >= 300 && answer.status < 400 ? " (redirects are not followed: use the final address)" : "";
        const said = answer.bodyStart.trim().replace(/\s+/g, " ").slice(0, 200);
        error = `The receiver answered HTTP ${answer.status}${redirect}${said ? `: ${said}` : ""}`;
      }
    } catch (err) {
      error = describeFailure(err);
    }

    const now = new Date();
    const firstAttemptAt = delivery.first_attempt_at ?? started.toISOString();
    const attempted = {
      attempts: delivery.attempts + 1,
      response_code: responseCode,
      error,
      first_attempt_at: firstAttemptAt,
      last_attempt_at: started.toISOString(),
    };
    // The delivery's outcome and the endpoint's health change together: nobody reads one without the other.
    if (error === null) {
      await db.transaction().execute(async (trx) => {
        const tx = webhooksRepository(trx);
        await tx.updateDelivery(delivery.id, { ...attempted, status: "delivered", delivered_at: now.toISOString(), next_retry_at: null });
        await tx.clearFailing(endpoint.id);
      });
      deliveryAttempted?.("delivered");
      return;
    }
    const delay = nextRetryDelaySeconds(settings.retry, attempted.attempts, new Date(firstAttemptAt), now);
    if (delay === null) {
      await db.transaction().execute(async (trx) => {
        const tx = webhooksRepository(trx);
        await tx.updateDelivery(delivery.id, { ...attempted, status: "failed", next_retry_at: null });
        await tx.markFailing(endpoint.id, now.toISOString());
      });
      deliveryAttempted?.("failed");
      log.warn(
        { endpointId: endpoint.id, deliveryId: delivery.id, attempts: attempted.attempts, error },
        "a webhook delivery failed for 24 hours: the endpoint is marked failing",
      );
      return;
    }
    await db.transaction().execute(async (trx) => {
      await webhooksRepository(trx).updateDelivery(delivery.id, {
        ...attempted,
        status: "retrying",
        next_retry_at: new Date(now.getTime() + delay * 1000).toISOString(),
      });
      await jobs.send<DeliverJob>(DELIVER_JOB, { deliveryId: delivery.id, attempt: attempted.attempts + 1 }, { startAfterSeconds: delay, trx });
    });
    deliveryAttempted?.("retrying");
  }

  /**
   * The event types some receiving endpoint listens for, kept until an endpoint is added, changed
   * or removed, on this server or another (the change feed). An event no endpoint listens for
   * gets no fan-out job: an endpoint receives the events published once the servers know of it.
   */
  const listened = new WatchedCache<Set<LeadEventType>>(database.changes, { webhook_endpoints: () => null }, { maxEntries: 1, ttlMs: 60_000 });
  async function listenedFor(type: LeadEventType): Promise<boolean> {
    const types = await listened.get("receiving", async () => new Set((await repo.receivingEventLists()).flatMap(parseEvents)));
    return types.has(type);
  }

  // Registered while the app is built: the queue starts with the app (ADR 11). A handler that
  // throws (the database away) is retried by the queue; a receiver's failure is not an exception.
  events.subscribe("webhooks", fanOut, { retry: { retryLimit: 10, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600 }, wants: listenedFor });
  jobs.define<DeliverJob>(DELIVER_JOB, deliver, { retryLimit: 5, retryDelaySeconds: 30, retryDelayMaxSeconds: 3600 });

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await repo.listEndpoints();
      const last = await repo.lastDeliveries(rows.map((r) => r.id));
      return rows.map((row) => toEndpoint(row, last.get(row.id)));
    },

    async get(id: string): Promise<WebhookEndpoint> {
      return present(await endpointOrThrow(id));
    },

    /** Checks and stores an endpoint; answers its signing secret, which is never shown again. */
    async create(input: CreateWebhookInput, createdBy: string | null): Promise<WebhookSecretAnswer> {
      await checkUrl(input.url);
      const secret = newWebhookSecret();
      const now = nowIso();
      const row: EndpointRow = {
        id: newId(),
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        format: input.format,
        secret: box.seal(secret),
        status: "active",
        failing_since: null,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      };
      await repo.insertEndpoint(row);
      return { endpoint: toEndpoint(row, undefined), secret };
    },

    async update(id: string, input: UpdateWebhookInput): Promise<WebhookEndpoint> {
      const current = await endpointOrThrow(id);
      if (input.url !== undefined && input.url !== current.url) await checkUrl(input.url);
      await repo.updateEndpoint(id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.format !== undefined ? { format: input.format } : {}),
        // Enabling (or re-activating a failing endpoint) and disabling both start afresh.
        ...(input.status !== undefined ? { status: input.status, failing_since: null } : {}),
        updated_at: nowIso(),
      });
      return present(await endpointOrThrow(id));
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.deleteEndpoint(id))) throw notFound(WEBHOOK_MESSAGES.notFound);
    },

    /** A new secret replaces the old one at once; answered this once. */
    async rotateSecret(id: string): Promise<WebhookSecretAnswer> {
      await endpointOrThrow(id);
      const secret = newWebhookSecret();
      await repo.updateEndpoint(id, { secret: box.seal(secret), updated_at: nowIso() });
      return { endpoint: await present(await endpointOrThrow(id)), secret };
    },

    /** Sends a `webhook.test` event to one endpoint (signed like any other delivery). */
    async sendTest(id: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOrThrow(id);
      if (endpoint.status === "disabled") throw conflict("Enable this endpoint before sending it a test event.");
      const row = newDelivery(endpoint.id, { id: newId(), type: WEBHOOK_TEST_EVENT, occurredAt: nowIso(), leadId: null }, null);
      await enqueue(row);
      return toDelivery(row);
    },

    async deliveries(endpointId: string, page: number, limit: number) {
      await endpointOrThrow(endpointId);
      const { rows, total } = await repo.deliveries(endpointId, page, limit);
      return { items: rows.map(toDelivery), total, pages: Math.ceil(total / limit) };
    },

    /** Sends a delivery's event again, as a new delivery linked to it (same event id: receivers dedupe). */
    async resend(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOrThrow(endpointId);
      const original = await repo.findDelivery(deliveryId);
      if (!original || original.endpoint_id !== endpointId) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      if (endpoint.status === "disabled") throw conflict("Enable this endpoint before resending to it.");
      const row = newDelivery(
        endpointId,
        { id: original.event_id, type: original.event_type as WebhookEventType, occurredAt: original.occurred_at, leadId: original.lead_id },
        original.id,
      );
      await enqueue(row);
      return toDelivery(row);
    },

    /** Tests compress the 24-hour schedule and the timeout; production never calls this. */
    useDeliverySettings(next: Partial<DeliverySettings>): void {
      settings = { retry: next.retry ?? settings.retry, post: next.post ?? settings.post };
    },

    /** Fan-out of one event (the subscriber's handler, exposed so tests can repeat it). */
    fanOut,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
