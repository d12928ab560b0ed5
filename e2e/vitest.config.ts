import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Both browser-test files and the server share two cores: a DOM change a test waits for can
    // take seconds under that load. Waits that succeed still return as soon as they succeed.
    expect: { poll: { timeout: 10_000 } },
    maxWorkers: 2,
  },
});
