import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../apps/server/test/support/start-server.ts";
import { findChromium } from "./find-chromium.ts";
import { e2eServerEnv } from "./server-env.ts";

/** Starts the production build on a fresh SQLite database and finds the system Chromium, once for all browser tests. */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vestin-e2e-"));
  const server = await startServer({
    env: ({ url }) => e2eServerEnv(dataDir, url),
  });
  project.provide("baseURL", server.url);
  project.provide("chromiumPath", chromium);
  project.provide("dataDir", dataDir);
  console.log(`\nBrowser tests: ${chromium} against ${server.url}\n`);

  return async () => {
    await server.stop();
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
