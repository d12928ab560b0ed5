import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type DialectName } from "../../test/harness.ts";
import { writeElsewhere } from "../../test/helpers.ts";
import { WatchedCache } from "../lib/watched-cache.ts";
import type { Change } from "./change-feed.ts";
import { parseChange, watchedTablesWritten } from "./change-feed.ts";
import { migrateToLatest, openDatabase, type Database } from "./database.ts";

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

/** Waits until the feed vouches for memory (PostgreSQL: its LISTEN connection is up). */
async function listening(database: Database): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const generation = database.changes.begin();
    if (generation !== null) return generation;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the change feed never started listening");
}

const NOW = "2026-01-01T00:00:00.000Z";
const LATER = "2099-01-01T00:00:00.000Z";

/**
 * Adds a user with a live session and, on PostgreSQL, waits for their notices to arrive, so a
 * test's first cached read does not overlap them (a read that overlaps a change is not kept).
 */
async function addUserWithSession(database: Database, id: string) {
  const heard: Change[] = [];
  const stop = database.changes.subscribe((change) => heard.push(change));
  await insertUserWithSession(database, id);
  if (database.dialect === "postgres") await expect.poll(() => heard, { timeout: 2_000 }).toContainEqual({ table: "sessions", key: `s-${id}` });
  stop();
}

async function insertUserWithSession(database: Database, id: string) {
  await database.db
    .insertInto("users")
    .values({
      id,
      first_name: "Ada",
      last_name: "L",
      email: `${id}@example.com`,
      password_hash: null,
      google_sub: null,
      newsletter_opt_in: 0,
      role: "user",
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await database.db
    .insertInto("sessions")
    .values({ id: `s-${id}`, user_id: id, created_at: NOW, expires_at: LATER, revoked_at: null })
    .execute();
}

describe("change notices (pure parts)", () => {
  it("reads the tables a statement writes, and parses notices", () => {
    expect(watchedTablesWritten('update "sessions" set "revoked_at" = $1 where "id" = $2')).toEqual(["sessions"]);
    expect(watchedTablesWritten('insert into "lesson_completions" ("id") values ($1)')).toEqual(["lesson_completions"]);
    expect(watchedTablesWritten('delete from "users" where "id" = $1')).toEqual(["users"]);
    expect(watchedTablesWritten('select * from "sessions" where "id" = $1')).toEqual([]);
    expect(watchedTablesWritten('update "articles" set "view_count" = 1')).toEqual([]);
    expect(parseChange("sessions:abc")).toEqual({ table: "sessions", key: "abc" });
    expect(parseChange("enrollments:u1|c1")).toEqual({ table: "enrollments", key: "u1|c1" });
    expect(parseChange("users:*")).toEqual({ table: "users", key: null });
    expect(parseChange("*")).toEqual({ table: null, key: null });
    expect(parseChange("articles:x")).toBeUndefined();
  });
});

/** A fresh, migrated database whose change feed is listening; closed and dropped afterwards. */
async function withFeed(dialect: DialectName, test: (database: Database, url: string) => Promise<void>): Promise<void> {
  const testDb = await createTestDatabase(dialect);
  const database = await openDatabase(target(testDb.url));
  try {
    await migrateToLatest(database);
    await listening(database);
    await test(database, testDb.url);
  } finally {
    await database.close();
    await testDb.dispose();
  }
}

describe("change feed [sqlite]: installing its triggers", () => {
  it("waits while another request has a transaction open, so a rollback cannot take the triggers away", async () => {
    const testDb = await createTestDatabase("sqlite");
    const database = await openDatabase(target(testDb.url));
    try {
      await migrateToLatest(database);
      await database.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("app_meta").set({ value: "x" }).where("key", "=", "nothing").execute();
          expect(database.changes.begin()).toBeNull();
          throw new Error("roll back");
        })
        .catch(() => {});
      // The feed tries again after a second: wait until it vouches for memory again.
      await listening(database);
      const seen: Change[] = [];
      database.changes.subscribe((change) => seen.push(change));
      await insertUserWithSession(database, "after-rollback");
      expect(seen).toContainEqual({ table: "sessions", key: "s-after-rollback" });
    } finally {
      await database.close();
      await testDb.dispose();
    }
  });
});

