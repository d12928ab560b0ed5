/**
 * The mixed run: page views and public reads with sign-ups among them, at a fixed rate, as on the
 * day an announcement sends the community to the site. Nine requests in ten read (pages as a
 * browser asks for them, public API answers), one in ten writes (a lead form or a newsletter
 * subscription, each with a new address). Requests are sent on a schedule, not one after the
 * other's answer, so a slow answer does not slow the load down (an open loop): the latencies are
 * what a visitor arriving at that moment would see, including the time spent waiting to be served.
 */
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { scrapeMetrics, seriesValue } from "../apps/server/test/support/metrics-text.ts";
import { BROWSER_ACCEPT_ENCODING } from "./measure.ts";
import { formWrites } from "./write-inputs.ts";

export type MixedResult = {
  rate: number;
  seconds: number;
  reads: { sent: number; errors: number; p50: number; p99: number };
  writes: { sent: number; errors: number; p50: number; p99: number };
  /**
   * What held requests up during the counted seconds, besides the server's work: the longest delay
   * of the server's event loop and its full garbage collections (from its /metrics), and the
   * longest delay of this process's own event loop (a late send or a late timestamp here).
   */
  stalls: { serverLoopMaxMs: number | null; serverFullGcs: number | null; serverFullGcMs: number | null; clientLoopMaxMs: number };
};

type Planned = { kind: "read" | "write"; method: "GET" | "POST"; path: string; body?: string };

/** MIXED_RATE requests a second (400) for MIXED_SECONDS (10), after MIXED_WARM_SECONDS (8) of the same load not counted. */
const RATE = Number(process.env.MIXED_RATE ?? 400);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 10);
const WARM_SECONDS = Number(process.env.MIXED_WARM_SECONDS ?? 8);

/** The writes of the mix, in turn: the waitlist, an enquiry, a newsletter subscription. */
const MIXED_WRITES = ["POST /testnet-signup", "POST /contacts", "POST /newsletter/subscriptions"];

function writePlanner(): (i: number) => Planned {
  const writes = formWrites().filter((w) => MIXED_WRITES.includes(w.name));
  return (i) => {
    const request = writes[i % writes.length]?.next();
    if (!request) throw new Error("a form write gave no request");
    return { kind: "write", method: "POST", path: request.path, ...(request.body ? { body: request.body } : {}) };
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));
}

function send(agent: http.Agent, base: string, planned: Planned): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
    if (planned.body) headers["content-type"] = "application/json";
    const req = http.request(`${base}${planned.path}`, { method: planned.method, agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ ok: (res.statusCode ?? 500) < 400, ms: performance.now() - started }));
      res.on("error", () => resolve({ ok: false, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ ok: false, ms: performance.now() - started }));
    req.end(planned.body);
  });
}

/** The pages and public answers a visitor's session reads, in turn. */
async function readPaths(base: string): Promise<string[]> {
  const courses = (await (await fetch(`${base}/api/v1/courses?limit=3`)).json()) as { data: Array<{ _id: string }> };
  const articles = (await (await fetch(`${base}/api/v1/blogs?limit=3`)).json()) as { data: Array<{ slug: string }> };
  const course = courses.data[0]?._id ?? "";
  const slug = articles.data[0]?.slug ?? "";
  return [
    "/",
    "/api/v1/courses",
    "/learn",
    `/api/v1/blogs/${slug}`,
    "/articles",
    `/learn/course/${course}`,
    "/api/v1/blogs?limit=50",
    `/blog/${slug}`,
    `/api/v1/courses/${course}`,
  ];
}

type Outcome = { kind: Planned["kind"]; path: string; sentAtMs: number; ok: boolean; ms: number };

/** Sends `plan` on schedule, RATE a second from now, and answers every request's outcome. */
async function sendOnSchedule(agent: http.Agent, base: string, plan: Planned[]): Promise<Outcome[]> {
  const outcomes: Array<Promise<Outcome>> = [];
  const start = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(plan.length, Math.floor(((performance.now() - start) / 1000) * RATE) + 1);
      for (; next < due; next++) {
        const planned = plan[next] as Planned;
        const sentAtMs = performance.now() - start;
        outcomes.push(send(agent, base, planned).then((o) => ({ kind: planned.kind, path: planned.path, sentAtMs, ...o })));
      }
      if (next >= plan.length) done();
      else setTimeout(tick, 1);
    };
    tick();
  });
  return Promise.all(outcomes);
}

/** The server's longest event-loop delay since the last scrape (prom-client resets it at each one), and its full collections so far. */
async function serverStalls(base: string, metricsToken: string): Promise<{ loopMaxMs: number; fullGcs: number; fullGcSeconds: number }> {
  const text = await scrapeMetrics(base, metricsToken);
  return {
    loopMaxMs: (seriesValue(text, "nodejs_eventloop_lag_max_seconds") ?? Number.NaN) * 1000,
    fullGcs: seriesValue(text, "nodejs_gc_duration_seconds_count", { kind: "major" }) ?? 0,
    fullGcSeconds: seriesValue(text, "nodejs_gc_duration_seconds_sum", { kind: "major" }) ?? 0,
  };
}

/** The mixed run against the server at `base`; with its METRICS_TOKEN, the run also reports the server's stalls. */
export async function mixedRun(base: string, metricsToken?: string): Promise<MixedResult> {
  const reads = await readPaths(base);
  const writeRequest = writePlanner();
  let writes = 0;
  const planOf = (seconds: number) =>
    Array.from(
      { length: RATE * seconds },
      (_, i): Planned => (i % 10 === 9 ? writeRequest(writes++) : { kind: "read", method: "GET", path: reads[i % reads.length] ?? "/" }),
    );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // The same load for a while first, not counted: a server that has just started (and this
  // process's own client code) runs unoptimised code for its first few hundred requests, and on
  // launch day the servers have been serving for hours when the wave comes.
  await sendOnSchedule(agent, base, planOf(WARM_SECONDS));
  const serverBefore = metricsToken ? await serverStalls(base, metricsToken) : null;
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const results = await sendOnSchedule(agent, base, planOf(SECONDS));
  clientLoop.disable();
  const serverAfter = metricsToken ? await serverStalls(base, metricsToken) : null;
  agent.destroy();
  if (process.env.MIXED_SLOWEST) {
    for (const r of [...results].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.MIXED_SLOWEST)))
      console.log(`  slow: ${r.kind} sent at ${r.sentAtMs.toFixed(0)} ms took ${r.ms.toFixed(1)} ms ${r.path}`);
  }
  const of = (kind: Planned["kind"]) => {
    const mine = results.filter((r) => r.kind === kind);
    const ms = mine.map((r) => r.ms).sort((a, b) => a - b);
    return { sent: mine.length, errors: mine.filter((r) => !r.ok).length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
  };
  const round = (n: number) => Number(n.toFixed(1));
  const server =
    serverBefore && serverAfter
      ? {
          serverLoopMaxMs: round(serverAfter.loopMaxMs),
          serverFullGcs: serverAfter.fullGcs - serverBefore.fullGcs,
          serverFullGcMs: round((serverAfter.fullGcSeconds - serverBefore.fullGcSeconds) * 1000),
        }
      : { serverLoopMaxMs: null, serverFullGcs: null, serverFullGcMs: null };
  const stalls = { ...server, clientLoopMaxMs: round(clientLoop.max / 1e6) };
  return { rate: RATE, seconds: SECONDS, reads: of("read"), writes: of("write"), stalls };
}
