/**
 * npm run bench:profile: where a request's time goes. Starts the production server (SQLite, seeded)
 * under `node --cpu-prof`, sends browser requests (Accept-Encoding of a browser, 50 connections)
 * to the hot public pages and answers, stops it, and prints the functions with the most self time.
 * PROFILE_ROOT=<checkout> profiles another checkout (an older commit, to compare); PROFILE_SECONDS
 * per path (5); PROFILE_LOG_LEVEL to profile with request logging on (default info, as `npm start`).
 * PROFILE_PATHS=/a,/b picks the addresses. PROFILE_COLD=1 profiles cold renders instead: each page
 * requested one at a time, with the page and answer caches emptied before each request.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runtimeFlags, startServer } from "../apps/server/test/support/start-server.ts";

const ROOT = path.resolve(process.env.PROFILE_ROOT ?? path.join(import.meta.dirname, ".."));
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const PATHS = process.env.PROFILE_PATHS
  ? process.env.PROFILE_PATHS.split(",")
  : ["/", "/learn/courses", "/blog/how-fractional-ownership-works", "/api/v1/blogs?limit=50", "/api/v1/blogs/how-fractional-ownership-works"];

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

if (!process.env.PROFILE_SKIP_BUILD) spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
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

const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile written");
const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\//, "").replace(`${ROOT}/`, "")}:${lineNumber + 1}` : "";
  const key = `${functionName || "(anonymous)"} ${where}`.trim();
  byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
}
console.log(`\nSelf time, top 20 of ${(total / 1e6).toFixed(1)} s sampled:`);
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
rmSync(dir, { recursive: true, force: true });
