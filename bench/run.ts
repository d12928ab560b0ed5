/**
 * npm run bench: measures the production build over loopback with autocannon, on SQLite and on
 * PostgreSQL (when it answers), first with today's content and then with 100× of it. Every request
 * carries a browser's Accept-Encoding, and each endpoint is compared, in the same run, with its
 * ceiling: a bare Fastify route in a process of its own (bench/ceiling-server.ts) answering the
 * very bytes the endpoint answered (same encoding). It also times a cold render of each page (both
 * caches emptied first). Writes bench/results.json and bench/results.svg, prints a table and the
 * worst share, and exits 1 when a target is missed.
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { renderChart } from "./chart.ts";
import { runtimeFlags, startServer, type StartedProcess } from "../apps/server/test/support/start-server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-bench";
/** BENCH_DIALECTS=sqlite (or postgres) measures one database only; BENCH_CONTENT=today skips the 100× run. */
const ONLY = process.env.BENCH_DIALECTS?.split(",").map((d) => d.trim());

/** What every browser sends; a bench that does not measures another product. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
/** Repetitions of a cold render (caches emptied before each). */
const COLD_RENDERS = Number(process.env.BENCH_COLD_RENDERS ?? 15);

/**
 * read: a public JSON answer; page: a public page (both held to the targets); personal: an answer
 * for one signed-in user; write: a POST; info: reported only; cold: a page rendered with nothing cached.
 */
