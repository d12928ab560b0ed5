import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { LEAD_KINDS } from "@vestin/shared/lead-kinds";
import { describeEachDatabase } from "../../test/harness.ts";
import { api, newUser } from "../../test/helpers.ts";
import { contactBody } from "../../test/lead-payloads.ts";
import { bearerMatches, METRICS_UNAUTHORIZED } from "./metrics.ts";

/*
 * GET /metrics: off without METRICS_TOKEN, only for the token's holder with it, and what it
 * reports moves with what the app does (requests by route template, leads, jobs, e-mails).
 */

const TOKEN = "metrics-token-for-the-tests-0123";

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = value as string;
    out.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return out;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const answer = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode).toBe(200);
  return samples(answer.body);
}

/** The value of the one sample with this name whose labels include `labels` (0 when there is none). */
function value(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describeEachDatabase("metrics without METRICS_TOKEN", (t) => {
  it("answers /metrics with the usual unknown-route 404, token or not, yet keeps counting", async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const answer = await t().app.inject({ method: "GET", url: "/metrics", headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ success: false, message: MESSAGES.routeNotFound, requestId: expect.any(String) });
    }
    const text = await t().app.metrics.registry.metrics();
    expect(value(samples(text), "http_requests_total", { method: "GET", route: "unmatched", status_code: "404" })).toBeGreaterThanOrEqual(2);
  });
});

