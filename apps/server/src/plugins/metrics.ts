import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { statfs } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { LEAD_KINDS, type LeadKind } from "@vestin/shared/lead-kinds";
import type { Config } from "../config.ts";
import type { QueueBacklog } from "../lib/jobs/types.ts";
import type { JobOutcomes } from "../lib/jobs/observed.ts";
import { AppError } from "../lib/errors.ts";
import { CheapCounter, CheapHistogram } from "./metric-series.ts";

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Where Prometheus scrapes: an operator endpoint, outside /api/v1 and the OpenAPI description. */
export const METRICS_PATH = "/metrics";

/** The request histogram's label for every page the server-rendered web app answers. */
export const PAGE_ROUTE = "page";
/** The request histogram's label for an address no route matches (the 404s of unknown paths). */
export const UNMATCHED_ROUTE = "unmatched";

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

type CacheResult = "hit" | "miss";
/** What the newsletter's sender records of one recipient. */
export type NewsletterOutcome = "sent" | "failed" | "skipped";
export type WebhookOutcome = "delivered" | "failed" | "retrying";
const NEWSLETTER_OUTCOMES: readonly NewsletterOutcome[] = ["sent", "failed", "skipped"];
const WEBHOOK_OUTCOMES: readonly WebhookOutcome[] = ["delivered", "failed", "retrying"];
const CACHE_RESULTS: readonly CacheResult[] = ["hit", "miss"];

/**
 * The app's metrics, one registry per app (buildApp builds many apps in one test process; the
 * global default registry would mix them). Every label takes its values from a fixed list in the
 * code (route templates, lead kinds, job kinds, outcomes), never from a request.
 */
export type AppMetrics = {
  registry: Registry;
  /** Requests by method, route template and status (a histogram of their times, and their count). */
  http: { duration: CheapHistogram; requests: CheapCounter };
  ssrRender: Histogram<"outcome">;
  pageCache: CheapCounter;
  publicCache: CheapCounter;
  /** Told of each try of a background job (lib/jobs/observed.ts). */
  jobs: JobOutcomes;
  emails: { sent: Counter; failed: Counter };
  webhookDeliveries: Counter<"outcome">;
  newsletterDeliveries: Counter<"outcome">;
  leads: Counter<"kind">;
  accountsRegistered: Counter;
  /** Names the reader of the job queues' backlog, read at each scrape (the jobs plugin, registered after this one). */
  collectJobs(read: () => Promise<QueueBacklog[]>): void;
  /** Names the reader of the sending campaigns' progress (0 to 1, undefined when none sends), read at each scrape. */
  collectNewsletterProgress(read: () => Promise<number | undefined>): void;
  /** Shorthands with the label types checked. */
  leadStored(kind: LeadKind): void;
  pageCacheLookup(result: CacheResult): void;
  publicCacheLookup(result: CacheResult): void;
  /**
   * The header a page's render puts on the API calls it makes in-process: those calls are part
   * of the page's own request and time, so they are not counted as requests of their own. Its
   * value is random per process, so no client can hide a request from the metrics with it.
   */
  internalCallHeader: { name: string; value: string };
};

/** The folder whose free space runs out first: the SQLite file's, or DATA_DIR (uploads, the outbox). */
export function dataFolder(config: Pick<Config, "database" | "dataDir">): string {
  const { database } = config;
  return database.dialect === "sqlite" && database.file !== ":memory:" ? path.dirname(database.file) : config.dataDir;
}

/** The route label of an answered request: its route template, never the address it was asked with. */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined || route === "/api/*") return UNMATCHED_ROUTE;
  if (route === "/*") return PAGE_ROUTE;
  return route;
}

