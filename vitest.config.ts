import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/**/*.test.ts", "packages/**/*.test.ts"],
    // The resilience suite (real processes, kills, outages) has its own config: npm run test:resilience.
    exclude: ["**/node_modules/**", "apps/web/build/**", "apps/server/test/resilience/**"],
    environment: "node",
    globalSetup: ["apps/server/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: files in parallel on both, each with its own databases.
    maxWorkers: 2,
  },
});
