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
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { authorPath, tagPath } from "@vestin/shared/authors-core";
import { databaseFor, postgresAvailable } from "./databases.ts";
import { coldRenders, JWT_SECRET, type Measure, measure, rssMb, startBenchServer, startCeiling } from "./measure.ts";
import { report, type Run } from "./report.ts";
import { reportWrites, type WriteRun } from "./report-writes.ts";
import { writeSection } from "./writes.ts";
import { mixedRun, type MixedResult } from "./mixed.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** BENCH_DIALECTS=sqlite (or postgres) measures one database only; BENCH_CONTENT=today skips the 100× run. */
const ONLY = process.env.BENCH_DIALECTS?.split(",").map((d) => d.trim());
/**
 * BENCH_SKIP_BUILD=1 measures the build already there. BENCH_ONLY=reads (pages and answers),
 * writes (the write section) or mixed (reads and writes together at a fixed rate) runs only
 * those sections (comma-separated).
 */
const SECTIONS = (process.env.BENCH_ONLY ?? "reads,writes,mixed").split(",").map((s) => s.trim());

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

type ArticleLinks = { slug: string; tag: string; author: string };

/** The measured article's address, with the page of its first tag and of its first author. */
async function articleLinks(base: string, slug: string): Promise<ArticleLinks> {
  const answer = (await (await fetch(`${base}/api/v1/blogs/${slug}`)).json()) as { data?: { tags?: string[]; authors?: Array<{ slug: string }> } };
  const tag = answer.data?.tags?.[0];
  const author = answer.data?.authors?.[0]?.slug;
  if (!tag || !author) throw new Error(`the article ${slug} has no tag or no author to measure their pages`);
  return { slug, tag: tagPath(tag), author: authorPath(author) };
}

/** The public pages of the issue's list, with the fixtures' article (its tag and author pages), course and lesson. */
function publicPages(article: ArticleLinks, courseId: string, lessonId: string): Array<[string, string]> {
  return [
    ["SSR /", "/"],
    ["SSR /articles", "/articles"],
    ["SSR /blog/{slug}", `/blog/${article.slug}`],
    ["SSR /blog/tag/{slug}", article.tag],
    ["SSR /blog/author/{slug}", article.author],
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
  const pages = publicPages(await articleLinks(base, slug), courseId, lessonId);
  for (const [name, pagePath] of pages) results.push(await measure(base, name, "page", { path: pagePath }));
  results.push(...(await coldRenders(base, pages)));
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

const runs: Run[] = [];
const writeRuns: WriteRun[] = [];
const mixedRuns: Array<MixedResult & { dialect: string }> = [];
const dialects = ((await postgresAvailable()) ? (["sqlite", "postgres"] as const) : (["sqlite"] as const)).filter((d) => !ONLY || ONLY.includes(d));
if (!process.env.BENCH_SKIP_BUILD) spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
const ceiling = await startCeiling();

try {
  for (const dialect of SECTIONS.includes("reads") ? dialects : []) {
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
  // The write section, on a database of its own with today's content.
  for (const dialect of SECTIONS.includes("writes") ? dialects : []) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-bench-writes-"));
    const db = await databaseFor(dialect, dir);
    const env = { DATABASE_URL: db.url, DATA_DIR: dir, JWT_SECRET };
    try {
      const ceilingUrl = dialect === "sqlite" ? `sqlite:${path.join(dir, "ceiling.db")}` : db.url;
      const rows = await writeSection((nodeArgs, extra) => startBenchServer({ ...env, ...extra }, nodeArgs), env, dir, ceilingUrl);
      writeRuns.push({ dialect, loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))), rows });
    } finally {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // The mixed run, on a database of its own with today's content.
  for (const dialect of SECTIONS.includes("mixed") ? dialects : []) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-bench-mixed-"));
    const db = await databaseFor(dialect, dir);
    const metricsToken = randomBytes(16).toString("hex");
    const server = await startBenchServer({ DATABASE_URL: db.url, DATA_DIR: dir, METRICS_TOKEN: metricsToken });
    try {
      const result = await mixedRun(server.url, metricsToken);
      mixedRuns.push({ dialect, ...result });
      const line = (r: MixedResult["reads"]) => `${r.sent} sent, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`;
      console.log(`\n${dialect}: mixed run, ${result.rate} requests/s for ${result.seconds} s (9 reads to 1 write)`);
      console.log(`  reads   ${line(result.reads)}`);
      console.log(`  writes  ${line(result.writes)}`);
      const { serverLoopMaxMs, serverFullGcs, serverFullGcMs, clientLoopMaxMs } = result.stalls;
      console.log(
        `  stalls  the server's event loop at most ${serverLoopMaxMs ?? "?"} ms late, its full collections ${serverFullGcs ?? "?"} (${serverFullGcMs ?? "?"} ms); the bench's own loop at most ${clientLoopMaxMs} ms late`,
      );
    } finally {
      await server.stop();
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await ceiling.stop();
}

if (mixedRuns.length)
  writeFileSync(
    path.join(ROOT, "bench/results-mixed.json"),
    `${JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg(), runs: mixedRuns }, null, 2)}\n`,
  );

if (runs.length) report(ROOT, runs);
if (writeRuns.length) reportWrites(ROOT, writeRuns);