export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    const internalCallHeader = { name: "x-vestin-internal-call", value: randomBytes(16).toString("hex") };
    collectDefaultMetrics({ register: registry });
    const registers = [registry];
    const counter = <T extends string>(name: string, help: string, labelNames: readonly T[] = []) => new Counter<T>({ name, help, labelNames, registers });

    // What every request or statement records: the cheap series (metric-series.ts).
    const duration = new CheapHistogram(
      "http_request_duration_seconds",
      "Time from a request's arrival to its answer's last byte, by route template",
      ["method", "route", "status_code"],
      HTTP_BUCKETS,
    ).register(registry);
    const http = {
      duration,
      requests: CheapCounter.fromHistogram("http_requests_total", "Requests answered, by route template", duration).register(registry),
    };
    const ssrRender = new Histogram<"outcome">({
      name: "ssr_render_duration_seconds",
      help: "Time to render a page on the server (cache misses only)",
      labelNames: ["outcome"],
      buckets: HTTP_BUCKETS,
      registers,
    });
    const pageCache = new CheapCounter("page_cache_requests_total", "Page cache lookups of rendered public pages", ["result"]).register(registry);
    const publicCache = new CheapCounter("public_cache_requests_total", "Public API answer cache lookups", ["result"]).register(registry);
    const jobCounters = {
      completed: counter<"queue">("jobs_completed_total", "Background job tries that succeeded, by job kind", ["queue"]),
      retried: counter<"queue">("jobs_retried_total", "Background job tries that failed and will be tried again", ["queue"]),
      failed: counter<"queue">("jobs_failed_total", "Background jobs given up after their last try failed", ["queue"]),
    };
    const emails = {
      sent: counter("emails_sent_total", "E-mails the SMTP server (or the outbox) accepted"),
      failed: counter("emails_failed_total", "E-mails the SMTP server refused or could not be reached for (each try)"),
    };
    const leads = counter<"kind">("leads_total", "Leads stored (counted after their transaction committed), by lead kind", ["kind"]);

    const dbQueries = new CheapHistogram(
      "db_query_duration_seconds",
      "Time of each database statement run by the app, by kind",
      ["dialect", "kind"],
      DB_BUCKETS,
    ).register(registry);
    const dialect = app.database.dialect;
    const stopObserving = app.database.observeQueries((kind, seconds) => dbQueries.observe([dialect, kind], seconds));
    app.addHook("onClose", async () => stopObserving());

    new Gauge<"state">({
      name: "db_pool_connections",
      help: "Database connections by state (PostgreSQL's pool; SQLite's writer and reader)",
      labelNames: ["state"],
      registers,
      collect() {
        const { total, idle, waiting } = app.database.connections();
        this.set({ state: "total" }, total);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
      },
    });

    // Group commit: more transactions than commits means writes shared their commit (a fsync on
    // SQLite, a WAL flush on PostgreSQL).
    new Counter({
      name: "db_group_commits_total",
      help: "COMMITs sent by the group commit (several transactions' commit counts once)",
      registers,
      collect() {
        this.reset();
        this.inc(app.database.commits().commits);
      },
    });
    new Counter({
      name: "db_group_committed_transactions_total",
      help: "Transactions ended by those COMMITs (SQLite: every write transaction; PostgreSQL: those that are one statement)",
      registers,
      collect() {
        this.reset();
        this.inc(app.database.commits().transactions);
      },
    });

    const folder = dataFolder(app.config);
    new Gauge<"path">({
      name: "disk_free_bytes",
      help: "Free bytes on the file system of the data folder",
      labelNames: ["path"],
      registers,
      async collect() {
        try {
          const stats = await statfs(folder);
          this.set({ path: "data" }, stats.bavail * stats.bsize);
        } catch {
          this.reset();
        }
      },
    });

    let readBacklog: (() => Promise<QueueBacklog[]>) | undefined;
    let backlog: Promise<QueueBacklog[]> | undefined;
    /** One read of the queues serves both gauges of one scrape. */
    const currentBacklog = () =>
      (backlog ??= (readBacklog?.() ?? Promise.resolve([])).finally(() => {
        backlog = undefined;
      }));
    new Gauge<"queue">({
      name: "jobs_waiting",
      help: "Background jobs due and not yet taken, by job kind",
      labelNames: ["queue"],
      registers,
      async collect() {
        try {
          const queues = await currentBacklog();
          this.reset();
          for (const { queue, waiting } of queues) this.set({ queue }, waiting);
        } catch {
          this.reset();
        }
      },
    });
    new Gauge({
      name: "jobs_oldest_waiting_seconds",
      help: "How long the longest-waiting due job (of any kind) has waited to be taken",
      registers,
      async collect() {
        try {
          const queues = await currentBacklog();
          this.set(Math.max(0, ...queues.map((q) => q.oldestWaitingSeconds)));
        } catch {
          this.reset();
        }
      },
    });

    let readNewsletterProgress: (() => Promise<number | undefined>) | undefined;
    new Gauge({
      name: "newsletter_campaign_progress_ratio",
      help: "Share of the recipients handled across the campaigns sending now (0 when none is sending)",
      registers,
      async collect() {
        try {
          this.set((await readNewsletterProgress?.()) ?? 0);
        } catch {
          this.reset();
        }
      },
    });

    const webhookDeliveries = counter<"outcome">("webhook_deliveries_total", "Webhook delivery attempts by outcome", ["outcome"]);
    const newsletterDeliveries = counter<"outcome">("newsletter_deliveries_total", "Newsletter recipients handled by outcome", ["outcome"]);
    // Counters with a fixed set of labels start at 0 for each, so rate() sees the first event and
    // an alert on a ratio has both sides from the start.
    for (const kind of LEAD_KINDS) leads.inc({ kind }, 0);
    for (const outcome of WEBHOOK_OUTCOMES) webhookDeliveries.inc({ outcome }, 0);
    for (const outcome of NEWSLETTER_OUTCOMES) newsletterDeliveries.inc({ outcome }, 0);
    for (const result of CACHE_RESULTS) {
      pageCache.inc([result], 0);
      publicCache.inc([result], 0);
    }

    const metrics: AppMetrics = {
      registry,
      http,
      ssrRender,
      pageCache,
      publicCache,
      jobs: {
        completed: (queue) => jobCounters.completed.inc({ queue }),
        retried: (queue) => jobCounters.retried.inc({ queue }),
        failed: (queue) => jobCounters.failed.inc({ queue }),
      },
      emails,
      webhookDeliveries,
      newsletterDeliveries,
      leads,
      accountsRegistered: counter("accounts_registered_total", "Accounts created by sign-up (form or Google), after their transaction committed"),
      collectJobs(read) {
        readBacklog = read;
      },
      collectNewsletterProgress(read) {
        readNewsletterProgress = read;
      },
      leadStored: (kind) => leads.inc({ kind }),
      pageCacheLookup: (result) => pageCache.inc([result]),
      internalCallHeader,
      publicCacheLookup: (result) => publicCache.inc([result]),
    };
    app.decorate("metrics", metrics);

    // Every answer, whatever answered it (a route, an early answer from the public cache, the 404
    // handler), except the scrapes themselves.
    app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = routeLabel(request);
      if (route !== METRICS_PATH && request.headers[internalCallHeader.name] !== internalCallHeader.value) {
        duration.observe([request.method, route, reply.statusCode], reply.elapsedTime / 1000);
      }
      done();
    });
  },
  { name: "metrics", dependencies: ["config", "database"] },
);

/** A SHA-256 of the token: comparing two digests of equal length takes the same time whatever they hold. */
const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether an Authorization header carries the bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), expected) && match !== null;
}

export const METRICS_UNAUTHORIZED = "A valid metrics token is required.";

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN; without the
 * variable the route does not exist (the usual 404). Registered with the HTTP surface (app.ts), so
 * the security headers, error envelope and compression apply to it as to any answer. No rate
 * limit guards it: limits are per form and per sign-in, and a scrape every few seconds is expected.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.metricsToken;
  if (!token) return;
  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      throw new AppError(401, METRICS_UNAUTHORIZED, undefined, { "www-authenticate": "Bearer", "cache-control": "no-store" });
    }
    void reply.header("cache-control", "no-store").type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
};
