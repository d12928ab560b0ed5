import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { CheapCounter, CheapHistogram } from "./metric-series.ts";

/*
 * The cheap series print exactly what prom-client's own Histogram and Counter print for the same
 * events, so dashboards, alerts and the scrape tests cannot tell them apart.
 */

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LABELS = ["method", "route", "status_code"] as const;

/** Deterministic events: label sets that repeat, values across every bucket, exact bounds and beyond the last. */
function events(n: number): Array<{ values: [string, string, string]; seconds: number }> {
  const routes = ["/api/v1/courses", "/api/v1/courses/:id", "page", "unmatched"];
  const out: Array<{ values: [string, string, string]; seconds: number }> = [];
  let x = 7;
  for (let i = 0; i < n; i++) {
    x = (x * 48271) % 2147483647;
    const seconds = i % 17 === 0 ? (BUCKETS[i % BUCKETS.length] as number) : i % 29 === 0 ? 12 : (x % 100_000) / 40_000;
    out.push({ values: [i % 5 === 0 ? "POST" : "GET", routes[x % routes.length] as string, i % 11 === 0 ? "404" : "200"], seconds });
  }
  return out;
}

describe("the cheap metric series", () => {
  it("print the same exposition as prom-client's Histogram and Counter", async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: "http_request_duration_seconds",
      help: "Request times",
      labelNames: LABELS,
      buckets: BUCKETS,
      registers: [theirs],
    });
    const counter = new Counter({ name: "http_requests_total", help: "Requests", labelNames: LABELS, registers: [theirs] });
    const results = new Counter({ name: "cache_requests_total", help: "Lookups", labelNames: ["result"], registers: [theirs] });

    const ours = new Registry();
    const cheap = new CheapHistogram("http_request_duration_seconds", "Request times", LABELS, BUCKETS).register(ours);
    CheapCounter.fromHistogram("http_requests_total", "Requests", cheap).register(ours);
    const cheapResults = new CheapCounter("cache_requests_total", "Lookups", ["result"]).register(ours);

    results.inc({ result: "hit" }, 0);
    results.inc({ result: "miss" }, 0);
    cheapResults.inc(["hit"], 0);
    cheapResults.inc(["miss"], 0);
    for (const { values, seconds } of events(5_000)) {
      const [method, route, status_code] = values;
      histogram.observe({ method, route, status_code }, seconds);
      counter.inc({ method, route, status_code });
      cheap.observe(values, seconds);
      if (seconds < 0.5) {
        results.inc({ result: seconds < 0.1 ? "hit" : "miss" });
        cheapResults.inc([seconds < 0.1 ? "hit" : "miss"]);
      }
    }

    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="page",status_code="200"}');
    // The JSON form too, but for prom-client's exemplars (always empty: exemplars are off).
    const withoutExemplars = (json: object) => JSON.parse(JSON.stringify(json, (key, value) => (key === "exemplar" ? undefined : value)));
    expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
  });

  it("start again from nothing when the registry resets", async () => {
    const registry = new Registry();
    const histogram = new CheapHistogram("t_seconds", "t", ["kind"], [1]).register(registry);
    const counter = CheapCounter.fromHistogram("t_total", "t", histogram).register(registry);
    histogram.observe(["select"], 0.5);
    expect(await registry.metrics()).toContain('t_total{kind="select"} 1');
    registry.resetMetrics();
    expect((await counter.getForPromString()).values).toEqual([]);
    expect(await registry.metrics()).not.toContain("select");
  });
});
