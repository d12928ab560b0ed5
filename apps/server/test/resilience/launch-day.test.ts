import http from "node:http";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { CONFIRMATION_JOB } from "../../src/features/leads/index.ts";
import { createTestDatabase, type TestDatabase } from "../harness.ts";
import { REPO_ROOT } from "../support/start-server.ts";
import { enrolSecondFactor } from "../helpers.ts";
import { until as waitFor } from "../until.ts";
import { describeWith, redisUrl } from "./support/environment.ts";
import { startHaproxy, type Haproxy } from "./support/haproxy.ts";
import { request } from "./support/http.ts";
import { nextBuild, type NextBuild } from "./support/next-build.ts";
import { otlpReceiver, SPAN_KIND_SERVER } from "./support/otlp-receiver.ts";
import { startPrometheus, type Prometheus } from "./support/prometheus.ts";
import { startServer, TEST_JWT_SECRET, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * Launch day: three servers behind Debian's HAProxy (the shipped deploy/haproxy/haproxy.cfg),
 * sharing one PostgreSQL database and one Redis, scraped by Debian's Prometheus (the shipped
 * scrape job), under a steady mixed load of page views, public reads, waitlist and presale
 * registrations and lesson completions. During the load: a rolling deploy onto a next build that
 * carries an expand-style migration (no request may fail), a SIGKILLed server (no GET may fail,
 * every acknowledged write must be stored, and the only failed writes are those in flight on the
 * killed server), an administrator's edit on one server seen on the others within the documented
 * 30 s, and Prometheus's count of the requests served agreeing with the load's own. Every
 * server traces (OpenTelemetry, to an OTLP receiver in the test): one presale registration's
 * request, SQL, confirmation job and e-mail send arrive as one trace, whichever servers ran them.
 */

const SERVERS = 3;
const RATE_PER_SECOND = 24;
const DRAIN_SECONDS = 4;
const METRICS_TOKEN = `launch-day-${randomBytes(12).toString("hex")}`;
/** The documented bound for an edit to show on the other servers (their page and API caches). */
const EDIT_SEEN_WITHIN_MS = 30_000;
const REDIS_DB = 11;

type Kind = "page" | "read" | "waitlist" | "presale" | "complete";
type Sent = {
  kind: Kind;
  method: string;
  path: string;
  /** The write's own key: the e-mail of a lead, `user/lesson` of a completion. */
  key?: string;
  start: number;
  end: number;
  status: number;
  error?: string;
};
type Learner = { id: string; token: string };

const PAGES = ["/", "/learn", "/presale", "/articles", "/v4"];
const READS = ["/api/v1/courses", "/api/v1/blogs", "/api/v1/blogs/categories", "/api/v1/courses/categories/analytics"];

function sharedRedisUrl(): string {
  const url = new URL(redisUrl());
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
}

/** HAProxy's stats page and the servers may refuse while they start: a refusal counts as not yet. */
const until = (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) =>
  waitFor(what, check, { timeoutMs, everyMs: 100, retryOnError: true });

