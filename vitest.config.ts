import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The web app's ~/ alias (apps/web/tsconfig.json), so a web unit test may import a feature's public entry.
  resolve: { alias: { "~": fileURLToPath(new URL("./apps/web/app", import.meta.url)) } },
  test: {
    include: ["apps/**/*.test.ts", "packages/**/*.test.ts"],
    // The resilience suite (real processes, kills, outages) has its own config: npm run test:resilience.
    exclude: ["**/node_modules/**", "apps/web/build/**", "apps/server/test/resilience/**"],
    environment: "node",
    globalSetup: ["apps/server/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores, three files at a time, each with its own databases: the API suites wait on
    // PostgreSQL, queues and timers as much as they compute (measured on 2 cores: 425 s with two
    // workers, 378 s with three).
    maxWorkers: 3,
  },
});
