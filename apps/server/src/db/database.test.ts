import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../config.ts";
import { createTestDatabase, testDialects } from "../../test/harness.ts";
import { statementsSentToPostgres } from "../../test/helpers.ts";
import pg from "pg";
import {
  COMMITTED_WITH_OTHERS,
  dialectOf,
  inOrder,
  mergedInserts,
  migrateToLatest,
  openDatabase,
  preparedStatementNames,
  redactUrl,
  SENT_WITH_NEXT_STATEMENT,
  type Database,
} from "./database.ts";
import { seedDatabase, type Seeder } from "./seed/index.ts";

function target(url: string) {
  return url.startsWith("sqlite:") ? ({ dialect: "sqlite", file: url.slice(7) } as const) : ({ dialect: "postgres", url } as const);
}

for (const dialect of testDialects()) {
  describe(`database [${dialect}]`, () => {
    it("migrates an empty database once; running again applies nothing", async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        const first = await migrateToLatest(database);
        expect(first).toContain("0001-app-meta");
        expect(await migrateToLatest(database)).toEqual([]);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });

    it("tells its dialect from the connection and from a transaction on it", async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      try {
        expect(dialectOf(database.db)).toBe(dialect);
        expect(await database.db.transaction().execute(async (trx) => dialectOf(trx))).toBe(dialect);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });

    it("runs a seed once per version and again when its version rises", async () => {
      const testDb = await createTestDatabase(dialect);
      const database = await openDatabase(target(testDb.url));
      let runs = 0;
      const seeder = (version: number): Seeder => ({
        name: "counter",
        version,
        async run(trx) {
          runs += 1;
          const now = new Date().toISOString();
          await trx
            .insertInto("app_meta")
            .values({ key: "counter", value: String(runs), updated_at: now })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(runs), updated_at: now }))
            .execute();
        },
      });
      try {
        await migrateToLatest(database);
        expect(await seedDatabase(database, [seeder(1)])).toEqual(["counter"]);
        expect(await seedDatabase(database, [seeder(1)])).toEqual([]);
        expect(await seedDatabase(database, [seeder(2)])).toEqual(["counter"]);
        expect(runs).toBe(2);
        // Two start-ups at the same moment seed once between them.
        await Promise.all([seedDatabase(database, [seeder(3)]), seedDatabase(database, [seeder(3)])]);
        expect(runs).toBe(3);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    });
  });
}

describe("a statement's outcome after statements answered early", () => {
  const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

  it("is observed at once, though it fails while the earlier ones still await their answers", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      let answerEarlier = () => {};
      const earlier = new Promise<void>((resolve) => {
        answerEarlier = resolve;
      });
      const failure = new Error("Client has encountered a connection error and is not queryable");
      const joined = inOrder(earlier, Promise.reject(failure));
      // Node reports an unobserved rejection once the microtasks of this turn are done.
      await nextMacrotask();
      await nextMacrotask();
      expect(unhandled).toEqual([]);
      answerEarlier();
      await expect(joined).rejects.toBe(failure);
    } finally {
      process.off("unhandledRejection", record);
    }
  });

  it("gives the first failure in the order sent", async () => {
    const first = new Error("duplicate key value violates unique constraint");
    const second = new Error("current transaction is aborted");
    const earlier = new Promise((_, reject) => setImmediate(() => reject(first)));
    await expect(inOrder(earlier, Promise.reject(second))).rejects.toBe(first);
    await expect(inOrder(Promise.resolve(), Promise.resolve("row"))).resolves.toBe("row");
  });
});