for (const dialect of testDialects()) {
  describe(`change feed [${dialect}]`, () => {
    it("reports this process's writes by key, and another connection's commits, to the caches", () =>
      withFeed(dialect, async (database, url) => {
        const seen: Change[] = [];
        database.changes.subscribe((change) => seen.push(change));

        await addUserWithSession(database, "u1");
        await database.db.updateTable("sessions").set({ revoked_at: NOW }).where("id", "=", "s-u1").execute();
        // This process's own write is known before the next request starts.
        expect(seen).toContainEqual(expect.objectContaining({ table: "sessions" }));
        if (dialect === "sqlite") expect(seen).toContainEqual({ table: "sessions", key: "s-u1" });
        // The committed notice (PostgreSQL) names the row.
        if (dialect === "postgres") await expect.poll(() => seen, { timeout: 2_000 }).toContainEqual({ table: "sessions", key: "s-u1" });

        // Another connection's commit.
        seen.length = 0;
        await writeElsewhere(url, "update sessions set revoked_at = null where id = $1", ["s-u1"]);
        if (dialect === "sqlite") {
          expect(seen).toEqual([]);
          database.changes.begin();
          expect(seen).toEqual([{ table: null, key: null }]);
        } else await expect.poll(() => seen, { timeout: 2_000 }).toContainEqual({ table: "sessions", key: "s-u1" });
      }));

    it("a cached read is replaced after its rows change, here or elsewhere, and a write in flight is not kept", () =>
      withFeed(dialect, async (database, url) => {
        await addUserWithSession(database, "u2");
        const cache = new WatchedCache<string | undefined>(database.changes, { sessions: (key) => key, users: () => null }, { maxEntries: 10, ttlMs: 60_000 });
        let loads = 0;
        const revokedAt = () =>
          cache.get("s-u2", async () => {
            loads += 1;
            const row = await database.db.selectFrom("sessions").select("revoked_at").where("id", "=", "s-u2").executeTakeFirstOrThrow();
            return row.revoked_at ?? "live";
          });

        expect(await revokedAt()).toBe("live");
        expect(await revokedAt()).toBe("live");
        expect(loads).toBe(1);

        // Written by this process: seen by the very next read.
        await database.db.updateTable("sessions").set({ revoked_at: NOW }).where("id", "=", "s-u2").execute();
        expect(await revokedAt()).toBe(NOW);
        expect(loads).toBe(2);

        // Written by another connection (another server): seen once its commit is known.
        await writeElsewhere(url, "update sessions set revoked_at = $1 where id = $2", [LATER, "s-u2"]);
        await expect.poll(revokedAt, { timeout: 2_000 }).toBe(LATER);
        // The read that saw it may have come before the notice, which then drops it once more:
        // wait until a read is answered from memory.
        await expect
          .poll(
            async () => {
              const loadsBefore = loads;
              await revokedAt();
              return loads - loadsBefore;
            },
            { timeout: 2_000 },
          )
          .toBe(0);

        // A change to any user drops every session (the rows carry the user's name and role).
        const before = loads;
        await revokedAt();
        expect(loads).toBe(before);
        await database.db.updateTable("users").set({ role: "admin" }).where("id", "=", "u2").execute();
        await revokedAt();
        expect(loads).toBe(before + 1);

        // A read that was in flight while a change landed is answered but not kept.
        const slow = cache.get("other", async () => {
          await database.db.updateTable("sessions").set({ revoked_at: null }).where("id", "=", "s-u2").execute();
          return "read before the change";
        });
        expect(await slow).toBe("read before the change");
        expect(await cache.get("other", async () => "fresh")).toBe("fresh");
      }));

    it("a bulk write drops the whole table's entries", () =>
      withFeed(dialect, async (database, url) => {
        const ids = Array.from({ length: 150 }, (_, i) => `bulk-${i}`);
        for (const id of ids) await addUserWithSession(database, id);
        const cache = new WatchedCache<string>(database.changes, { sessions: (key) => key }, { maxEntries: 1_000, ttlMs: 60_000 });
        for (const id of ids) await cache.get(`s-${id}`, async () => "live");
        expect(cache.size).toBe(150);
        await writeElsewhere(url, "update sessions set revoked_at = $1", [NOW]);
        await expect
          .poll(
            () => {
              database.changes.begin();
              return cache.size;
            },
            { timeout: 2_000 },
          )
          .toBe(0);
      }));
  });
}
