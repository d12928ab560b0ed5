import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium } from "./find-chromium.ts";
import { freePort } from "../apps/server/test/free-port.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s`);
}

/** Starts the production build on a fresh SQLite database and finds the system Chromium, once for all browser tests. */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, "apps/server/src/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      // The journeys fill forms faster than a person would; form-guard.e2e.ts runs its own guarded server.
      FORM_GUARD: "off",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseURL, child);
  project.provide("baseURL", baseURL);
  project.provide("chromiumPath", chromium);
  project.provide("dataDir", dataDir);
  console.log(`\nBrowser tests: ${chromium} against ${baseURL}\n`);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    dataDir: string;
  }
}