describe("prepared statements", () => {
  it("names a text once, and never transaction control, DDL, or a result that follows a table's columns", () => {
    const names = preparedStatementNames(200, 1);
    const insert = 'insert into "leads" ("id", "email") values ($1, $2)';
    expect(names.nameOf(insert)).toBe("INSERT leads #1");
    expect(names.nameOf(insert)).toBe("INSERT leads #1");
    expect(names.nameOf('select "id", count(*) as "n" from "leads" where "email" = $1')).toBe("SELECT leads #2");
    for (const text of [
      "begin",
      "commit",
      "rollback",
      "savepoint a",
      "release a",
      "alter table x add column y text",
      "create index i on x (y)",
      "truncate x",
      "vacuum x",
    ]) {
      expect(names.nameOf(text), text).toBeUndefined();
    }
    expect(names.nameOf('select * from "leads" where "id" = $1')).toBeUndefined();
    expect(names.nameOf('select "leads".* from "leads"')).toBeUndefined();
    expect(names.nameOf('update "leads" set "email" = $1 returning *')).toBeUndefined();
    // A `*` in a subquery of an insert never reaches its result.
    expect(names.nameOf("insert into q (id) select id from (select *, 1 as n from json_to_recordset($1::json) as x (id uuid)) j returning id")).toBe(
      "INSERT q #3",
    );
  });

  it("names a text at its third run, so texts run once or twice never take a place", () => {
    const names = preparedStatementNames();
    const select = 'select "title" from "articles" where "slug" = $1';
    expect(names.nameOf(select)).toBeUndefined();
    expect(names.nameOf('select "title" from "articles" where "id" in ($1, $2, $3)')).toBeUndefined();
    expect(names.nameOf(select)).toBeUndefined();
    expect(names.nameOf(select)).toBe("SELECT articles #1");
    expect(names.nameOf(select)).toBe("SELECT articles #1");
    const everything = 'select * from "articles" where "slug" = $1';
    for (let run = 0; run < 5; run++) expect(names.nameOf(everything)).toBeUndefined();
  });

  it("stops naming new texts at its limit; the ones already named keep their names", () => {
    const names = preparedStatementNames(2, 1);
    expect(names.nameOf("select 1")).toBe("SELECT #1");
    expect(names.nameOf("select 2")).toBe("SELECT #2");
    expect(names.nameOf("select 3")).toBeUndefined();
    expect(names.nameOf("select 1")).toBe("SELECT #1");
  });
});

if (testDialects().includes("postgres")) {
  describe("prepared statements [postgres]", () => {
    it("are prepared once per connection and keep working through a column added while the server runs", async () => {
      const testDb = await createTestDatabase("postgres");
      const database = await openDatabase(target(testDb.url));
      const other = await openDatabase(target(testDb.url));
      try {
        await sql`create table notes (id text primary key, body text not null)`.execute(database.db);
        const seen = await database.db.connection().execute(async (connection) => {
          for (const id of ["a", "b", "c"]) {
            await sql`insert into notes (id, body) values (${id}, ${`note ${id}`})`.execute(connection);
            await sql`select id, body from notes where id = ${id}`.execute(connection);
            await sql`select * from notes where id = ${id}`.execute(connection);
          }
          const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(connection);
          // An expand migration, run by another server.
          await sql`alter table notes add column mood text not null default 'calm'`.execute(other.db);
          await sql`insert into notes (id, body) values (${"d"}, ${"note d"})`.execute(connection);
          const named = await sql<{ id: string; body: string }>`select id, body from notes where id = ${"d"}`.execute(connection);
          const everything = await sql<Record<string, string>>`select * from notes where id = ${"d"}`.execute(connection);
          return {
            prepared: prepared.rows.map((row) => row.statement).filter((text) => !text.includes("pg_prepared_statements")),
            named: named.rows,
            everything: everything.rows,
          };
        });
        expect(seen.prepared).toEqual(["insert into notes (id, body) values ($1, $2)", "select id, body from notes where id = $1"]);
        expect(seen.named).toEqual([{ id: "d", body: "note d" }]);
        expect(seen.everything).toEqual([{ id: "d", body: "note d", mood: "calm" }]);
      } finally {
        await other.close();
        await database.close();
        await testDb.dispose();
      }
    });
  });
}