/** A steady load at a fixed rate through the load balancer, every request and its outcome recorded. */
class Load {
  readonly sent: Sent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private n = 0;
  private completions = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 48 });

  private readonly base: string;
  private readonly stamp: string;
  /** Every (learner, lesson) pair the learners may complete, each completed once. */
  private readonly toComplete: Array<{ learner: Learner; lesson: string }>;

  constructor(base: string, stamp: string, toComplete: Array<{ learner: Learner; lesson: string }>) {
    this.base = base;
    this.stamp = stamp;
    this.toComplete = toComplete;
  }

  start(): void {
    this.timer = setInterval(() => this.fire(), 1000 / RATE_PER_SECOND);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.agent.destroy();
  }

  private fire(): void {
    const n = this.n++;
    const slot = n % 20;
    let kind: Kind;
    let path: string;
    let body: unknown;
    let token: string | undefined;
    let key: string | undefined;
    // Per 20 requests: 8 page views, 6 public reads, 2 waitlist and 2 presale registrations, 2 completions.
    if (slot < 8) {
      kind = "page";
      path = PAGES[n % PAGES.length] ?? "/";
    } else if (slot < 14) {
      kind = "read";
      path = READS[n % READS.length] ?? "/api/v1/courses";
    } else if (slot < 16) {
      kind = "waitlist";
      key = `waitlist${n}.${this.stamp}@example.com`;
      path = "/api/v1/testnet-signup";
      body = { username: `Launch Day ${n}`, email: key, twitterHandle: `@launch_${n}` };
    } else if (slot < 18) {
      kind = "presale";
      key = `presale${n}.${this.stamp}@example.com`;
      path = "/api/v1/presale";
      body = {
        fullName: `Launch Investor ${n}`,
        email: key,
        walletAddress: `0x${randomBytes(20).toString("hex")}`,
        investmentRange: "$1,000 - $5,000",
        cryptoExperience: "Intermediate",
        reference: "Discord",
        additionalInfo: "long-term",
      };
    } else {
      kind = "complete";
      const next = this.toComplete[this.completions++];
      if (!next) throw new Error("the load ran out of lessons to complete: enrol the learners in more courses");
      const { learner, lesson } = next;
      token = learner.token;
      key = `${learner.id}/${lesson}`;
      path = `/api/v1/lessons/${lesson}/complete`;
    }
    const method = kind === "page" || kind === "read" ? "GET" : "POST";
    const record: Sent = { kind, method, path, ...(key ? { key } : {}), start: Date.now(), end: 0, status: 0 };
    this.sent.push(record);
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br, zstd" };
    if (kind === "page") headers.accept = "text/html";
    const done = request(this.base, path, { method, body, token, headers, agent: this.agent, timeoutMs: 20_000 })
      .then((reply) => {
        record.status = reply.status;
      })
      .catch((err: unknown) => {
        record.error = err instanceof Error ? err.message : String(err);
      })
      .finally(() => {
        record.end = Date.now();
        this.inFlight.delete(done);
      });
    this.inFlight.add(done);
  }
}

const failed = (s: Sent) => s.error !== undefined || s.status < 200 || s.status >= 300;
const between = (sent: Sent[], from: number, to: number) => sent.filter((s) => s.start >= from && s.start <= to);
function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}
const describeFailures = (sent: Sent[]) =>
  JSON.stringify(
    sent.filter(failed).map((s) => ({ kind: s.kind, path: s.path, status: s.status, error: s.error, start: s.start, end: s.end })),
    null,
    1,
  ).slice(0, 3000);

