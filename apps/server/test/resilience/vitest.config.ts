import { defineConfig } from "vitest/config";

/**
 * `npm run test:resilience`: real server processes killed, cut off from PostgreSQL, or run side
 * by side. Slow (a minute or two), so kept out of the unit run; CI runs it after `npm test`.
 */
export default defineConfig({
  test: {
    include: ["apps/server/test/resilience/**/*.test.ts"],
    environment: "node",
    globalSetup: ["apps/server/test/resilience/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Each test runs servers of its own; two files at once share the two cores with them.
    maxWorkers: 2,
  },
});
