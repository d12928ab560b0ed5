import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import { expect } from "vitest";
import { NASTY_STRINGS, prototypeIsClean, prototypeSnapshot } from "@vestin/shared/testing/hostile-input";
import type { DB } from "../src/db/schema.ts";
import { fillUnique, type HostileRequest, hostileRequests, type RouteUnderTest, VALID_TOKEN } from "./hostile-request-arbitraries.ts";

/*
 * Route property tests: hostile requests against a real app and database. Whatever is sent, the
 * answer is never a 5xx, a refusal (4xx) is the API's error envelope ({ success: false, message,
 * errors }) and leaves the database exactly as it was, and Object.prototype stays clean. The
 * requests themselves are drawn in hostile-request-arbitraries.ts.
 */

/**
 * A one-query picture of the whole database: rows per table, and per table the latest change
 * (updated_at, revoked_at, used_at) and the sums of its counters. Equal pictures: nothing stored.
 */
export async function databaseFingerprint(db: Kysely<DB>): Promise<string> {
  const query = await fingerprintQuery(db);
  const result = await query.execute(db);
  return JSON.stringify(result.rows[0], (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

const queries = new WeakMap<Kysely<DB>, ReturnType<typeof sql>>();
async function fingerprintQuery(db: Kysely<DB>) {
  const known = queries.get(db);
  if (known) return known;
  // The application's tables only: pg-boss keeps its own in the `pgboss` schema (ADR 11), and its
  // pending jobs move to it on their own time (ADR 39).
  const tables = (await db.introspection.getTables()).filter(
    (t) => (t.schema ?? "public") === "public" && !t.name.startsWith("kysely_") && !t.isView && !t.name.includes("_fts") && t.name !== "pending_jobs",
  );
  const parts: Array<ReturnType<typeof sql>> = [];
  for (const table of tables) {
    const ref = sql.table(table.name);
    parts.push(sql`(select count(*) from ${ref}) as ${sql.ref(`${table.name}__rows`)}`);
    for (const column of table.columns) {
      const col = sql.ref(column.name);
      if (/^(updated_at|revoked_at|used_at)$/.test(column.name)) {
        parts.push(sql`(select max(${col}) from ${ref}) as ${sql.ref(`${table.name}__${column.name}`)}`);
        parts.push(sql`(select count(${col}) from ${ref}) as ${sql.ref(`${table.name}__${column.name}_n`)}`);
      } else if (/_count$|^xp_earned$/.test(column.name)) {
        parts.push(sql`(select sum(${col}) from ${ref}) as ${sql.ref(`${table.name}__${column.name}`)}`);
      }
    }
  }
  const query = sql`select ${sql.join(parts)}`;
  queries.set(db, query);
  return query;
}

const PROTOTYPES = prototypeSnapshot();

export type Verdict = { status: number; body: string };

/**
 * Sends one hostile request and checks the rules: no 5xx; a refusal is the JSON envelope, leaks no
 * stack and leaves the database as it was; Object.prototype stays clean.
 */
export async function sendAndCheck(app: FastifyInstance, db: Kysely<DB>, request: HostileRequest): Promise<Verdict> {
  // Counters kept in memory and written later (article views) are written now, and jobs earlier
  // requests stored (a lead's confirmation) are worked now, on both sides.
  const flush = async () => {
    await (app.blog as { flushViews?: () => Promise<void> }).flushViews?.();
    await app.jobs.idle();
  };
  await flush();
  const before = await databaseFingerprint(db);
  const res = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  const context = `${request.describe}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  expect(prototypeIsClean(PROTOTYPES), `Object.prototype polluted by ${context}`).toBe(true);
  if (res.statusCode >= 400) {
    await flush();
    const after = await databaseFingerprint(db);
    if (after !== before) {
      const [was, is] = [JSON.parse(before) as Record<string, unknown>, JSON.parse(after) as Record<string, unknown>];
      const changed = Object.keys(is)
        .filter((key) => JSON.stringify(is[key]) !== JSON.stringify(was[key]))
        .map((key) => `${key}: ${JSON.stringify(was[key])} → ${JSON.stringify(is[key])}`);
      expect.fail(`a refused request changed the database (${changed.join(", ")}): ${context}`);
    }
    expect(String(res.headers["content-type"]), context).toMatch(/^application\/json/);
    const body = res.json() as { success?: unknown; message?: unknown };
    expect(body.success, context).toBe(false);
    expect(typeof body.message, context).toBe("string");
    expect(res.body, context).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  }
  return { status: res.statusCode, body: res.body };
}

/** Runs the property for one route; numRuns stays small so both databases fit the time budget. */
export async function assertHostileRequestsAreHarmless(
  app: FastifyInstance,
  db: Kysely<DB>,
  route: RouteUnderTest,
  options: { numRuns?: number; seed?: number } = {},
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(hostileRequests(route), async (generated) => {
      let request = { ...generated, payload: fillUnique(generated.payload) };
      if (route.freshToken && request.headers.authorization === `Bearer ${VALID_TOKEN}`) {
        request = { ...request, headers: { ...request.headers, authorization: `Bearer ${await route.freshToken()}` } };
      }
      const { status } = await sendAndCheck(app, db, request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
    { numRuns: options.numRuns ?? 60, ...(options.seed !== undefined ? { seed: options.seed } : {}) },
  );
  // PROPERTY_STATS=1 shows which answers the runs reached (a property that only ever sees 400s proves little).
  if (process.env.PROPERTY_STATS) console.log(`${route.method} ${route.path}`, JSON.stringify([...statuses].sort()));
  return statuses;
}

/** The write operations (POST, PUT, PATCH, DELETE) the OpenAPI description lists under /api/v1. */
export function writeOperations(app: FastifyInstance): string[] {
  const spec = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const out: string[] = [];
  for (const [path, operations] of Object.entries(spec.paths ?? {})) {
    if (!path.startsWith("/api/v1/")) continue;
    for (const method of Object.keys(operations)) if (["post", "put", "patch", "delete"].includes(method)) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

export { NASTY_STRINGS };
export { encodeSegment, type HostileRequest, hostileRequests, hostileSegment, type Method, type RouteUnderTest } from "./hostile-request-arbitraries.ts";
