import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/**/*.test.ts", "packages/**/*.test.ts"],
    exclude: ["**/node_modules/**", "apps/web/build/**"],
    environment: "node",
    globalSetup: ["apps/server/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: files in parallel on both, each with its own databases.
    maxWorkers: 2,
  },
});
