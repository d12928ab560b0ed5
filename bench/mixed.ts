/**
 * The mixed run: page views and public reads with sign-ups among them, at a fixed rate, as on the
 * day an announcement sends the community to the site. Nine requests in ten read (pages as a
 * browser asks for them, public API answers), one in ten writes (a lead form or a newsletter
 * subscription, each with a new address). Requests are sent on a schedule, not one after the
 * other's answer, so a slow answer does not slow the load down (an open loop): the latencies are
 * what a visitor arriving at that moment would see, including the time spent waiting to be served.
 */
import http from "node:http";
import { BROWSER_ACCEPT_ENCODING } from "./measure.ts";

export type MixedResult = {
  rate: number;
  seconds: number;
  reads: { sent: number; errors: number; p50: number; p99: number };
  writes: { sent: number; errors: number; p50: number; p99: number };
};

type Planned = { kind: "read" | "write"; method: "GET" | "POST"; path: string; body?: string };

/** MIXED_RATE requests a second (400) for MIXED_SECONDS (10). */
const RATE = Number(process.env.MIXED_RATE ?? 400);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 10);

let serial = 0;
const unique = (prefix: string) => `bench.mixed.${prefix}.${process.pid}.${Date.now()}.${++serial}@example.com`;

function writeRequest(i: number): Planned {
  switch (i % 3) {
    case 0:
      return {
        kind: "write",
        method: "POST",
        path: "/api/v1/testnet-signup",
        body: JSON.stringify({ username: "Lena Fischer", email: unique("waitlist"), twitterHandle: "@lena_f", telegramHandle: "" }),
      };
    case 1: {
      const email = unique("contact");
      return {
        kind: "write",
        method: "POST",
        path: "/api/v1/contacts",
        body: JSON.stringify({ firstName: "Ada", lastName: "Lovelace", email, confirmEmail: email, comments: "Tokenizing a solar park." }),
      };
    }
    default:
      return {
        kind: "write",
        method: "POST",
        path: "/api/v1/newsletter/subscriptions",
        body: JSON.stringify({ email: unique("newsletter"), form: "footer", page: "/" }),
      };
  }
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

export async function mixedRun(base: string): Promise<MixedResult> {
  const reads = await readPaths(base);
  const plan: Planned[] = [];
  const total = RATE * SECONDS;
  for (let i = 0; i < total; i++) {
    plan.push(i % 10 === 9 ? writeRequest(Math.floor(i / 10)) : { kind: "read", method: "GET", path: reads[i % reads.length] ?? "/" });
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // Warm the page cache and the connections, outside the timed part.
  await Promise.all(reads.map((path) => send(agent, base, { kind: "read", method: "GET", path })));
  const outcomes: Array<Promise<{ kind: Planned["kind"]; ok: boolean; ms: number }>> = [];
  const start = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE) + 1);
      for (; next < due; next++) {
        const planned = plan[next] as Planned;
        outcomes.push(send(agent, base, planned).then((o) => ({ kind: planned.kind, ...o })));
      }
      if (next >= total) done();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const results = await Promise.all(outcomes);
  agent.destroy();
  const of = (kind: Planned["kind"]) => {
    const mine = results.filter((r) => r.kind === kind);
    const ms = mine.map((r) => r.ms).sort((a, b) => a - b);
    return { sent: mine.length, errors: mine.filter((r) => !r.ok).length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
  };
  return { rate: RATE, seconds: SECONDS, reads: of("read"), writes: of("write") };
}
