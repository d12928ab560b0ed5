import { expect, it } from "vitest";
import { hasWebBuild } from "../../src/web/ssr.ts";
import { createTestDatabase } from "../harness.ts";
import { describeWith } from "./support/environment.ts";
import { request } from "./support/http.ts";
import { seriesValue } from "../support/metrics-text.ts";
import { startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * The built server scraped as Prometheus would: pages are counted under one route label however
 * many addresses they answer, the page cache's hits and misses and the renders are seen, and the
 * scrape is compressed like any other answer and never cached.
 */

const TOKEN = "resilience-metrics-token-0123456789";

/** The value of the sample `name{labels…}` in a text exposition (0 when absent). */
const sample = (text: string, name: string, labels: Record<string, string>) => seriesValue(text, name, labels) ?? 0;

describeWith({}, "metrics of the built server [sqlite]", () => {
  it.runIf(hasWebBuild())("counts pages by one label, the page cache's hits and misses and the renders", { timeout: 120_000 }, async () => {
    const testDb = await createTestDatabase("sqlite");
    const data = tempDataDir();
    let server: ServerProcess | undefined;
    try {
      server = await startServer({ env: { DATABASE_URL: testDb.url, DATA_DIR: data.dir, METRICS_TOKEN: TOKEN } });
      const base = server.url;
      expect((await request(base, "/")).headers["x-page-cache"]).toBe("miss");
      expect((await request(base, "/")).headers["x-page-cache"]).toBe("hit");
      expect((await request(base, "/learn")).status).toBe(200);
      for (let i = 0; i < 20; i++) await request(base, `/no-such-page-${i}-${Math.random().toString(36).slice(2)}`);

      const scrape = await request(base, "/metrics", { token: TOKEN, headers: { "accept-encoding": "identity" } });
      expect(scrape.status).toBe(200);
      expect(scrape.headers["cache-control"]).toBe("no-store");
      const text = String(scrape.body);
      expect(sample(text, "page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "ssr_render_duration_seconds_count", { outcome: "rendered" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_requests_total", { method: "GET", route: "page", status_code: "200" })).toBe(3);
      expect(sample(text, "http_requests_total", { method: "GET", route: "page", status_code: "404" })).toBe(20);
      expect(text).not.toContain("no-such-page");
      // The catalogue page's render asked the API for the courses in-process; those calls are
      // part of the page's request, so besides the start-up's health checks only the 23 pages
      // are counted, and no API route.
      const counted = text
        .split("\n")
        .filter((l) => l.startsWith("http_requests_total{") && !l.includes('route="/api/v1/health"'))
        .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
      expect(counted).toBe(23);
      expect(text).not.toMatch(/http_requests_total\{[^}]*route="\/api\/v1\/(?!health")/);

      const compressed = await request(base, "/metrics", { token: TOKEN, headers: { "accept-encoding": "br" } });
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect((await request(base, "/metrics")).status).toBe(401);
    } finally {
      await server?.stop();
      await testDb.dispose();
      data.remove();
    }
  });
});
