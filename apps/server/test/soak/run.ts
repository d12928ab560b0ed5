/**
 * npm run soak (not part of CI): the production server on SQLite in a temporary data folder,
 * seeded, under steady mixed traffic from autocannon for SOAK_SECONDS (default 600): pages, API
 * reads and lead submissions with a unique e-mail each. The server's RSS is sampled every
 * SOAK_SAMPLE_SECONDS (10). It fails when any request errors or answers outside 2xx/3xx, or when
 * memory keeps growing after the warm-up. Writes a JSON report (SOAK_REPORT, default in the
 * system's temp folder) and prints a summary.
 *
 * Knobs: SOAK_SECONDS, SOAK_RATE (requests per second, all connections together; default 100),
 * SOAK_CONNECTIONS (10), SOAK_SAMPLE_SECONDS (10), SOAK_MAX_GROWTH (0.10: last third of the
 * samples after the warm-up over the first third), SOAK_MAX_SLOPE_MB_PER_MIN (2: trend over the
 * second half, counted when it adds up to more than SOAK_NOISE_MB, 8), SOAK_WARMUP_SECONDS
 * (20% of the run, 30 to 60 s), SOAK_REPORT (file).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { memoryTrend, type Sample } from "./memory-trend.ts";
import { startServer, type StartedProcess } from "../support/start-server.ts";

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = numberFrom("SOAK_SECONDS", 600);
const RATE = numberFrom("SOAK_RATE", 100);
const CONNECTIONS = numberFrom("SOAK_CONNECTIONS", 10);
const SAMPLE_SECONDS = numberFrom("SOAK_SAMPLE_SECONDS", 10);
const MAX_GROWTH = numberFrom("SOAK_MAX_GROWTH", 0.1);
const MAX_SLOPE_MB_PER_MIN = numberFrom("SOAK_MAX_SLOPE_MB_PER_MIN", 2);
const NOISE_MB = numberFrom("SOAK_NOISE_MB", 8);
const REPORT = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.SOAK_REPORT ?? path.join(os.tmpdir(), "vestin-soak.json"));
/**
 * Samples before this point are not part of the trend: start-up, JIT, the first renders and caches,
 * and V8 growing its heap to the working size take the first half-minute or so.
 */
const WARMUP_SECONDS = numberFrom("SOAK_WARMUP_SECONDS", Math.min(60, Math.max(30, SECONDS * 0.2)));

