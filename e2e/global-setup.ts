import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../apps/server/test/support/start-server.ts";
import { type ChromiumKind, findChromium } from "./find-chromium.ts";
import { e2eServerEnv } from "./server-env.ts";

/** Starts the production build on a fresh SQLite database and finds the system Chromium (its headless shell and the full browser), once for all browser tests. */
export default async function setup(project: TestProject) {
  const chromiumPaths = { "headless-shell": findChromium("headless-shell"), full: findChromium("full") };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-e2e-"));
  const server = await startServer({
    env: ({ url }) => e2eServerEnv(dataDir, url),
  });
  project.provide("baseURL", server.url);
  project.provide("chromiumPaths", chromiumPaths);
  project.provide("dataDir", dataDir);
  console.log(`\nBrowser tests: ${chromiumPaths["headless-shell"]} (and ${chromiumPaths.full} where a test asks for the full browser) against ${server.url}\n`);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPaths: Record<ChromiumKind, string>;
    dataDir: string;
  }
}
