import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../test/harness.ts";
import { writeOperations } from "../test/hostile-requests.ts";

/*
 * Every write route of the API (POST, PUT, PATCH, DELETE under /api/v1, as the OpenAPI description
 * lists them) has a hostile-input property in some *.property.test.ts. A new write
 * route without one fails here.
 */

const SRC = path.resolve(import.meta.dirname);

function propertyTestSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...propertyTestSources(full));
    else if (entry.name.endsWith(".property.test.ts")) out.push(readFileSync(full, "utf8"));
  }
  return out;
}

/** "METHOD /path" of every route a property test sends hostile requests to. */
function routesUnderProperty(): Set<string> {
  const covered = new Set<string>();
  for (const source of propertyTestSources(SRC)) {
    for (const match of source.matchAll(/method: "(GET|POST|PUT|PATCH|DELETE)",\s*path: "([^"]+)"/g)) covered.add(`${match[1]} ${match[2]}`);
  }
  return covered;
}

describe("hostile-input properties cover the API", () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    ctx = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("has a property for every write route", () => {
    const writes = writeOperations(ctx?.app ?? (undefined as never));
    expect(writes.length).toBeGreaterThan(20);
    const covered = routesUnderProperty();
    expect(writes.filter((route) => !covered.has(route))).toEqual([]);
  });
});