function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The production server on SQLite in `dataDir`, as the soak drives it. */
function startSoakServer(dataDir: string): Promise<StartedProcess> {
  return startServer({
    env: ({ url }) => ({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      JWT_SECRET: "soak-secret-soak-secret-soak-secret-soak-secret",
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      LOG_LEVEL: "warn",
    }),
    timeoutMs: 120_000,
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-soak-"));
  const server = await startSoakServer(dataDir);
  const { child, url: base, pid } = server;
  const stamp = Date.now().toString(36);
  let sequence = 0;
  const uniqueEmail = (kind: string) => `soak.${kind}.${stamp}.${++sequence}@example.com`;
  try {
    const articles = (await (await fetch(`${base}/api/v1/blogs?limit=5`)).json()) as { data: Array<{ slug: string }> };
    const courses = (await (await fetch(`${base}/api/v1/courses?limit=5`)).json()) as { data: Array<{ _id: string }> };
    const slug = articles.data[0]?.slug;
    const courseId = courses.data[0]?._id;
    if (!slug || !courseId) throw new Error("the seeded database has no article or course");
    const json = { "content-type": "application/json" };
    const mix: autocannon.Request[] = [
      { method: "GET", path: "/" },
      { method: "GET", path: "/api/v1/blogs?page=1&limit=10" },
      { method: "GET", path: "/articles" },
      { method: "GET", path: `/api/v1/blogs/${slug}` },
      {
        method: "POST",
        path: "/api/v1/testnet-signup",
        headers: json,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ username: "Soak Tester", email: uniqueEmail("waitlist") }) }),
      },
      { method: "GET", path: `/blog/${slug}` },
      { method: "GET", path: "/api/v1/courses" },
      { method: "GET", path: "/learn/courses" },
      { method: "GET", path: `/api/v1/courses/${courseId}/lessons` },
      {
        method: "POST",
        path: "/api/v1/contacts",
        headers: json,
        setupRequest: (req) => {
          const email = uniqueEmail("contact");
          return { ...req, body: JSON.stringify({ firstName: "Soak", lastName: "Tester", email, confirmEmail: email }) };
        },
      },
      { method: "GET", path: "/presale" },
      { method: "GET", path: "/api/v1/health" },
    ];
    const statusCounts: Record<string, number> = {};
    const badAnswers: string[] = [];
    // onResponse, per request of the mix, so a bad answer names the request that got it.
    const requests = mix.map((req) => ({
      ...req,
      onResponse: (status: number) => {
        statusCounts[status] = (statusCounts[status] ?? 0) + 1;
        if ((status < 200 || status >= 400) && badAnswers.length < 20) badAnswers.push(`${status} ${req.method} ${req.path}`);
      },
    }));

    const samples: Sample[] = [];
    const started = Date.now();
    const sample = () => {
      const rss = rssMb(pid);
      if (rss !== undefined) samples.push({ at: Math.round((Date.now() - started) / 100) / 10, rssMb: Math.round(rss * 10) / 10 });
    };
    sample();
    const sampler = setInterval(sample, SAMPLE_SECONDS * 1000);
    console.log(`Soak: ${SECONDS} s at ${RATE} requests/s over ${CONNECTIONS} connections against ${base} (server pid ${pid}) …`);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ url: base, connections: CONNECTIONS, overallRate: RATE, duration: SECONDS, requests, timeout: 10 }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
    });
    clearInterval(sampler);
    sample();

    const answered = Object.values(statusCounts).reduce((s, n) => s + n, 0);
    const outside2xx3xx = Object.entries(statusCounts)
      .filter(([code]) => Number(code) < 200 || Number(code) >= 400)
      .reduce((s, [, n]) => s + n, 0);
    const memory = memoryTrend(samples, { warmupSeconds: WARMUP_SECONDS, maxGrowth: MAX_GROWTH, maxSlopeMbPerMin: MAX_SLOPE_MB_PER_MIN, noiseMb: NOISE_MB });
    const problems = [...memory.problems];
    if (result.errors > 0) problems.push(`${result.errors} requests failed without an answer (${result.timeouts} of them timed out)`);
    if (outside2xx3xx > 0) problems.push(`${outside2xx3xx} answers outside 2xx/3xx, e.g. ${badAnswers.slice(0, 5).join("; ")}`);
    if (answered < RATE * SECONDS * 0.8) problems.push(`only ${answered} answers, expected about ${RATE * SECONDS} (the server could not keep the rate)`);
    if (child.exitCode !== null) problems.push(`the server exited (code ${child.exitCode}) during the soak`);

    const report = {
      at: new Date().toISOString(),
      settings: {
        seconds: SECONDS,
        rate: RATE,
        connections: CONNECTIONS,
        sampleSeconds: SAMPLE_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        maxGrowth: MAX_GROWTH,
        maxSlopeMbPerMin: MAX_SLOPE_MB_PER_MIN,
        noiseMb: NOISE_MB,
      },
      requests: {
        answered,
        perSecond: Math.round(result.requests.average),
        statusCounts,
        errors: result.errors,
        timeouts: result.timeouts,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      },
      memory: {
        samples,
        firstThirdMb: Math.round(memory.firstThirdMb * 10) / 10,
        lastThirdMb: Math.round(memory.lastThirdMb * 10) / 10,
        growthPercent: Math.round(memory.growth * 1000) / 10,
        slopeMbPerMin: Math.round(memory.slopeMbPerMin * 100) / 100,
        secondHalfRiseMb: Math.round(memory.secondHalfRiseMb * 10) / 10,
      },
      passed: problems.length === 0,
      problems,
    };
    writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);

    console.log(`\nSoak summary (${SECONDS} s):`);
    console.log(
      `  requests: ${answered} answered (${report.requests.perSecond}/s), status ${JSON.stringify(statusCounts)}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    console.log(`  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    console.log(
      `  RSS: ${samples.map((s) => Math.round(s.rssMb)).join(" ")} MB; after the ${WARMUP_SECONDS} s warm-up ` +
        `${report.memory.firstThirdMb} → ${report.memory.lastThirdMb} MB (${report.memory.growthPercent}%), second-half trend ${report.memory.slopeMbPerMin} MB/min`,
    );
    console.log(`  report: ${REPORT}`);
    if (problems.length) {
      console.error(`\nSoak FAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
      process.exitCode = 1;
    } else {
      console.log("\nSoak passed: no errors, no memory growth.");
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