if (testDialects().includes("postgres")) {
  describe("transactions on a pipelined connection [postgres]", () => {
    type Db = Kysely<{ notes: { id: string; body: string }; pending_jobs: { job_id: string; name: string; data: string; trace_context: string | null } }>;
    const job = (jobId: string) => ({ job_id: jobId, name: "note.made", data: "{}", trace_context: null });
    /** Counts the writes to PostgreSQL's sockets (one per flush of the buffer) while `work` runs. */
    async function socketWrites<T>(port: number, work: () => Promise<T>): Promise<{ value: T; writes: number }> {
      const proto = net.Socket.prototype as unknown as Record<"_write" | "_writev", (...a: unknown[]) => unknown>;
      const [write, writev] = [proto._write, proto._writev];
      let writes = 0;
      proto._write = function (this: net.Socket, ...a: unknown[]) {
        if (this.remotePort === port) writes += 1;
        return write.apply(this, a);
      };
      proto._writev = function (this: net.Socket, ...a: unknown[]) {
        if (this.remotePort === port) writes += 1;
        return writev.apply(this, a);
      };
      try {
        return { value: await work(), writes };
      } finally {
        [proto._write, proto._writev] = [write, writev];
      }
    }
    /** The texts of the statements handed to node-postgres while `work` runs, in order. */
    const statementsSent = async (work: () => Promise<unknown>): Promise<string[]> => (await statementsSentToPostgres(work)).texts;
    async function withNotes(run: (db: Db, port: number, database: Database, url: string) => Promise<void>, poolSize?: number) {
      const testDb = await createTestDatabase("postgres");
      const database = await openDatabase({ ...target(testDb.url), ...(poolSize ? { poolSize } : {}) });
      try {
        await migrateToLatest(database);
        await sql`create table notes (id text primary key, body text not null)`.execute(database.db);
        await run(database.db as unknown as Db, Number(new URL(testDb.url).port || 5432), database, testDb.url);
      } finally {
        await database.close();
        await testDb.dispose();
      }
    }

    it("sends BEGIN with the first statement, and a write's pending jobs with its COMMIT", async () => {
      await withNotes(async (db, port) => {
        await sql`select 1`.execute(db); // a connection in the pool, opened
        const { writes } = await socketWrites(port, () =>
          db.transaction().execute(async (trx) => {
            await trx.insertInto("notes").values({ id: "a", body: "first" }).execute();
            const inserted = await trx
              .insertInto("pending_jobs")
              .values([job(crypto.randomUUID()), job(crypto.randomUUID())])
              .modifyEnd(SENT_WITH_NEXT_STATEMENT)
              .executeTakeFirst();
            expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
          }),
        );
        // BEGIN and the note's insert, then the jobs' insert and COMMIT: two writes, not four.
        expect(writes).toBe(2);
        expect(await db.selectFrom("notes").select("body").execute()).toEqual([{ body: "first" }]);
        expect(await db.selectFrom("pending_jobs").select("name").execute()).toHaveLength(2);
      });
    });

    it("sends a row lock whose rows nobody reads with the next statement, and holds it from then on", async () => {
      await withNotes(async (db, port, _database, url) => {
        await db.insertInto("notes").values({ id: "s", body: "sprint" }).execute();
        const other = new pg.Client({ connectionString: url });
        await other.connect();
        try {
          let lockedMeanwhile = "";
          const { writes } = await socketWrites(port, () =>
            db.transaction().execute(async (trx) => {
              const lock = await trx.selectFrom("notes").select("id").where("id", "=", "s").forKeyShare().modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
              expect(lock).toEqual([]);
              expect(await trx.selectFrom("notes").select("body").where("id", "=", "s").execute()).toEqual([{ body: "sprint" }]);
              // Held by this transaction now: another's FOR UPDATE cannot have the row.
              lockedMeanwhile = await other.query("select id from notes where id = 's' for update nowait").then(
                () => "taken",
                (err: { code?: string }) => err.code ?? "",
              );
            }),
          );
          expect(lockedMeanwhile).toBe("55P03");
          // BEGIN, the lock and the read in one write; the other client's query; COMMIT.
          expect(writes).toBe(3);
        } finally {
          await other.end();
        }
      });
    });

    it("sends a transaction of blind inserts alone as one statement, which commits itself", async () => {
      await withNotes(async (db, port) => {
        await sql`select 1`.execute(db);
        const jobIds = [crypto.randomUUID(), crypto.randomUUID()];
        let texts: string[] = [];
        const { writes } = await socketWrites(port, async () => {
          texts = await statementsSent(() =>
            db.transaction().execute(async (trx) => {
              await trx.insertInto("notes").values({ id: "m", body: "merged" }).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
              await trx.insertInto("pending_jobs").values(jobIds.map(job)).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
            }),
          );
        });
        // No BEGIN, no COMMIT: one statement, in one write.
        expect(texts).toEqual([
          expect.stringMatching(/^with "held_1" as \(insert into "notes" .*\) insert into "pending_jobs" .*\$3, \$4, \$5, \$6\), \(\$7,/),
        ]);
        expect(writes).toBe(1);
        expect(await db.selectFrom("notes").selectAll().execute()).toEqual([{ id: "m", body: "merged" }]);
        expect((await db.selectFrom("pending_jobs").select(["job_id", "name"]).orderBy("job_id").execute()).map((row) => row.job_id)).toEqual(
          [...jobIds].sort(),
        );
      });
    });

    it("stores nothing of a transaction of blind inserts when one of them is refused", async () => {
      await withNotes(async (db) => {
        await db.insertInto("notes").values({ id: "t", body: "taken" }).execute();
        let failure: unknown;
        const texts = await statementsSent(() =>
          db
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto("pending_jobs").values(job(crypto.randomUUID())).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
              await trx.insertInto("notes").values({ id: "t", body: "again" }).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
            })
            .catch((err: unknown) => {
              failure = err;
            }),
        );
        expect(failure).toMatchObject({ code: "23505", constraint: "notes_pkey" });
        // The one statement, and no ROLLBACK after it: nothing was left open to undo.
        expect(texts).toEqual([expect.stringMatching(/^with "held_1" as \(insert into "pending_jobs"/)]);
        expect(await db.selectFrom("notes").select("body").execute()).toEqual([{ body: "taken" }]);
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toEqual([]);
        // The connection goes on working, in and out of transactions.
        await db.transaction().execute((trx) => trx.insertInto("notes").values({ id: "u", body: "after" }).execute());
        expect(await db.selectFrom("notes").select("id").orderBy("id").execute()).toEqual([{ id: "t" }, { id: "u" }]);
      });
    });

    it("merges the blind inserts held for COMMIT after a statement was answered", async () => {
      await withNotes(async (db) => {
        await sql`select 1`.execute(db);
        const texts = await statementsSent(() =>
          db.transaction().execute(async (trx) => {
            await trx.insertInto("notes").values({ id: "r", body: "read" }).execute();
            await trx.insertInto("notes").values({ id: "s", body: "held" }).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
            await trx.insertInto("pending_jobs").values(job(crypto.randomUUID())).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
          }),
        );
        expect(texts).toEqual([
          "begin",
          expect.stringMatching(/^insert into "notes"/),
          expect.stringMatching(/^with "held_1" as \(insert into "notes"/),
          "commit",
        ]);
        expect(await db.selectFrom("notes").select("id").orderBy("id").execute()).toEqual([{ id: "r" }, { id: "s" }]);
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toHaveLength(1);
      });
    });

    it("sends nothing that a ROLLBACK would only undo", async () => {
      await withNotes(async (db) => {
        const texts = await statementsSent(() =>
          db
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto("pending_jobs").values(job(crypto.randomUUID())).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
              throw new Error("changed its mind");
            })
            .catch((err: Error) => expect(err.message).toBe("changed its mind")),
        );
        expect(texts).toEqual([]);
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toEqual([]);
        // Given up after a statement was sent: the inserts held since are dropped, not sent to be undone.
        const undone = await statementsSent(() =>
          db
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto("notes").values({ id: "g", body: "sent" }).execute();
              await trx.insertInto("pending_jobs").values(job(crypto.randomUUID())).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
              throw new Error("changed its mind");
            })
            .catch((err: Error) => expect(err.message).toBe("changed its mind")),
        );
        expect(undone).toEqual(["begin", expect.stringMatching(/^insert into "notes"/), "rollback"]);
        expect(await db.selectFrom("notes").selectAll().execute()).toEqual([]);
      });
    });

    it("fails the transaction when an early-answered insert fails, and stores nothing of it", async () => {
      await withNotes(async (db) => {
        const failed = db.transaction().execute(async (trx) => {
          await trx.insertInto("notes").values({ id: "b", body: "kept only with its jobs" }).execute();
          await trx.insertInto("pending_jobs").values(job("not-a-uuid")).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
        });
        await expect(failed).rejects.toThrow(/invalid input syntax for type uuid/);
        expect(await db.selectFrom("notes").selectAll().execute()).toEqual([]);
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toEqual([]);
        // The connection goes on working.
        await db.insertInto("notes").values({ id: "c", body: "after" }).execute();
        expect(await db.selectFrom("notes").select("id").execute()).toEqual([{ id: "c" }]);
      });
    });

    it("reports the transaction's own error when it gives up after a failed early-answered insert", async () => {
      await withNotes(async (db) => {
        const gaveUp = db.transaction().execute(async (trx) => {
          await trx.insertInto("pending_jobs").values(job("not-a-uuid")).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
          throw new Error("changed its mind");
        });
        await expect(gaveUp).rejects.toThrow("changed its mind");
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toEqual([]);
      });
    });

    it("reports an early-answered insert's own error, not the aborted transaction of the statements after it", async () => {
      await withNotes(async (db) => {
        await db.insertInto("notes").values({ id: "e", body: "taken" }).execute();
        const errors: Array<{ code?: string }> = [];
        // BEGIN, the duplicate and the job insert leave together; their answers, the read's and
        // COMMIT's come back in one read of the socket.
        for (const next of ["read", "commit"] as const) {
          const failed = db.transaction().execute(async (trx) => {
            await trx.insertInto("notes").values({ id: "e", body: "again" }).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
            await trx.insertInto("pending_jobs").values(job(crypto.randomUUID())).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
            if (next === "read") await trx.selectFrom("notes").select("id").execute();
          });
          await failed.catch((err: { code?: string }) => errors.push(err));
        }
        expect(errors.map((err) => err.code)).toEqual(["23505", "23505"]);
        expect(await db.selectFrom("notes").select("body").execute()).toEqual([{ body: "taken" }]);
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toEqual([]);
      });
    });

    /** A transaction that is one statement at its COMMIT: a note, inserted blind. */
    const oneStatement = (db: Db, id: string) =>
      db.transaction().execute((trx) =>
        trx
          .insertInto("notes")
          .values({ id, body: `note ${id}` })
          .modifyEnd(SENT_WITH_NEXT_STATEMENT)
          .execute(),
      );

    it("commits one-statement transactions handed in together with one COMMIT, and holds no connection for them while they wait", async () => {
      await withNotes(async (db, _port, database) => {
        await sql`select 1`.execute(db);
        const before = database.commits();
        const ids = Array.from({ length: 30 }, (_, i) => `g${String(i).padStart(2, "0")}`);
        // Thirty transactions under way on a pool of two: none of them holds a connection or waits
        // for one; the group alone takes one. Looked at every turn of the event loop meanwhile.
        let done = false;
        const most = { busy: 0, waiting: 0 };
        const look = () => {
          const { total, idle, waiting } = database.connections();
          most.busy = Math.max(most.busy, total - idle);
          most.waiting = Math.max(most.waiting, waiting);
          if (!done) setImmediate(look);
        };
        look();
        const texts = await statementsSent(() => Promise.all(ids.map((id) => oneStatement(db, id))));
        done = true;
        // The group's connection may come and go between two looks (its answer can arrive whole in
        // one turn), so it is seen at most once; one held by each transaction would be seen.
        expect(most.busy).toBeLessThanOrEqual(1);
        expect(most.waiting).toBe(0);
        // One group: BEGIN, the thirty inserts, COMMIT, on one connection.
        expect(texts.filter((text) => text === "begin")).toHaveLength(1);
        expect(texts.filter((text) => text === "commit")).toHaveLength(1);
        expect(texts.filter((text) => text.startsWith('insert into "notes"'))).toHaveLength(30);
        const after = database.commits();
        expect({ commits: after.commits - before.commits, transactions: after.transactions - before.transactions }).toEqual({ commits: 1, transactions: 30 });
        expect((await db.selectFrom("notes").select("id").orderBy("id").execute()).map((row) => row.id)).toEqual(ids);
      }, 2);
    });

    it("gives back a client taken for a statement its caller did not wait for before releasing the connection", async () => {
      await withNotes(async (db, _port, database) => {
        let late: Promise<unknown> | undefined;
        await db.connection().execute(async (connection) => {
          late = sql`select 1`.execute(connection);
        });
        await late?.catch(() => {});
        // Nothing is checked out any more, and the pool goes on serving.
        await expect.poll(() => database.connections().total - database.connections().idle).toBe(0);
        expect((await sql<{ n: number }>`select 2 as n`.execute(db)).rows).toEqual([{ n: 2 }]);
      }, 1);
    });

    it("answers a refused member of a group alone; the others are stored, a duplicate within the group included once", async () => {
      await withNotes(async (db) => {
        await db.insertInto("notes").values({ id: "taken", body: "first" }).execute();
        const ids = ["a", "b", "taken", "c", "d", "d", "e"];
        const outcomes = await Promise.allSettled(ids.map((id) => oneStatement(db, id)));
        const refused = outcomes.flatMap((outcome, i) =>
          outcome.status === "rejected" ? [{ id: ids[i], code: (outcome.reason as { code?: string }).code }] : [],
        );
        // The note already there, and one of the two "d" (sent again alone at the same moment,
        // either may be first, as without group commit); every other one was stored.
        expect(refused).toEqual([
          { id: "taken", code: "23505" },
          { id: "d", code: "23505" },
        ]);
        expect(outcomes.filter((outcome, i) => ids[i] !== "d" && outcome.status === "fulfilled")).toHaveLength(4);
        expect(await db.selectFrom("notes").select(["id", "body"]).orderBy("id").execute()).toEqual([
          { id: "a", body: "note a" },
          { id: "b", body: "note b" },
          { id: "c", body: "note c" },
          { id: "d", body: "note d" },
          { id: "e", body: "note e" },
          { id: "taken", body: "first" },
        ]);
      });
    });

    it("commits writes made outside a transaction together, each answered with its own rows once the COMMIT is", async () => {
      await withNotes(async (db, _port, database) => {
        const ids = Array.from({ length: 20 }, (_, i) => `w${String(i).padStart(2, "0")}`);
        await db
          .insertInto("notes")
          .values(ids.map((id) => ({ id, body: "before" })))
          .execute();
        await sql`select 1`.execute(db);
        const before = database.commits();
        let answers: Array<{ id: string; body: string } | undefined> = [];
        // Twenty updates outside a transaction, each asking to be committed with others: one group.
        const texts = await statementsSent(async () => {
          answers = await Promise.all(
            ids.map((id) =>
              db
                .updateTable("notes")
                .set({ body: `after ${id}` })
                .where("id", "=", id)
                .returning(["id", "body"])
                .modifyEnd(COMMITTED_WITH_OTHERS)
                .executeTakeFirst(),
            ),
          );
        });
        expect(answers).toEqual(ids.map((id) => ({ id, body: `after ${id}` })));
        expect(texts.filter((text) => text === "begin")).toHaveLength(1);
        expect(texts.filter((text) => text === "commit")).toHaveLength(1);
        const after = database.commits();
        expect({ commits: after.commits - before.commits, transactions: after.transactions - before.transactions }).toEqual({ commits: 1, transactions: 20 });
        expect((await db.selectFrom("notes").select("body").where("id", "like", "w%").orderBy("id").execute()).map((row) => row.body)).toEqual(
          ids.map((id) => `after ${id}`),
        );
        // Writes that do not ask for it commit alone, as before.
        const alone = await statementsSent(() =>
          Promise.all(ids.slice(0, 5).map((id) => db.updateTable("notes").set({ body: "again" }).where("id", "=", id).execute())),
        );
        expect(alone.filter((text) => text === "begin" || text === "commit")).toEqual([]);
        expect(alone.filter((text) => text.startsWith('update "notes"'))).toHaveLength(5);
      }, 2);
    });

    it("answers a refused write made outside a transaction alone; the writes grouped with it are stored", async () => {
      await withNotes(async (db) => {
        await db.insertInto("notes").values({ id: "taken", body: "first" }).execute();
        const ids = ["a", "b", "taken", "c"];
        let outcomes: PromiseSettledResult<{ id: string } | undefined>[] = [];
        const texts = await statementsSent(async () => {
          outcomes = await Promise.allSettled(
            ids.map((id) =>
              db
                .insertInto("notes")
                .values({ id, body: `note ${id}` })
                .returning("id")
                .modifyEnd(COMMITTED_WITH_OTHERS)
                .executeTakeFirst(),
            ),
          );
        });
        // Tried as one group first (rolled back by the refusal), then each of the others alone.
        expect(texts.filter((text) => text === "begin")).toHaveLength(1);
        expect(texts.filter((text) => text.startsWith('insert into "notes"'))).toHaveLength(7);
        expect(outcomes.map((outcome) => (outcome.status === "fulfilled" ? outcome.value : (outcome.reason as { code?: string }).code))).toEqual([
          { id: "a" },
          { id: "b" },
          "23505",
          { id: "c" },
        ]);
        expect(await db.selectFrom("notes").select(["id", "body"]).orderBy("id").execute()).toEqual([
          { id: "a", body: "note a" },
          { id: "b", body: "note b" },
          { id: "c", body: "note c" },
          { id: "taken", body: "first" },
        ]);
      });
    });

    it("answers a statement that fails inside the transaction at once, with its own error", async () => {
      await withNotes(async (db) => {
        await db.insertInto("notes").values({ id: "d", body: "taken" }).execute();
        const duplicate = db.transaction().execute(async (trx) => {
          await trx.insertInto("pending_jobs").values(job(crypto.randomUUID())).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
          await trx.insertInto("notes").values({ id: "d", body: "again" }).execute();
        });
        await expect(duplicate).rejects.toThrow(/duplicate key value violates unique constraint "notes_pkey"/);
        expect(await db.selectFrom("pending_jobs").selectAll().execute()).toEqual([]);
      });
    });
  });
}

