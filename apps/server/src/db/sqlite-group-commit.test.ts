import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupCommitSqliteDialect, SqliteWriter, StatementCache } from "./sqlite-group-commit.ts";

type Schema = { notes: { id: string; body: string } };

describe("SQLite group commit", () => {
  let dir: string;
  let file: string;
  let native: SQLite.Database;
  let reader: SQLite.Database;
  let settled: number;
  let db: Kysely<Schema>;
  let fsyncs: () => number;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "vestin-group-commit-"));
    file = path.join(dir, "app.db");
    native = new SQLite(file);
    native.pragma("journal_mode = WAL");
    native.pragma("synchronous = FULL");
    native.exec("create table notes (id text primary key, body text not null check (body <> 'refused'))");
    reader = new SQLite(file, { readonly: true });
    settled = 0;
    // COMMITs reach the disk: counting the writer's commits is counting its fsyncs.
    let commits = 0;
    const exec = native.exec.bind(native);
    native.exec = (source: string) => {
      if (source === "COMMIT") commits++;
      return exec(source);
    };
    fsyncs = () => commits;
    const writer = new SqliteWriter(new StatementCache(native), new StatementCache(reader), { onSettled: () => settled++ });
    db = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(writer) });
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = () => (reader.prepare("select count(*) as n from notes").get() as { n: number }).n;

  it("commits transactions that arrive together in one COMMIT, each answered after it", async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("notes")
          .values({ id: `n${i}`, body: "first" })
          .execute();
        await trx.updateTable("notes").set({ body: "second" }).where("id", "=", `n${i}`).execute();
        // Once its transaction has returned, the row is committed: a fresh connection sees it.
        return i;
      }),
    );
    const answers = await Promise.all(writes.map((w) => w.then((i) => ({ i, seen: count() }))));
    for (const { seen } of answers) expect(seen).toBeGreaterThan(0);
    expect(count()).toBe(20);
    expect(fsyncs()).toBeLessThan(20);
    expect(fsyncs()).toBeGreaterThanOrEqual(1);
  });

  it("answers a transaction only after the batch is on disk", async () => {
    let released = false;
    const write = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("notes").values({ id: "a", body: "one" }).execute();
      })
      .then(() => {
        released = true;
        return count();
      });
    // Its savepoint is released at once, the COMMIT comes on a later turn of the event loop.
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect(released).toBe(false);
    expect(count()).toBe(0);
    expect(await write).toBe(1);
  });

  it("fails one transaction of a batch alone; the others commit", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto("notes")
            .values({ id: `k${i}`, body: "kept" })
            .execute();
          if (i === 3) throw new Error("refused by the rule of the request");
          if (i === 6) await trx.insertInto("notes").values({ id: "k0", body: "a duplicate key" }).execute();
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(2);
    expect((outcomes[3] as PromiseRejectedResult).reason.message).toBe("refused by the rule of the request");
    expect(String((outcomes[6] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    const ids = (reader.prepare("select id from notes order by id").all() as Array<{ id: string }>).map((r) => r.id);
    expect(ids).toEqual(["k0", "k1", "k2", "k4", "k5", "k7", "k8", "k9"]);
  });

  it("stores a write outside a transaction as a batch of one statement, and answers after its commit", async () => {
    const results = await Promise.all([
      db.insertInto("notes").values({ id: "x", body: "one" }).execute(),
      db.insertInto("notes").values({ id: "y", body: "two" }).execute(),
    ]);
    expect(results.map((r) => Number(r[0]?.numInsertedOrUpdatedRows))).toEqual([1, 1]);
    expect(count()).toBe(2);
    await expect(db.insertInto("notes").values({ id: "z", body: "refused" }).execute()).rejects.toThrow(/CHECK/);
    expect(count()).toBe(2);
  });

  it("reads outside a transaction see only what is committed, and do not wait for the writer", async () => {
    await db.insertInto("notes").values({ id: "before", body: "committed" }).execute();
    let readDuring: number | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("notes").values({ id: "during", body: "uncommitted" }).execute();
      // Another request's read while this transaction holds the writer: answered at once.
      const rows = await db.selectFrom("notes").select("id").execute();
      readDuring = rows.length;
      // Inside the transaction, its own write is there.
      expect(await trx.selectFrom("notes").select("id").execute()).toHaveLength(2);
    });
    expect(readDuring).toBe(1);
    expect((await db.selectFrom("notes").select("id").execute()).length).toBe(2);
  });

  it("keeps an application's own savepoints inside a transaction", async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto("notes").values({ id: "outer", body: "kept" }).execute();
    const inner = await trx.savepoint("inner").execute();
    await inner.insertInto("notes").values({ id: "inner", body: "undone" }).execute();
    await inner.rollbackToSavepoint("inner").execute();
    await trx.commit().execute();
    expect(await db.selectFrom("notes").select("id").execute()).toEqual([{ id: "outer" }]);
  });

  it("reports each batch's end to the change feed", async () => {
    await Promise.all(
      [1, 2, 3].map((i) =>
        db
          .insertInto("notes")
          .values({ id: `s${i}`, body: "x" })
          .execute(),
      ),
    );
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(settled).toBe(fsyncs());
    expect(await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).toMatchObject({ rows: [{ n: 3 }] });
  });
});
