/**
 * npm run bench:hydration: what loading and hydrating a page costs the browser's main thread, on
 * the production build, with the CPU slowed 4× (Lighthouse's mobile factor). For each page it
 * loads the page in Chromium, records a CPU profile (CDP Profiler) from navigation to load + 2 s
 * and the long tasks (over 50 ms, PerformanceObserver), and prints per run the long tasks, their
 * blocking time (the part of each over 50 ms, as Total Blocking Time counts it) and the busy time
 * sampled, then the functions with the most self time over all runs.
 *
 * HYDRATION_ROOTS=/path/a,/path/b compares checkouts (each already built): one server each, runs
 * alternating between them, so a machine that gets busier part way through weighs on both alike.
 * HYDRATION_PAGES=/a,/b picks the pages; HYDRATION_RUNS (3) the runs per page and checkout.
 * The machine may be shared: read proportions and long-task counts, not absolute milliseconds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "../e2e/find-chromium.ts";
import { REPO_ROOT, startServer, type StartedProcess } from "../apps/server/test/support/start-server.ts";
import { median } from "./measure.ts";

const PAGES = process.env.HYDRATION_PAGES?.split(",") ?? ["/blog/how-fractional-ownership-works", "/articles"];
const ROOTS = process.env.HYDRATION_ROOTS?.split(",").map((r) => path.resolve(r)) ?? [REPO_ROOT];
const RUNS = Math.max(1, Number(process.env.HYDRATION_RUNS ?? 3));
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 2_000;
const TOP = 15;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Run = { longTasks: number[]; busyMs: number; self: Map<string, number> };

/** Self time (µs) per function of a CDP profile; idle time is left out. */
function selfTime(profile: Profile): Map<string, number> {
  const byNode = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (!us || functionName === "(idle)") continue;
    const file = url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/-[\w-]{8}\.js$/, ".js") : "";
    const key = `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}:${columnNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  return byFunction;
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  await context.close();
  const self = selfTime(profile);
  const busyMs = [...self.values()].reduce((a, b) => a + b, 0) / 1000;
  return { longTasks, busyMs, self };
}

const blocking = (tasks: number[]) => tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);

const dirs: string[] = [];
const servers: StartedProcess[] = [];
const browser = await chromium.launch({
  executablePath: findChromium(),
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
try {
  for (const root of ROOTS) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-hydration-"));
    dirs.push(dir);
    servers.push(
      await startServer({
        root,
        output: "ignore-stdout",
        env: ({ url }) => ({ DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, "app.db")}`, LOG_LEVEL: "warn", PUBLIC_URL: url }),
      }),
    );
  }
  for (const pathname of PAGES) {
    const runs: Run[][] = ROOTS.map(() => []);
    // One run to warm each server's caches and the browser's, not counted.
    for (const server of servers) await measure(browser, `${server.url}${pathname}`);
    for (let run = 0; run < RUNS; run++) {
      for (const [i, server] of servers.entries()) runs[i]?.push(await measure(browser, `${server.url}${pathname}`));
    }
    console.log(`\n${pathname}  (CPU ${CPU_SLOWDOWN}×, navigation to load + ${SETTLE_MS / 1000} s, ${RUNS} runs)`);
    for (const [i, root] of ROOTS.entries()) {
      const mine = runs[i] ?? [];
      console.log(`  ${path.relative(path.dirname(REPO_ROOT), root) || root}`);
      for (const r of mine)
        console.log(
          `    long tasks ${String(r.longTasks.length).padStart(2)}  [${r.longTasks.map((d) => Math.round(d)).join(", ")}] ms  blocking ${Math.round(blocking(r.longTasks))} ms  busy ${Math.round(r.busyMs)} ms`,
        );
      console.log(
        `    median: long tasks ${median(mine.map((r) => r.longTasks.length))}, blocking ${Math.round(median(mine.map((r) => blocking(r.longTasks))))} ms, busy ${Math.round(median(mine.map((r) => r.busyMs)))} ms`,
      );
      const total = new Map<string, number>();
      for (const r of mine) for (const [k, us] of r.self) total.set(k, (total.get(k) ?? 0) + us);
      const all = [...total.values()].reduce((a, b) => a + b, 0);
      console.log(`    self time, top ${TOP} of the busy time:`);
      for (const [name, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, TOP))
        console.log(`      ${((us / all) * 100).toFixed(1).padStart(5)} %  ${name}`);
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