describe("the bearer check", () => {
  it("takes only the exact token after Bearer", async () => {
    const { createHash } = await import("node:crypto");
    const expected = createHash("sha256").update(TOKEN).digest();
    expect(bearerMatches(`Bearer ${TOKEN}`, expected)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, expected)).toBe(true);
    for (const header of [undefined, "", "Bearer", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN} extra`]) {
      expect(bearerMatches(header, expected)).toBe(false);
    }
  });
});

/** The app's queue, held until a test lets it work, so a job sent is seen waiting. */
let releaseQueue: (() => Promise<void>) | undefined;

describeEachDatabase(
  "metrics",
  (t) => {
    it("refuses a scrape without the token or with a wrong one: 401 in the envelope, with WWW-Authenticate", async () => {
      for (const authorization of [undefined, "Bearer not-the-metrics-token-at-all", `Basic ${TOKEN}`, `Bearer ${TOKEN}0`]) {
        const answer = await t().app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
        expect(answer.statusCode).toBe(401);
        expect(answer.headers["www-authenticate"]).toBe("Bearer");
        expect(answer.json()).toEqual({ success: false, message: METRICS_UNAUTHORIZED, requestId: expect.any(String) });
        expect(answer.body).not.toContain("http_request");
      }
    });

    it("counts the group commits and the transactions they ended: enquiries sent together share commits", async () => {
      const before = await scrape(t().app);
      const sent = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          t().app.inject({
            method: "POST",
            url: "/api/v1/contacts",
            remoteAddress: `198.51.100.${n + 1}`,
            headers: { "content-type": "application/json" },
            payload: JSON.stringify(contactBody({ email: `together${n}@example.com`, confirmEmail: `together${n}@example.com` })),
          }),
        ),
      );
      expect(sent.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 201));
      const after = await scrape(t().app);
      const grew = (name: string) => value(after, name) - value(before, name);
      expect(grew("db_group_committed_transactions_total")).toBeGreaterThanOrEqual(12);
      expect(grew("db_group_commits_total")).toBeGreaterThanOrEqual(1);
      expect(grew("db_group_commits_total")).toBeLessThan(grew("db_group_committed_transactions_total"));
    });

    it("answers the token's holder in Prometheus's text format, never cached, not counting itself", async () => {
      expect((await t().app.inject({ method: "GET", url: "/api/v1/courses?search=metrics" })).statusCode).toBe(200);
      const answer = await t().app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.body).toContain("# TYPE http_request_duration_seconds histogram");
      const all = samples(answer.body);
      const dialect = t().dialect;
      expect(value(all, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect(all.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
      expect(value(all, "db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(value(all, "db_query_duration_seconds_count", { dialect, kind: "select" })).toBeGreaterThan(0);
      expect(value(all, "disk_free_bytes", { path: "data" })).toBeGreaterThan(0);
      // Counters of a fixed label set are there from the start, at 0.
      for (const kind of LEAD_KINDS) expect(all.some((s) => s.name === "leads_total" && s.labels.kind === kind)).toBe(true);
      expect(value(all, "webhook_deliveries_total", { outcome: "failed" })).toBe(0);
      expect(value(all, "newsletter_campaign_progress_ratio")).toBe(0);
      const again = await scrape(t().app);
      expect(again.some((s) => s.labels.route === "/metrics")).toBe(false);
      // An operator endpoint: not part of the API's description.
      const openApi = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
      expect(Object.keys(openApi.json().paths as object)).not.toContain("/metrics");
    });

    it("counts a contact enquiry as a lead and under its route template, and shows its jobs waiting", async () => {
      const before = await scrape(t().app);
      const labels = { method: "POST", route: "/api/v1/contacts", status_code: "201" };
      const answer = await api(t().app, "POST", "/api/v1/contacts", contactBody());
      expect(answer.status).toBe(201);
      const after = await scrape(t().app);
      expect(value(after, "leads_total", { kind: "enquiries" }) - value(before, "leads_total", { kind: "enquiries" })).toBe(1);
      expect(value(after, "http_requests_total", labels) - value(before, "http_requests_total", labels)).toBe(1);
      expect(value(after, "http_request_duration_seconds_count", labels) - value(before, "http_request_duration_seconds_count", labels)).toBe(1);
      expect(value(after, "http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(value(after, "http_request_duration_seconds_count", labels));
      // The queue is held: the lead's notification job waits, and is counted at the scrape.
      expect(value(after, "jobs_waiting", { queue: "event.notify" })).toBeGreaterThanOrEqual(1);
      expect(value(after, "jobs_waiting", { queue: "mail.send" })).toBe(0);
      expect(value(after, "jobs_oldest_waiting_seconds")).toBeGreaterThanOrEqual(0);
    });

    it("counts each answer once under its label: a route, its HEAD twin, an unknown API path or method, a path of no route", async () => {
      const asked: Array<[method: "GET" | "HEAD" | "DELETE", url: string, labels: Record<string, string>]> = [
        ["GET", "/api/v1/courses", { method: "GET", route: "/api/v1/courses", status_code: "200" }],
        ["HEAD", "/api/v1/courses", { method: "HEAD", route: "/api/v1/courses", status_code: "200" }],
        ["GET", "/api/v1/no-such-thing", { method: "GET", route: "unmatched", status_code: "404" }],
        ["DELETE", "/api/v1/courses", { method: "DELETE", route: "unmatched", status_code: "404" }],
        ["GET", "/no-such-file.txt", { method: "GET", route: "unmatched", status_code: "404" }],
      ];
      for (const [method, url, labels] of asked) {
        const before = value(await scrape(t().app), "http_requests_total", labels);
        const answer = await t().app.inject({ method, url });
        expect(answer.statusCode, `${method} ${url}`).toBe(Number(labels.status_code));
        expect(value(await scrape(t().app), "http_requests_total", labels) - before, `${method} ${url}`).toBe(1);
      }
    });

    it("counts the jobs run and the e-mail they sent once the queue works", async () => {
      const before = await scrape(t().app);
      await releaseQueue?.();
      await t().app.jobs.idle(30_000);
      const after = await scrape(t().app);
      expect(value(after, "jobs_waiting", { queue: "event.notify" })).toBe(0);
      expect(value(after, "jobs_completed_total", { queue: "event.notify" })).toBeGreaterThanOrEqual(1);
      // The team's notification of the enquiry (NOTIFY_EMAILS), written to the outbox.
      expect(value(after, "emails_sent_total") - value(before, "emails_sent_total")).toBeGreaterThanOrEqual(1);
      expect(value(after, "emails_failed_total")).toBe(0);
    });

    it("counts an account registered", async () => {
      const before = await scrape(t().app);
      expect((await api(t().app, "POST", "/api/v1/auth/register", newUser())).status).toBe(201);
      const after = await scrape(t().app);
      expect(value(after, "accounts_registered_total") - value(before, "accounts_registered_total")).toBe(1);
    });

    it("labels by route template: a hundred different addresses add no series", async () => {
      // Each kind of address once, so the series it answers under exist before the count.
      await t().app.inject({ method: "GET", url: "/api/v1/no-such-route-0" });
      await t().app.inject({ method: "GET", url: "/no-such-page-0" });
      await t().app.inject({ method: "GET", url: "/api/v1/courses/000000000000000000000000" });
      await t().app.inject({ method: "GET", url: "/api/v1/blogs/no-such-article-0" });
      const series = (all: Sample[]) => all.filter((s) => s.name === "http_request_duration_seconds_count").length;
      const before = await scrape(t().app);
      for (let i = 1; i <= 100; i++) {
        const raw = `${i}-${Math.random().toString(36).slice(2)}`;
        await t().app.inject({ method: "GET", url: `/api/v1/no-such-route-${raw}` });
        await t().app.inject({ method: "GET", url: `/no-such-page-${raw}?q=${raw}` });
        await t().app.inject({ method: "GET", url: `/api/v1/courses/${raw}` });
        await t().app.inject({ method: "GET", url: `/api/v1/blogs/no-such-article-${raw}` });
      }
      const after = await scrape(t().app);
      expect(series(after)).toBe(series(before));
      expect(after.some((s) => Object.values(s.labels).some((v) => v.includes("no-such")))).toBe(false);
      expect(value(after, "http_requests_total", { method: "GET", route: "unmatched", status_code: "404" })).toBeGreaterThanOrEqual(200);
      expect(value(after, "http_requests_total", { method: "GET", route: "/api/v1/courses/:id", status_code: "404" })).toBeGreaterThanOrEqual(100);
    });
  },
  {
    env: { METRICS_TOKEN: TOKEN, NOTIFY_EMAILS: "team@example.com" },
    prepare(app) {
      const jobs = app.jobs;
      const start = jobs.start;
      jobs.start = async () => {};
      releaseQueue = () => start.call(jobs);
    },
  },
);