describeWith({ postgres: true, redis: true }, "launch day: three servers behind HAProxy, observed by Prometheus", () => {
  let testDb: TestDatabase;
  let database: Database;
  let haproxy: Haproxy;
  let prometheus: Prometheus;
  let next: NextBuild;
  let load: Load;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  const servers: ServerProcess[] = [];
  const ports: number[] = [];
  const dataDirs: Array<{ dir: string; remove(): void }> = [];
  const stamp = Date.now().toString(36);
  const figures: Record<string, unknown> = {};

  const envFor = (i: number) => ({
    DATABASE_URL: testDb.url,
    REDIS_URL: sharedRedisUrl(),
    DATA_DIR: dataDirs[i]?.dir ?? "",
    METRICS_TOKEN,
    DRAIN_SECONDS: String(DRAIN_SECONDS),
    DATABASE_POOL_SIZE: "6",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: `vestin-s${i + 1}`,
    OTEL_BSP_SCHEDULE_DELAY: "200",
  });
  /** The SDK loaded before the server, as `npm start` does when an OTLP endpoint is set. */
  const tracing = (root = REPO_ROOT) => ["--import", path.join(root, "apps/server/src/tracing.ts")];

  async function serverUp(name: string): Promise<boolean> {
    return (await haproxy.serverStates())[name] === "UP";
  }

  /** Stops server i and starts it again on the next build; `stoppedAt` is when its process had gone. */
  async function restart(i: number, how: "SIGTERM" | "SIGKILL"): Promise<{ exit: { code: number | null; signal: string | null }; stoppedAt: number }> {
    const server = servers[i];
    if (!server) throw new Error(`no server ${i}`);
    let exit: { code: number | null; signal: string | null };
    if (how === "SIGTERM") exit = (await server.stop()) ?? { code: null, signal: null };
    else {
      server.child.kill("SIGKILL");
      exit = await server.exited;
    }
    const stoppedAt = Date.now();
    await until(`HAProxy to take s${i + 1} out`, async () => !(await serverUp(`s${i + 1}`)));
    servers[i] = await startServer({ env: envFor(i), port: ports[i], root: next.root, nodeArgs: tracing(next.root), startTimeoutMs: 90_000 });
    await until(`HAProxy to send s${i + 1} traffic again`, () => serverUp(`s${i + 1}`), 30_000);
    return { exit, stoppedAt };
  }

  beforeAll(async () => {
    receiver = await otlpReceiver();
    testDb = await createTestDatabase("postgres");
    database = await openDatabase({ dialect: "postgres", url: testDb.url });
    next = nextBuild();
    const { Redis } = await import("ioredis");
    const redis = new Redis(sharedRedisUrl());
    await redis.flushdb();
    redis.disconnect();
    for (let i = 0; i < SERVERS; i++) dataDirs.push(tempDataDir("vestin-launch-day-"));
    // The first server migrates and seeds; the others start on the prepared database.
    servers.push(await startServer({ env: envFor(0), nodeArgs: tracing(), startTimeoutMs: 120_000 }));
    for (let i = 1; i < SERVERS; i++) servers.push(await startServer({ env: envFor(i), nodeArgs: tracing(), startTimeoutMs: 90_000 }));
    ports.push(...servers.map((s) => s.port));
    haproxy = await startHaproxy(ports);
    await until("HAProxy to list every server UP", async () => Object.values(await haproxy.serverStates()).filter((s) => s === "UP").length === SERVERS);
    prometheus = await startPrometheus(ports, METRICS_TOKEN);
    await until("Prometheus to scrape every server", async () => {
      const targets = Object.values(await prometheus.targets());
      return targets.length === SERVERS && targets.every((t) => t.health === "up");
    });

    // Learners, made through the load balancer before the load, each enrolled in every course:
    // the load completes each of their lessons once.
    const base = haproxy.url;
    const courses = (await request(base, "/api/v1/courses?limit=100")).body.data as Array<{ _id: string }>;
    const lessonsOf = new Map<string, string[]>();
    for (const course of courses) {
      const lessons = (await request(base, `/api/v1/courses/${course._id}/lessons`)).body.data.lessons.data as Array<{ _id: string }>;
      lessonsOf.set(
        course._id,
        lessons.map((l) => l._id),
      );
    }
    const toComplete: Array<{ learner: Learner; lesson: string }> = [];
    for (let n = 0; n < 8; n++) {
      const res = await request(base, "/api/v1/auth/register", {
        body: { firstName: "Launch", lastName: `Learner${n}`, email: `learner${n}.${stamp}@example.com`, password: "correct horse battery" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const learner = { id: res.body.data.user._id as string, token: res.body.data.token as string };
      for (const [courseId, lessons] of lessonsOf) {
        expect((await request(base, `/api/v1/courses/${courseId}/enroll`, { method: "POST", token: learner.token })).status).toBe(201);
        for (const lesson of lessons) toComplete.push({ learner, lesson });
      }
    }
    // Interleaved, so the learners take turns.
    toComplete.sort((a, b) => a.lesson.localeCompare(b.lesson) || a.learner.id.localeCompare(b.learner.id));
    load = new Load(base, stamp, toComplete);
    load.start();
    // Every kind of request answered at least once before anything happens to the servers.
    await until("the load to warm up", () => new Set(load.sent.filter((s) => s.status >= 200 && s.status < 300).map((s) => s.kind)).size === 5);
  }, 300_000);

  afterAll(async () => {
    await load?.stop();
    load?.close();
    console.log(`launch day figures: ${JSON.stringify(figures)}`);
    await prometheus?.stop();
    await haproxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await testDb?.dispose();
    await receiver?.close();
    for (const d of dataDirs) d.remove();
    next?.remove();
  }, 120_000);

  it("rolls a deploy through the three servers, one at a time, onto a build with an expand migration: no request fails", async () => {
    const from = Date.now();
    for (let i = 0; i < SERVERS; i++) {
      const { exit } = await restart(i, "SIGTERM");
      expect(exit, `s${i + 1} drained and exited 0`).toEqual({ code: 0, signal: null });
    }
    // A few seconds of load on the new build before counting.
    const until2 = Date.now() + 3_000;
    await until("load on the new build", () => Date.now() > until2);
    const window = between(load.sent, from, Date.now());
    const settled = window.filter((s) => s.end > 0);
    figures.rollingDeploy = { requests: settled.length, failed: settled.filter(failed).length };
    expect(settled.length).toBeGreaterThan(100);
    expect(settled.filter(failed), describeFailures(settled)).toEqual([]);
    const applied = await sql<{ name: string }>`select name from kysely_migration where name = ${next.migration}`.execute(database.db);
    expect(applied.rows).toHaveLength(1);
  });

  it("loses no GET and no acknowledged write when a server is SIGKILLed; only writes in flight there fail", async () => {
    const from = Date.now();
    const { stoppedAt: killedAt } = await restart(1, "SIGKILL");
    const quietUntil = Date.now() + 3_000;
    await until("load after the crash", () => Date.now() > quietUntil);
    await load.stop();
    const window = between(load.sent, from, Date.now());
    const gets = window.filter((s) => s.method === "GET");
    const writes = window.filter((s) => s.method === "POST");
    const failedWrites = writes.filter(failed);
    const counters = await haproxy.serverCounters();
    figures.crash = {
      requests: window.length,
      failedGets: gets.filter(failed).length,
      writes: writes.length,
      failedWrites: failedWrites.length,
      retries: Object.values(counters).reduce((sum, c) => sum + Number(c.wretr ?? 0), 0),
      redispatches: Object.values(counters).reduce((sum, c) => sum + Number(c.wredis ?? 0), 0),
      failures: failedWrites.map((w) => ({
        path: w.path,
        status: w.status,
        error: w.error,
        sentMsAfterKill: w.start - killedAt,
        answeredMsAfterKill: w.end - killedAt,
      })),
    };
    expect(gets.filter(failed), describeFailures(gets)).toEqual([]);
    // A write fails only when it was on its way to the killed server: sent before its process was
    // gone, answered after the kill. Those sent later find its port closed and go elsewhere.
    for (const write of failedWrites) {
      expect(write.start, describeFailures([write])).toBeLessThanOrEqual(killedAt);
      // Cut off: HAProxy's 502, or the connection closed without an answer.
      expect(write.error !== undefined || [502, 503, 504].includes(write.status), describeFailures([write])).toBe(true);
    }

    // Every acknowledged write of the whole run is stored.
    const acknowledged = load.sent.filter((s) => s.method === "POST" && !failed(s));
    const emails = acknowledged.filter((s) => s.kind === "waitlist" || s.kind === "presale").map((s) => s.key ?? "");
    const stored = new Set([
      ...(await database.db.selectFrom("testnet_signups").select("email").where("email", "like", `%.${stamp}@example.com`).execute()).map((r) => r.email),
      ...(await database.db.selectFrom("presale_registrations").select("email").where("email", "like", `%.${stamp}@example.com`).execute()).map((r) => r.email),
    ]);
    const completions = new Set(
      (await database.db.selectFrom("lesson_completions").select(["user_id", "lesson_id"]).execute()).map((r) => `${r.user_id}/${r.lesson_id}`),
    );
    const missing = [
      ...emails.filter((e) => !stored.has(e)),
      ...acknowledged.filter((s) => s.kind === "complete" && !completions.has(s.key ?? "")).map((s) => s.key),
    ];
    figures.writes = {
      acknowledged: acknowledged.length,
      found: acknowledged.length - missing.length,
      sentInAll: load.sent.filter((s) => s.method === "POST").length,
    };
    expect(missing).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(50);
  });

  it("shows an administrator's edit, made on one server, on the other two within 30 s", async () => {
    const [s1, s2, s3] = servers;
    if (!s1 || !s2 || !s3) throw new Error("three servers");
    const res = await request(s1.url, "/api/v1/auth/register", {
      body: { firstName: "Launch", lastName: "Editor", email: `editor.${stamp}@example.com`, password: "correct horse battery" },
    });
    const adminId = res.body.data.user._id as string;
    await database.db.updateTable("users").set({ role: "admin" }).where("id", "=", adminId).execute();
    await enrolSecondFactor(database.db, TEST_JWT_SECRET, adminId);
    const token = res.body.data.token as string;
    const article = (await request(s1.url, "/api/v1/blogs?limit=1")).body.data[0] as { _id: string };
    // The others have the article's answer and page in their caches before the edit.
    for (const other of [s2, s3]) {
      expect((await request(other.url, `/api/v1/blogs/${article._id}`)).status).toBe(200);
      expect((await request(other.url, `/blog/${article._id}`, { headers: { accept: "text/html" } })).status).toBe(200);
    }
    const title = `Launch day edit ${stamp}`;
    const edit = await request(s1.url, `/api/v1/blogs/${article._id}`, { method: "PUT", token, body: { title } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const editedAt = Date.now();
    const seenAfter: number[] = [];
    for (const other of [s2, s3]) {
      await until(
        `the edit on ${other.url}`,
        async () => {
          const api = await request(other.url, `/api/v1/blogs/${article._id}`);
          const page = await request(other.url, `/blog/${article._id}`, { headers: { accept: "text/html" } });
          return api.body.data?.title === title && String(page.body).includes(title);
        },
        EDIT_SEEN_WITHIN_MS + 5_000,
      );
      seenAfter.push(Date.now() - editedAt);
    }
    figures.adminEditSeenAfterMs = seenAfter;
    // The caches' life, plus the time of the poll that saw it and of one render.
    for (const ms of seenAfter) expect(ms).toBeLessThanOrEqual(EDIT_SEEN_WITHIN_MS + 2_000);
  });

  it("has Prometheus count the requests the three servers served as the load counted them (within 5 %), with their p99", async () => {
    const counted = `sum(http_requests_total{job="vestin", route!~"/api/v1/health.*"})`;
    /** Waits until every server was scraped after `since`, then reads the sum. */
    const scrapedTotal = async (since: number) => {
      await until("a scrape of every server", async () => {
        const targets = Object.values(await prometheus.targets());
        return targets.length === SERVERS && targets.every((t) => t.health === "up" && Date.parse(t.lastScrape) > since);
      });
      return (await prometheus.query(counted))[0]?.value ?? 0;
    };
    const before = await scrapedTotal(Date.now());
    const from = Date.now();
    load.start();
    const endAt = Date.now() + 20_000;
    await until("20 s of load", () => Date.now() > endAt, 30_000);
    await load.stop();
    const to = Date.now();
    const after = await scrapedTotal(to);
    const window = between(load.sent, from, to);
    const answered = window.filter((s) => s.status > 0);
    const served = after - before;
    const seconds = (to - from) / 1000;
    const p99Query = `histogram_quantile(0.99, sum by (le) (increase(http_request_duration_seconds_bucket{job="vestin", route!~"/api/v1/health.*"}[${Math.ceil(seconds) + 5}s])))`;
    let promP99: { value: number } | undefined;
    await until(
      `Prometheus to answer ${p99Query}`,
      async () => {
        [promP99] = await prometheus.query(p99Query);
        return promP99 !== undefined && Number.isFinite(promP99.value) && promP99.value > 0;
      },
      10_000,
    );
    const loadP99 = p99(answered.map((s) => s.end - s.start));
    figures.prometheus = {
      loadCounted: answered.length,
      prometheusCounted: served,
      loadRate: Number((answered.length / seconds).toFixed(1)),
      prometheusRate: Number((served / seconds).toFixed(1)),
      loadP99Ms: loadP99,
      prometheusP99Ms: Math.round((promP99?.value ?? 0) * 1000),
    };
    expect(answered.length).toBeGreaterThan(300);
    expect(Math.abs(served - answered.length) / answered.length).toBeLessThanOrEqual(0.05);
    // The histogram's p99 is interpolated within its bucket: it agrees with the load's to within
    // the bucket the load's p99 falls in, or the next one.
    const buckets = [0, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];
    const bucket = buckets.findIndex((b) => loadP99 <= b);
    const promMs = (promP99?.value ?? 0) * 1000;
    expect(promMs).toBeGreaterThan(buckets[Math.max(0, bucket - 2)] ?? 0);
    expect(promMs).toBeLessThanOrEqual(buckets[Math.min(buckets.length - 1, bucket + 1)] ?? Number.POSITIVE_INFINITY);
  });

  it("traces one presale registration through HAProxy as one trace: the request, its SQL, its confirmation job and the e-mail", async () => {
    const seenBefore = receiver.spans.length;
    const email = `traced.${stamp}@example.com`;
    const reply = await request(haproxy.url, "/api/v1/presale", {
      body: {
        fullName: "Traced Investor",
        email,
        walletAddress: `0x${randomBytes(20).toString("hex")}`,
        investmentRange: "$1,000 - $5,000",
        cryptoExperience: "Intermediate",
        reference: "Discord",
        additionalInfo: "long-term",
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const fresh = () => receiver.spans.slice(seenBefore);
    let served: (typeof receiver.spans)[number] | undefined;
    await until("the registration's request span", () => {
      served = fresh().find((s) => s.kind === SPAN_KIND_SERVER && s.scope === "@opentelemetry/instrumentation-http" && s.name.includes("/api/v1/presale"));
      return served !== undefined;
    });
    const traceId = served?.traceId ?? "";
    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    await until("the confirmation e-mail's send in the same trace", () => inTrace().some((s) => s.name === "email send"));
    // The job's span ends after the send inside it, so it can reach the receiver in a later batch.
    await until("the e-mail job's span in the same trace", () => inTrace().some((s) => s.name === `job ${CONFIRMATION_JOB}`));
    const send = inTrace().find((s) => s.name === "email send");
    const job = inTrace().find((s) => s.name === `job ${CONFIRMATION_JOB}`);
    expect(job?.spanId).toBe(send?.parentSpanId);
    const sqlSpans = inTrace().filter((s) => /^(postgresql|postgres)$/.test(String(s.attributes["db.system"] ?? s.attributes["db.system.name"])));
    expect(sqlSpans.length).toBeGreaterThan(0);
    // A statement's span names its command, and a prepared one its table too ("INSERT presale_registrations #7").
    for (const span of sqlSpans.filter((s) => s.name.startsWith("pg.query"))) expect(span.name).toMatch(/^pg\.query:[A-Z]+( [\w.]+)?( #\d+)?( |$)/);
    expect(JSON.stringify(inTrace().map((s) => s.attributes))).not.toContain(email);
    figures.trace = { spans: inTrace().length, sql: sqlSpans.length, names: [...new Set(inTrace().map((s) => s.name))].slice(0, 12) };
  });
});