describe("mergedInserts", () => {
  const mark = " /* sent with the next statement */";
  it("numbers each insert's parameters on from the ones before it", () => {
    const merged = mergedInserts([
      { text: `insert into "a" ("x", "y") values ($1, $2)${mark}`, values: [1, 2] },
      { text: `insert into "b" ("z") values ($1), ($2)${mark}`, values: [3, 4] },
      { text: `insert into "c" ("w") values ($1)${mark}`, values: [5] },
    ]);
    expect(merged).toEqual({
      text: 'with "held_1" as (insert into "a" ("x", "y") values ($1, $2)), "held_2" as (insert into "b" ("z") values ($3), ($4)) insert into "c" ("w") values ($5)',
      values: [1, 2, 3, 4, 5],
    });
  });

  it("puts a last statement's own WITH parts after the held inserts, and merges it nowhere else", () => {
    const decision = `with "asked" as (insert into "s" ("e") values ($1) on conflict ("e") do nothing returning "id") insert into "c" ("id") select $2 from "asked"${mark}`;
    expect(
      mergedInserts([
        { text: `insert into "a" ("x") values ($1)${mark}`, values: [1] },
        { text: decision, values: ["e", "c"] },
      ]),
    ).toEqual({
      text: 'with "held_1" as (insert into "a" ("x") values ($1)), "asked" as (insert into "s" ("e") values ($2) on conflict ("e") do nothing returning "id") insert into "c" ("id") select $3 from "asked"',
      values: [1, "e", "c"],
    });
    // Alone it is sent as it is; before another statement, or naming a part as the merge does, it is not merged.
    expect(mergedInserts([{ text: decision, values: ["e", "c"] }])?.text).toBe(decision.slice(0, -mark.length));
    expect(
      mergedInserts([
        { text: decision, values: ["e", "c"] },
        { text: `insert into "a" ("x") values ($1)${mark}`, values: [1] },
      ]),
    ).toBeUndefined();
    const clash = `with "held_1" as (insert into "s" ("e") values ($1) returning "e") insert into "c" ("e") select "e" from "held_1"${mark}`;
    expect(
      mergedInserts([
        { text: `insert into "a" ("x") values ($1)${mark}`, values: [1] },
        { text: clash, values: ["e"] },
      ]),
    ).toBeUndefined();
  });

  it("merges no statement but a blind insert, and none beyond PostgreSQL's 65,535 parameters", () => {
    expect(mergedInserts([])).toBeUndefined();
    expect(mergedInserts([{ text: `update "a" set "x" = $1${mark}`, values: [1] }])).toBeUndefined();
    expect(mergedInserts([{ text: 'insert into "a" ("x") values ($1)', values: [1] }])).toBeUndefined();
    const half = { text: `insert into "a" ("x") values ($1)${mark}`, values: Array.from({ length: 32_768 }, (_, i) => i) };
    expect(mergedInserts([half, half])).toBeUndefined();
    expect(mergedInserts([half])?.values).toHaveLength(32_768);
  });
});

describe("start-up with a broken DATABASE_URL", () => {
  const main = path.join(ROOT_DIR, "apps/server/src/main.ts");

  it("stops with a message naming the variable when PostgreSQL does not answer", () => {
    const result = spawnSync(process.execPath, [main], {
      env: { ...process.env, DATABASE_URL: "postgres://postgres:hunter2@127.0.0.1:1/nothing", PORT: "0", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL");
    expect(result.stderr).not.toContain("hunter2");
  });

  it("stops with a message naming the variable when the URL has an unknown scheme", () => {
    const result = spawnSync(process.execPath, [main], {
      env: { ...process.env, DATABASE_URL: "mysql://localhost/db", PORT: "0" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_URL: must start with "postgres:\/\/"/);
  });

  it("redacts passwords in connection strings", () => {
    expect(redactUrl("postgres://app:s3cret@db:5432/x")).toBe("postgres://app:***@db:5432/x");
  });
});