type Measure = {
  name: string;
  kind: "read" | "write" | "page" | "personal" | "info" | "cold";
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
  encoding: string;
  baselineRps: number;
  baselineP99: number;
  ratio: number;
  rssMb?: number;
};
type Run = { dialect: "sqlite" | "postgres"; content: "today" | "100x"; rssMb: number; results: Measure[] };

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The production server as `npm start` runs it (V8 flags, glibc malloc settings), with the bench's switches. */
async function startBenchServer(env: Record<string, string>): Promise<StartedProcess> {
  const server = await startServer({
    nodeArgs: runtimeFlags(),
    env: {
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      ...env,
      JWT_SECRET,
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      BENCH_BASELINE: "1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  });
  serverPid = server.pid;
  return server;
}

async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** One request as a browser makes it, with the body as sent (no decompression). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The server under measurement, so each measure can note its memory after the run. */
let serverPid: number | undefined;
/** The ceiling process (bench/ceiling-server.ts), started once for the whole bench. */
let ceilingBase = "";
let ceilingId = 0;

async function startCeiling(): Promise<StartedProcess> {
  const ceiling = await startServer({
    script: "bench/ceiling-server.ts",
    nodeArgs: runtimeFlags(),
    env: {},
    ready: { path: "/b/none", when: (res) => res.status === 404 },
  });
  ceilingBase = ceiling.url;
  return ceiling;
}

/** Gives the ceiling the endpoint's exact answer; returns the path that serves it. */
async function ceilingFor(sample: { headers: http.IncomingHttpHeaders; body: Buffer }): Promise<string> {
  ceilingId += 1;
  const id = String(ceilingId);
  const res = await fetch(`${ceilingBase}/register/${id}`, {
    method: "PUT",
    headers: {
      "content-type": "application/octet-stream",
      "x-body-type": String(sample.headers["content-type"] ?? "application/octet-stream"),
      "x-body-encoding": String(sample.headers["content-encoding"] ?? "identity"),
    },
    body: new Uint8Array(sample.body),
  });
  if (res.status !== 204) throw new Error(`the ceiling refused a body: ${res.status}`);
  return `/b/${id}`;
}

async function measure(base: string, name: string, kind: Measure["kind"], opts: Partial<autocannon.Options> & { path: string }): Promise<Measure> {
  const connections = kind === "write" ? 10 : kind === "info" ? 1 : 50;
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(opts.headers as Record<string, string> | undefined) };
  const sample = await rawRequest(`${base}${opts.path}`, {
    method: opts.method ?? "GET",
    headers: opts.method === "POST" ? { ...headers, "content-type": "application/json" } : headers,
    body: opts.method === "POST" ? "{}" : undefined,
  });
  const ceilingPath = await ceilingFor(sample);
  const { path: p, ...rest } = opts;
  // Endpoint and ceiling take turns, twice each, and each keeps its better round: this machine's
  // neighbours come and go, and a single pair of runs can land on different sides of a burst.
  const rounds = { run: [] as autocannon.Result[], ceiling: [] as autocannon.Result[] };
  for (let round = 0; round < 2; round++) {
    rounds.run.push(await cannon({ url: `${base}${p}`, connections, duration: SECONDS / 2, ...rest, headers }));
    rounds.ceiling.push(
      await cannon({ url: `${ceilingBase}${ceilingPath}`, connections, duration: SECONDS / 2, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } }),
    );
  }
  const better = (results: autocannon.Result[]) => results.reduce((a, b) => (b.requests.average > a.requests.average ? b : a));
  const run = kind === "write" ? rounds.run[0]! : better(rounds.run);
  const ceiling = better(rounds.ceiling);
  const m: Measure = {
    name,
    kind,
    rps: Math.round(run.requests.average),
    p50: run.latency.p50,
    p99: run.latency.p99,
    errors: run.errors + run.timeouts,
    non2xx: run.non2xx,
    bytes: sample.body.length,
    encoding: String(sample.headers["content-encoding"] ?? "identity"),
    baselineRps: Math.round(ceiling.requests.average),
    baselineP99: ceiling.latency.p99,
    ratio: Number((run.requests.average / Math.max(1, ceiling.requests.average)).toFixed(2)),
    rssMb: rssMb(serverPid),
  };
  console.log(
    `  ${name.padEnd(40)} ${String(m.rps).padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  ${m.encoding.padEnd(8)} ${String(m.bytes).padStart(7)} B  errors ${m.errors}/${m.non2xx}  ${(m.ratio * 100).toFixed(0)}% of ceiling ${m.baselineRps} (p99 ${m.baselineP99} ms)  (server ${m.rssMb} MB)`,
  );
  return m;
}

/** A page rendered with nothing cached, one request at a time: what a visitor waits for on a miss. */
async function coldRender(base: string, name: string, pagePath: string): Promise<Measure> {
  const times: number[] = [];
  let bytes = 0;
  let encoding = "identity";
  let failures = 0;
  for (let i = 0; i < COLD_RENDERS; i++) {
    const cleared = await fetch(`${base}/__bench/clear-caches`, { method: "POST" });
    if (cleared.status !== 204) throw new Error(`could not empty the caches: ${cleared.status}`);
    const started = performance.now();
    const res = await rawRequest(`${base}${pagePath}`);
    times.push(performance.now() - started);
    if (res.status !== 200 || res.headers["x-page-cache"] !== "miss") failures += 1;
    bytes = res.body.length;
    encoding = String(res.headers["content-encoding"] ?? "identity");
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  const m: Measure = {
    name,
    kind: "cold",
    rps: 0,
    p50: at(0.5),
    p99: at(0.99),
    errors: 0,
    non2xx: failures,
    bytes,
    encoding,
    baselineRps: 0,
    baselineP99: 0,
    ratio: 0,
    rssMb: rssMb(serverPid),
  };
  console.log(`  ${name.padEnd(40)} cold render p50 ${m.p50} ms, slowest ${m.p99} ms (${COLD_RENDERS} renders, caches emptied before each)`);
  return m;
}

async function enrolledLearner(base: string, courseId: string): Promise<string> {
  const email = `bench.learner.${Date.now()}@example.com`;
  const registered = await fetch(`${base}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Bench", lastName: "Learner", email, password: "bench-learner-password" }),
  });
  const token = ((await registered.json()) as { data?: { token?: string } }).data?.token;
  if (!registered.ok || !token) throw new Error(`could not sign up the bench learner: ${registered.status}`);
  const enrolled = await fetch(`${base}/api/v1/courses/${courseId}/enroll`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  if (enrolled.status !== 201) throw new Error(`could not enrol the bench learner: ${enrolled.status}`);
  return token;
}

/** The public pages of the issue's list, with the fixtures' article, course and lesson. */
function publicPages(slug: string, courseId: string, lessonId: string): Array<[string, string]> {
  return [
    ["SSR /", "/"],
    ["SSR /articles", "/articles"],
    ["SSR /blog/{slug}", `/blog/${slug}`],
    ["SSR /learn/courses", "/learn/courses"],
    ["SSR /learn/course/{id}", `/learn/course/${courseId}`],
    ["SSR /learn/course/{id}/lesson/{id}", `/learn/course/${courseId}/lesson/${lessonId}`],
    ["SSR /token-economy", "/token-economy"],
    ["SSR /presale", "/presale"],
  ];
}

async function firstLesson(base: string, courseId: string): Promise<string> {
  const answer = (await (await fetch(`${base}/api/v1/courses/${courseId}/lessons`)).json()) as { data?: { lessons?: { data?: Array<{ _id: string }> } } };
  const id = answer.data?.lessons?.data?.[0]?._id;
  if (!id) throw new Error(`the course ${courseId} has no lesson to measure`);
  return id;
}

async function readEndpoints(base: string, slug: string, courseId: string, token?: string) {
  const results: Measure[] = [];
  const lessonId = await firstLesson(base, courseId);
  results.push(await measure(base, "GET /api/v1/blogs?limit=50", "read", { path: "/api/v1/blogs?limit=50" }));
  results.push(await measure(base, "GET /api/v1/blogs?search=…", "read", { path: "/api/v1/blogs?search=custody%20wallet" }));
  // Searches nobody made before (so never answered from the cache), one at a time: what a
  // search costs the database. Reported, not held to the 50-connection targets.
  let unique = 0;
  const vocabulary = ["custody", "solar", "yield", "wallet", "tokenization", "vesting", "registry", "escrow", "carbon", "rental", "audit", "ledger"];
  results.push(
    await measure(base, "GET /api/v1/blogs?search=… (never seen)", "info", {
      path: "/api/v1/blogs?search=custody%20wallet",
      requests: [
        {
          setupRequest: (req) => {
            unique += 1;
            const a = vocabulary[unique % vocabulary.length] ?? "custody";
            const b = vocabulary[Math.floor(unique / vocabulary.length) % vocabulary.length] ?? "wallet";
            return { ...req, path: `/api/v1/blogs?search=${a}%20${b.slice(0, 3)}&page=${1 + Math.floor(unique / 144)}` };
          },
        },
      ],
    }),
  );
  results.push(await measure(base, "GET /api/v1/blogs/{slug}", "read", { path: `/api/v1/blogs/${slug}` }));
  results.push(await measure(base, "GET /api/v1/blogs/categories", "read", { path: "/api/v1/blogs/categories" }));
  results.push(await measure(base, "GET /api/v1/courses", "read", { path: "/api/v1/courses" }));
  results.push(await measure(base, "GET /api/v1/courses/categories/analytics", "read", { path: "/api/v1/courses/categories/analytics" }));
  results.push(await measure(base, "GET /api/v1/courses/{id}", "read", { path: `/api/v1/courses/${courseId}` }));
  results.push(await measure(base, "GET /api/v1/courses/{id}/lessons", "read", { path: `/api/v1/courses/${courseId}/lessons` }));
  if (token) {
    results.push(
      await measure(base, "GET /api/v1/courses/{id}/lessons (token)", "personal", {
        path: `/api/v1/courses/${courseId}/lessons`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
  }
  for (const [name, pagePath] of publicPages(slug, courseId, lessonId)) results.push(await measure(base, name, "page", { path: pagePath }));
  for (const [name, pagePath] of publicPages(slug, courseId, lessonId)) results.push(await coldRender(base, `${name} (cold)`, pagePath));
  return results;
}

async function writeEndpoints(base: string, writers: Array<{ token: string; lessons: string[] }>) {
  let n = 0;
  const signup = await measure(base, "POST /api/v1/testnet-signup", "write", {
    path: "/api/v1/testnet-signup",
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            body: JSON.stringify({
              username: "Bench Runner",
              email: `bench.${process.pid}.${Date.now()}.${n}@example.com`,
              twitterHandle: "",
              telegramHandle: "",
            }),
          };
        },
      },
    ],
  });
  // The sample request measure() sends first completes writers[0]'s first lesson: start after it.
  let k = 1;
  const complete = await measure(base, "POST /api/v1/lessons/{id}/complete", "write", {
    path: `/api/v1/lessons/${writers[0]?.lessons[0]}/complete`,
    method: "POST",
    headers: { authorization: `Bearer ${writers[0]?.token}` },
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const w = writers[k % writers.length];
          const lesson = w?.lessons[Math.floor(k / writers.length) % (w?.lessons.length ?? 1)];
          k += 1;
          return { ...req, path: `/api/v1/lessons/${lesson}/complete`, headers: { ...req.headers, authorization: `Bearer ${w?.token}` } };
        },
      },
    ],
  });
  return [signup, complete];
}

async function databaseFor(dialect: "sqlite" | "postgres", dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === "sqlite") return { url: `sqlite:${path.join(dir, "bench.db")}`, drop: async () => {} };
  const name = `vestin_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const runs: Run[] = [];
const dialects = ((await postgresAvailable()) ? (["sqlite", "postgres"] as const) : (["sqlite"] as const)).filter((d) => !ONLY || ONLY.includes(d));
spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
const ceiling = await startCeiling();

try {
  for (const dialect of dialects) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-bench-"));
    const db = await databaseFor(dialect, dir);
    const env = { DATABASE_URL: db.url, DATA_DIR: dir };
    try {
      console.log(`\n${dialect}: today's content`);
      let server = await startBenchServer(env);
      const seededSlug = "how-fractional-ownership-works";
      const course = ((await (await fetch(`${server.url}/api/v1/courses?limit=1`)).json()) as { data: Array<{ _id: string }> }).data[0]?._id ?? "";
      // The seeded content has no learners: one signs up and enrols, so the course page is
      // measured with a token here too, like in the 100× run.
      const token = await enrolledLearner(server.url, course);
      const today = await readEndpoints(server.url, seededSlug, course, token);
      runs.push({ dialect, content: "today", rssMb: rssMb(server.pid), results: today });
      await server.stop();
      if (process.env.BENCH_CONTENT === "today") continue;

      console.log(`\n${dialect}: generating 100× content …`);
      const tokensFile = path.join(dir, "tokens.json");
      const seeded = spawnSync(process.execPath, [path.join(ROOT, "bench/seed-large.ts"), tokensFile], {
        cwd: ROOT,
        env: { ...process.env, ...env, JWT_SECRET, LOG_LEVEL: "warn" },
        stdio: "inherit",
      });
      if (seeded.status !== 0) throw new Error("seeding the large data set failed");
      const fixtures = JSON.parse(readFileSync(tokensFile, "utf8")) as {
        writers: Array<{ token: string; lessons: string[] }>;
        courseId: string;
        articleSlug: string;
      };
      server = await startBenchServer(env);
      console.log(`${dialect}: 100× content`);
      const results = [
        ...(await readEndpoints(server.url, fixtures.articleSlug, fixtures.courseId, fixtures.writers[0]?.token)),
        ...(await writeEndpoints(server.url, fixtures.writers)),
      ];
      runs.push({ dialect, content: "100x", rssMb: rssMb(server.pid), results });
      console.log(`  server resident memory after the run: ${runs.at(-1)?.rssMb} MB`);
      await server.stop();
    } finally {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await ceiling.stop();
}

const report = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1e9), node: process.version },
  acceptEncoding: BROWSER_ACCEPT_ENCODING,
  secondsPerEndpoint: SECONDS,
  runs,
};
writeFileSync(path.join(ROOT, "bench/results.json"), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(ROOT, "bench/results.svg"), renderChart(runs.map((r) => ({ ...r, results: r.results.filter((m) => m.kind !== "cold") }))));

// The table: every endpoint of every run, next to its ceiling.
console.log(
  `\n${"endpoint".padEnd(42)} ${"run".padEnd(14)} ${"req/s".padStart(7)} ${"ceiling".padStart(8)} ${"share".padStart(6)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"ceil p99".padStart(8)}  encoding`,
);
for (const run of runs) {
  for (const m of run.results) {
    const share = m.kind === "cold" ? "" : `${Math.round(m.ratio * 100)}%`;
    console.log(
      `${m.name.padEnd(42)} ${`${run.dialect} ${run.content}`.padEnd(14)} ${String(m.rps || "").padStart(7)} ${String(m.baselineRps || "").padStart(8)} ${share.padStart(6)} ${String(m.p50).padStart(6)} ${String(m.p99).padStart(6)} ${String(m.baselineP99 || "").padStart(8)}  ${m.encoding}`,
    );
  }
}
const held = runs.flatMap((run) => run.results.filter((m) => m.kind === "read" || m.kind === "page").map((m) => ({ run, m })));
const worst = held.sort((a, b) => a.m.ratio - b.m.ratio)[0];
if (worst) console.log(`\nWorst share: ${worst.m.name} (${worst.run.dialect}, ${worst.run.content}) at ${Math.round(worst.m.ratio * 100)}% of its ceiling`);

// Targets of the static-speed issue (#17), on both databases, today's content and 100×.
const failures: string[] = [];
for (const run of runs) {
  const small = runs.find((r) => r.dialect === run.dialect && r.content === "today");
  const label = `${run.dialect} ${run.content}`;
  for (const m of run.results) {
    if (m.kind === "info") continue;
    if (m.errors > 0 || m.non2xx > 0) failures.push(`${label} ${m.name}: ${m.errors} errors, ${m.non2xx} non-2xx`);
    if ((m.kind === "read" || m.kind === "page") && m.ratio < 0.5)
      failures.push(`${label} ${m.name}: ${(m.ratio * 100).toFixed(0)}% of the ceiling (target 50%)`);
    if ((m.kind === "read" || m.kind === "page") && m.p99 >= 25) failures.push(`${label} ${m.name}: p99 ${m.p99} ms (target < 25)`);
    if (m.kind === "cold" && m.p50 >= 25) failures.push(`${label} ${m.name}: p50 ${m.p50} ms (target < 25)`);
    const before = run.content === "100x" && m.kind !== "cold" ? small?.results.find((s) => s.name === m.name) : undefined;
    if (before && m.rps * 2 < before.rps) failures.push(`${label} ${m.name}: ${before.rps} → ${m.rps} req/s with 100× content (more than 2× slower)`);
  }
  if (run.rssMb >= 300) failures.push(`${label}: server resident memory ${run.rssMb} MB after the run (target < 300)`);
}
console.log(`\nResults: bench/results.json, chart: bench/results.svg`);
if (failures.length) {
  console.log(`\nTargets missed (${failures.length}):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exitCode = 1;
} else console.log("\nEvery target met.");
