/**
 * npm run bench:profile: where a request's time goes. Starts the production server (SQLite, seeded)
 * under `node --cpu-prof`, sends browser requests (Accept-Encoding of a browser, 50 connections)
 * to the hot public pages and answers, stops it, and prints the functions with the most self time.
 * PROFILE_ROOT=<checkout> profiles another checkout (an older commit, to compare); PROFILE_SECONDS
 * per path (5); PROFILE_LOG_LEVEL to profile with request logging on (default info, as `npm start`).
 * PROFILE_PATHS=/a,/b picks the addresses. PROFILE_COLD=1 profiles cold renders instead: each page
 * requested one at a time, with the page and answer caches emptied before each request.
 * PROFILE_WRITES=1 profiles the public writes instead (bench/profile-writes.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runtimeFlags, startServer } from "../apps/server/test/support/start-server.ts";
import { printSelfTime } from "./cpu-profile.ts";
import { profileWrites } from "./profile-writes.ts";

const ROOT = path.resolve(process.env.PROFILE_ROOT ?? path.join(import.meta.dirname, ".."));
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const PATHS = process.env.PROFILE_PATHS
  ? process.env.PROFILE_PATHS.split(",")
  : ["/", "/learn/courses", "/blog/how-fractional-ownership-works", "/api/v1/blogs?limit=50", "/api/v1/blogs/how-fractional-ownership-works"];

if (!process.env.PROFILE_SKIP_BUILD) spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
if (process.env.PROFILE_WRITES) await profileWrites(ROOT);
else await profileReads();

async function profileReads(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-profile-"));
  const server = await startServer({
    root: ROOT,
    // The V8 flags of `npm start` (read from the profiled checkout), then the profiler's.
    nodeArgs: [...runtimeFlags(ROOT), "--cpu-prof", `--cpu-prof-dir=${dir}`],
    env: {
      DATABASE_URL: `sqlite:${path.join(dir, "app.db")}`,
      DATA_DIR: dir,
      JWT_SECRET: "profile-secret-profile-secret-profile-secret",
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
      BENCH_BASELINE: "1",
      LOG_LEVEL: process.env.PROFILE_LOG_LEVEL ?? "info",
      NODE_ENV: "production",
    },
    output: "ignore-stdout",
  });
  const base = server.url;
  const COLD = process.env.PROFILE_COLD === "1";
  for (const p of COLD ? PATHS.filter((p) => !p.startsWith("/api/")) : []) {
    const started = performance.now();
    let n = 0;
    while (performance.now() - started < SECONDS * 1000) {
      await fetch(`${base}/__bench/clear-caches`, { method: "POST" });
      await (await fetch(`${base}${p}`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } })).arrayBuffer();
      n += 1;
    }
    console.log(`${p.padEnd(50)} ${n} cold renders, ${((performance.now() - started) / n).toFixed(1)} ms each`);
  }
  for (const p of COLD ? [] : PATHS) {
    const result = await autocannon({ url: `${base}${p}`, connections: 50, duration: SECONDS, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    console.log(`${p.padEnd(50)} ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
  }
  await server.stop();

  printSelfTime(dir, ROOT);
  rmSync(dir, { recursive: true, force: true });
}
