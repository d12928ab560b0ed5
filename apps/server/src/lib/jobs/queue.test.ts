import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, type KyselyPlugin, type SqlBool, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createTestDatabase, testDialects } from "../../../test/harness.ts";
import { migrateToLatest, openDatabase, type Database } from "../../db/database.ts";
import { type PendingJobsDb, pgBossQueue, relayWait } from "./pg-boss-queue.ts";
import { sqliteQueue, type JobsDb } from "./sqlite-queue.ts";
import { observedQueue } from "./observed.ts";
import type { JobQueue } from "./types.ts";

/*
 * The job queue on both databases: jobs run once, failures are retried with backoff, a job
 * stored before a stop runs after the next start, and a singleton key holds back a duplicate.
 */

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out waiting");
};

describe("job queue", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });

  /** A migrated test database and a maker of queues on it (`lockSeconds`: the SQLite queue's claim). */
  const open = async (
    dialect: "sqlite" | "postgres",
    { lockSeconds }: { lockSeconds?: number } = {},
  ): Promise<{ database: Database; url: string; make: () => JobQueue }> => {
    const testDb = await createTestDatabase(dialect);
    const database = await openDatabase(
      testDb.url.startsWith("sqlite:") ? { dialect: "sqlite", file: testDb.url.slice(7) } : { dialect: "postgres", url: testDb.url },
    );
    await migrateToLatest(database);
    cleanups.push(async () => {
      await database.close();
      await testDb.dispose();
    });
    const make = () =>
      dialect === "sqlite"
        ? sqliteQueue(database.db as unknown as JobsDb, { pollMs: 20, ...(lockSeconds ? { lockSeconds } : {}) })
        : pgBossQueue(testDb.url, database.db as unknown as PendingJobsDb, { pollingIntervalSeconds: 0.5 });
    return { database, url: testDb.url, make };
  };

  for (const dialect of testDialects()) {
    it(`runs each job once, retries a failing one with backoff, and keeps jobs across a restart [${dialect}]`, { timeout: 60_000 }, async () => {
      const { make } = await open(dialect);
      const seen: string[] = [];
      let failures = 0;
      const define = (queue: JobQueue) => {
        queue.define<{ n: number }>("count", async ({ n }) => {
          seen.push(`count:${n}`);
        });
        queue.define<{ n: number }>(
          "flaky",
          async ({ n }, job) => {
            if (job.attempt < 3) {
              failures += 1;
              throw new Error("not yet");
            }
            seen.push(`flaky:${n}`);
          },
          { retryDelaySeconds: 1, retryBackoff: false },
        );
      };
      // Stored while no server works the queue (as after a crash): done after the next start.
      const first = make();
      define(first);
      await first.start();
      await first.stop();
      // A server that only sends (its workers not started), then goes away.
      const sender = make();
      define(sender);
      for (let n = 1; n <= 5; n++) await sender.send("count", { n });
      await sender.stop();
      expect(seen).toEqual([]);
      const second = make();
      define(second);
      await second.start();
      cleanups.push(() => second.stop());
      await second.send("flaky", { n: 1 });
      await until(() => seen.length === 6);
      // Nothing due or running is left, so no job can run a second time after this.
      await second.idle();
      expect(seen.filter((s) => s.startsWith("count")).sort()).toEqual(["count:1", "count:2", "count:3", "count:4", "count:5"]);
      expect(seen.filter((s) => s === "flaky:1")).toHaveLength(1);
      expect(failures).toBe(2);
    });

    it(`reports each try's outcome and the backlog of every kind [${dialect}]`, { timeout: 60_000 }, async () => {
      const { make } = await open(dialect);
      const outcomes: string[] = [];
      const queue = observedQueue(make(), {
        completed: (kind) => outcomes.push(`completed:${kind}`),
        retried: (kind) => outcomes.push(`retried:${kind}`),
        failed: (kind) => outcomes.push(`failed:${kind}`),
      });
      queue.define("fine", async () => undefined);
      queue.define(
        "broken",
        async () => {
          throw new Error("always");
        },
        { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
      );
      queue.define("later", async () => undefined);
      cleanups.push(() => queue.stop());
      // Before the queue works: two due jobs wait, one scheduled for tomorrow is not yet due.
      await queue.send("fine", {});
      await queue.send("fine", {});
      await queue.send("later", {}, { startAfterSeconds: 86_400 });
      const backlog = await queue.waiting();
      expect(backlog.map((b) => [b.queue, b.waiting]).sort()).toEqual([
        ["broken", 0],
        ["fine", 2],
        ["later", 0],
      ]);
      expect(backlog.find((b) => b.queue === "fine")?.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
      await queue.send("broken", {});
      await queue.start();
      await until(() => outcomes.includes("failed:broken"));
      await queue.idle();
      expect(outcomes.sort()).toEqual(["completed:fine", "completed:fine", "failed:broken", "retried:broken"]);
      expect((await queue.waiting()).every((b) => b.waiting === 0)).toBe(true);
    });

    it(`stores a job sent onlyIf a condition when the condition holds in the sender's transaction, and no other [${dialect}]`, {
      timeout: 60_000,
    }, async () => {
      const { database, make } = await open(dialect);
      const queue = make();
      const seen: number[] = [];
      queue.define<{ n: number }>("granted", async ({ n }) => {
        seen.push(n);
      });
      cleanups.push(() => queue.stop());
      const db = database.db as unknown as Kysely<{ open_windows: { name: string } }>;
      await sql`create table open_windows (name text not null)`.execute(db);
      const windowOpen = (name: string) => sql<SqlBool>`exists (select 1 from open_windows where name = ${name})`;
      // The condition sees what the same transaction wrote before the send, and what others committed.
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("open_windows").values({ name: "spring" }).execute();
        expect(await queue.send("granted", { n: 1 }, { trx: trx as never, onlyIf: windowOpen("spring") })).toBeNull();
        await queue.send("granted", { n: 2 }, { trx: trx as never, onlyIf: windowOpen("autumn") });
      });
      await db.transaction().execute(async (trx) => {
        await queue.send("granted", { n: 3 }, { trx: trx as never, onlyIf: windowOpen("spring") });
      });
      // A rolled-back transaction stores nothing, whatever its condition.
      await expect(
        db.transaction().execute(async (trx) => {
          await queue.send("granted", { n: 4 }, { trx: trx as never, onlyIf: windowOpen("spring") });
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      await expect(queue.send("granted", { n: 5 }, { onlyIf: windowOpen("spring") })).rejects.toThrow(/in a transaction/);
      await queue.start();
      await until(() => seen.length === 2);
      await queue.idle();
      expect(seen.sort()).toEqual([1, 3]);
    });

    it(`holds back a second job with the same singleton key while the first waits [${dialect}]`, { timeout: 60_000 }, async () => {
      const { make } = await open(dialect);
      const queue = make();
      queue.define("digest", async () => undefined, { singleton: true });
      cleanups.push(() => queue.stop());
      expect(await queue.send("digest", {}, { singletonKey: "presale", startAfterSeconds: 3600 })).not.toBeNull();
      expect(await queue.send("digest", {}, { singletonKey: "presale", startAfterSeconds: 3600 })).toBeNull();
      expect(await queue.send("digest", {}, { singletonKey: "waitlist", startAfterSeconds: 3600 })).not.toBeNull();
    });

    it(`runs four jobs of one kind at once on a server, and no more [${dialect}]`, { timeout: 60_000 }, async () => {
      const { make } = await open(dialect);
      const queue = make();
      let running = 0;
      let most = 0;
      let done = 0;
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      queue.define("mail", async () => {
        running += 1;
        most = Math.max(most, running);
        await released;
        running -= 1;
        done += 1;
      });
      cleanups.push(() => queue.stop());
      await queue.start();
      for (let n = 0; n < 6; n++) await queue.send("mail", { n });
      // Each job waits until released: the four that started together hold every worker.
      await until(() => running === 4);
      release();
      await until(() => done === 6);
      expect(most).toBe(4);
    });

    it(`never runs more than four jobs of one kind, whenever they are sent [${dialect}]`, { timeout: 60_000 }, async () => {
      const { make } = await open(dialect);
      const queue = make();
      let running = 0;
      let most = 0;
      let done = 0;
      // Jobs hold their slots until the test lets them finish.
      let letFinish: () => void = () => {};
      let finishing = new Promise<void>((resolve) => {
        letFinish = resolve;
      });
      queue.define("mail", async () => {
        running += 1;
        most = Math.max(most, running);
        await finishing;
        running -= 1;
        done += 1;
      });
      cleanups.push(() => queue.stop());
      await queue.start();
      // Each round: six jobs sent at once to an idle runner (each send wakes it while the round
      // the first one woke is claiming), then every slot taken, then all let finish.
      for (let round = 1; round <= 3; round++) {
        await Promise.all(Array.from({ length: 6 }, (_, n) => queue.send("mail", { round, n })));
        await until(() => running >= 4);
        letFinish();
        await until(() => done === round * 6);
        finishing = new Promise<void>((resolve) => {
          letFinish = resolve;
        });
      }
      expect(most).toBe(4);
    });

    it(`stores a job sent inside a transaction only if the transaction commits [${dialect}]`, { timeout: 60_000 }, async () => {
      const { database, make } = await open(dialect);
      const queue = make();
      const seen: string[] = [];
      queue.define<{ what: string }>("outbox", async ({ what }) => {
        seen.push(what);
      });
      queue.define<{ what: string }>("outbox.other", async ({ what }) => {
        seen.push(`other ${what}`);
      });
      await queue.start();
      cleanups.push(() => queue.stop());
      await expect(
        database.db.transaction().execute(async (trx) => {
          await queue.send("outbox", { what: "rolled back" }, { trx });
          throw new Error("the write failed");
        }),
      ).rejects.toThrow("the write failed");
      await database.db.transaction().execute(async (trx) => {
        await queue.send("outbox", { what: "committed" }, { trx });
      });
      // Several jobs of one write in one statement: all or none, each run once.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await queue.sendAll(
            [
              { name: "outbox", data: { what: "all rolled back" } },
              { name: "outbox.other", data: { what: "all rolled back" } },
            ],
            trx,
          );
          throw new Error("the write failed");
        }),
      ).rejects.toThrow("the write failed");
      const ids = await database.db.transaction().execute((trx) =>
        queue.sendAll(
          [
            { name: "outbox", data: { what: "all committed" } },
            { name: "outbox.other", data: { what: "all committed" } },
          ],
          trx,
        ),
      );
      expect(new Set(ids).size).toBe(2);
      await until(() => seen.length === 3);
      await queue.idle();
      expect(seen.sort()).toEqual(["all committed", "committed", "other all committed"]);
    });
  }

  it("runs a job that takes longer than its claim once: the running server renews the claim [sqlite]", { timeout: 30_000 }, async () => {
    // A two-second claim, so a lapse would show within the test, and a second server on the same
    // file that would take the job the moment its claim lapsed (its own server never takes it again).
    const { make } = await open("sqlite", { lockSeconds: 2 });
    const attempts: number[] = [];
    let finished = false;
    const servers = [make(), make()];
    for (const queue of servers) {
      queue.define("slow", async (_data, job) => {
        attempts.push(job.attempt);
        await new Promise((r) => setTimeout(r, 5_000)); // the job's own slow work, longer than its claim
        finished = true;
      });
      await queue.start();
      cleanups.push(() => queue.stop());
    }
    await servers[0]?.send("slow", {});
    await until(() => finished, 20_000);
    // A second server that took the job after a lapsed claim would still be running it: idle waits for it.
    await servers[0]?.idle();
    await servers[1]?.idle();
    expect(attempts).toEqual([1]);
  });

  it("never takes a job it is running itself a second time, even when the claim lapsed while its event loop was held up [sqlite]", {
    timeout: 30_000,
  }, async () => {
    const { make } = await open("sqlite", { lockSeconds: 1 });
    const queue = make();
    const attempts: number[] = [];
    let finished = false;
    queue.define("hog", async (_data, job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) {
        // Holds the event loop past the one-second claim (no renewal can run), then goes on working.
        const heldUntil = Date.now() + 1_500;
        while (Date.now() < heldUntil) {}
        await new Promise((r) => setTimeout(r, 1_000));
      }
      finished = true;
    });
    await queue.start();
    cleanups.push(() => queue.stop());
    await queue.send("hog", {});
    await until(() => finished, 15_000);
    await queue.idle();
    expect(attempts).toEqual([1]);
  });

  it("runs a job again once the claim of the server that died with it lapses [sqlite]", { timeout: 30_000 }, async () => {
    const { make } = await open("sqlite", { lockSeconds: 1 });
    // The first server takes the job and never finishes it: it stops (dies) while the job hangs.
    const dead = make();
    let taken = false;
    dead.define("mail", async () => {
      taken = true;
      await new Promise(() => {});
    });
    await dead.start();
    await dead.send("mail", {});
    await until(() => taken);
    await dead.stop(0);
    const died = Date.now();
    // The next server takes it once the claim has lapsed, as the job's second attempt.
    const next = make();
    const attempts: number[] = [];
    next.define("mail", async (_data, job) => {
      attempts.push(job.attempt);
    });
    await next.start();
    cleanups.push(() => next.stop());
    await until(() => attempts.length > 0, 10_000);
    expect(attempts).toEqual([2]);
    expect(Date.now() - died).toBeLessThan(5_000);
  });

  it("shares one queue between two servers on PostgreSQL: each job runs once in total, sent directly or pending in a transaction", {
    timeout: 60_000,
  }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { database, url } = await open("postgres");
    const pending = database.db as unknown as PendingJobsDb;
    const runs = new Map<number, number>();
    const servers = [pgBossQueue(url, pending, { pollingIntervalSeconds: 0.5 }), pgBossQueue(url, pending, { pollingIntervalSeconds: 0.5 })];
    for (const queue of servers) {
      queue.define<{ n: number }>("shared", async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
      });
      await queue.start();
      cleanups.push(() => queue.stop());
    }
    // Even jobs straight into pg-boss, odd ones in a transaction (pending jobs), both servers sending.
    for (let n = 0; n < 80; n++) {
      const queue = servers[n % 4 < 2 ? 0 : 1]!;
      if (n % 2 === 0) await queue.send("shared", { n });
      else await database.db.transaction().execute((trx) => queue.send("shared", { n }, { trx }).then(() => undefined));
    }
    await until(() => runs.size === 80, 30_000);
    // Both servers read one job table: once it holds nothing due or running, no job can run twice.
    await servers[0]?.idle();
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(Number((await sql<{ n: string }>`select count(*) as n from pending_jobs`.execute(database.db)).rows[0]?.n)).toBe(0);
  });

  it("PostgreSQL: pending jobs a server committed but never moved (it died) are moved by another server, once, with their start time", {
    timeout: 60_000,
  }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { database, url } = await open("postgres");
    const pending = database.db as unknown as PendingJobsDb;
    // What a server that died right after its senders' commits leaves behind.
    const leftBehind = (n: number, startAfter?: Date) => ({
      job_id: crypto.randomUUID(),
      name: "left",
      data: JSON.stringify({ n }),
      ...(startAfter ? { start_after: startAfter.toISOString() } : {}),
      trace_context: null,
    });
    await pending
      .insertInto("pending_jobs")
      .values([leftBehind(1), leftBehind(2), leftBehind(3, new Date(Date.now() + 3_600_000))])
      .execute();
    const survivor = pgBossQueue(url, pending, { pollingIntervalSeconds: 0.5 });
    const seen: number[] = [];
    survivor.define<{ n: number }>("left", async ({ n }) => {
      seen.push(n);
    });
    await survivor.start();
    cleanups.push(() => survivor.stop());
    await until(() => seen.length === 2);
    await survivor.idle();
    expect(seen.sort()).toEqual([1, 2]);
    // The third was moved too, and waits for its hour in pg-boss.
    expect((await survivor.waiting()).find((b) => b.queue === "left")?.waiting).toBe(0);
    const scheduled = await sql<{ n: number; later: boolean }>`
      select count(*)::int as n, bool_and(start_after > now() + interval '59 minutes') as later from pgboss.job where name = 'left' and state = 'created'`.execute(
      database.db,
    );
    expect(scheduled.rows[0]).toEqual({ n: 1, later: true });
    expect(Number((await sql<{ n: string }>`select count(*) as n from pending_jobs`.execute(database.db)).rows[0]?.n)).toBe(0);
  });

  it("SQLite: a stop waits for the jobs a claim in flight took; none is left claimed", async () => {
    const { database } = await open("sqlite");
    // Holds the first claim's answer until the test lets it go: the stop comes while it is in flight.
    let reached: () => void = () => {};
    const claimReached = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const claims = new Set<unknown>();
    const held: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === "UpdateQueryNode" && node.returning) claims.add(queryId.queryId);
        return node;
      },
      transformResult: async ({ queryId, result }) => {
        if (claims.delete(queryId.queryId) && result.rows.length > 0) {
          reached();
          await gate;
        }
        return result;
      },
    };
    const queue = sqliteQueue(database.db.withPlugin(held) as unknown as JobsDb, { pollMs: 20 });
    let finished = 0;
    // Each job finishes a turn of the event loop after it starts: after a stop that did not wait.
    queue.define("slow", async () => {
      await new Promise((r) => setImmediate(r));
      finished++;
    });
    for (let n = 0; n < 3; n++) await queue.send("slow", { n });
    await queue.start();
    await claimReached;
    const stopping = queue.stop();
    release();
    await stopping;
    const states = (await sql<{ state: string }>`select state from jobs where name = 'slow'`.execute(database.db)).rows.map((r) => r.state);
    expect(states).toEqual(["completed", "completed", "completed"]);
    expect(finished).toBe(3);
  });

  it("SQLite: a job woken by a request's send runs outside that request's context", async () => {
    const { database } = await open("sqlite");
    // No poll within the test: each job is taken by the round its send woke.
    const queue = sqliteQueue(database.db as unknown as JobsDb, { pollMs: 60_000 });
    const request = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    queue.define("mail", async () => {
      seen.push(request.getStore());
    });
    cleanups.push(() => queue.stop());
    await queue.start();
    // One at a time: each send finds the runner idle, as a request's does between waves.
    for (let n = 0; n < 5; n++) {
      await request.run(`request ${n}`, () => queue.send("mail", { n }));
      await until(() => seen.length === n + 1);
    }
    expect(seen).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("SQLite: works through a backlog as jobs finish, not a few jobs a poll", async () => {
    const { database } = await open("sqlite");
    // A poll far longer than the test: only finishing jobs can bring the next ones.
    const queue = sqliteQueue(database.db as unknown as JobsDb, { pollMs: 60_000, concurrency: 4 });
    let started = 0;
    let done = 0;
    // The first jobs hold their slots until every slot is taken, so the first round fills them
    // all and ends; the jobs after them can only come from jobs finishing.
    let release: () => void = () => {};
    const slotsFull = new Promise<void>((resolve) => (release = resolve));
    queue.define("quick", async () => {
      if (++started === 4) release();
      await slotsFull;
      done++;
    });
    for (let n = 0; n < 40; n++) await queue.send("quick", { n });
    await queue.start();
    cleanups.push(() => queue.stop());
    await until(() => done === 40, 10_000);
    expect(done).toBe(40);
  });

  it("PostgreSQL: works jobs as they are moved and as they finish, not a job a poll", { timeout: 30_000 }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { database, url } = await open("postgres");
    // A poll far longer than the test: only a relay's move or a finished job can bring the next one.
    const queue = pgBossQueue(url, database.db as unknown as PendingJobsDb, { pollingIntervalSeconds: 60 });
    let done = 0;
    queue.define("quick", async () => {
      done++;
    });
    await queue.start();
    cleanups.push(() => queue.stop());
    // The workers' first fetch found nothing; these jobs arrive after it, in one write.
    await database.db.transaction().execute((trx) =>
      queue.sendAll(
        Array.from({ length: 20 }, (_, n) => ({ name: "quick", data: { n } })),
        trx,
      ),
    );
    await until(() => done === 20, 10_000);
    expect(done).toBe(20);
  });

  it("PostgreSQL: a kind's first worker polls, and a backlog it finds brings the kind's other workers at once", { timeout: 30_000 }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { url, database } = await open("postgres");
    const queue = pgBossQueue(url, database.db as unknown as PendingJobsDb, { pollingIntervalSeconds: 0.5 });
    let running = 0;
    let mostAtOnce = 0;
    let done = 0;
    /** Jobs whose two seconds passed before four ran side by side. */
    let waitedInVain = 0;
    let allFour: () => void = () => {};
    const fourRunning = new Promise<void>((resolve) => (allFour = resolve));
    queue.define<{ n: number }>("slow", async ({ n }) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      if (running === 4) allFour();
      // Each job but the first holds its worker until four run side by side (or two seconds pass).
      if (n > 0) {
        const gaveUp = new Promise<"gave up">((resolve) => setTimeout(() => resolve("gave up"), 2_000));
        if ((await Promise.race([fourRunning, gaveUp])) === "gave up") waitedInVain += 1;
      }
      running -= 1;
      done += 1;
    });
    await queue.start();
    cleanups.push(() => queue.stop());
    // Jobs sent outside a transaction go straight into pg-boss, and nothing wakes a worker for
    // them. A first job, done, shows that every worker made its first fetch (made at its start).
    await queue.send("slow", { n: 0 });
    await until(() => done === 1);
    mostAtOnce = 0;
    // The first worker's poll finds one of these; the other three, whose next poll is seconds
    // away, must be woken by that find to take the rest before the first job's two seconds pass.
    for (let n = 1; n <= 8; n++) await queue.send("slow", { n });
    await until(() => done === 9, 20_000);
    expect(mostAtOnce).toBe(4);
    expect(waitedInVain).toBe(0);
  });

  it("PostgreSQL: idle, a kind's workers look for jobs a few times a second in all, not four times each", { timeout: 30_000 }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { url, database } = await open("postgres");
    const queue = pgBossQueue(url, database.db as unknown as PendingJobsDb, { pollingIntervalSeconds: 0.5 });
    const kinds = ["one", "two", "three", "four", "five"];
    for (const kind of kinds) queue.define(kind, async () => {});
    await queue.start();
    cleanups.push(() => queue.stop());
    // Each fetch is a transaction of its own; PostgreSQL counts the database's committed ones. They
    // are read from the run's own database (where test databases are made), so that reading them
    // adds none to the count.
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    const stats = new pg.Client({ connectionString: inject("postgresUrl") });
    await stats.connect();
    cleanups.push(() => stats.end());
    const commits = async () => {
      const { rows } = await stats.query<{ n: string }>("select xact_commit::text as n from pg_stat_database where datname = $1", [name]);
      return Number(rows[0]?.n ?? 0);
    };
    // What is awaited is the database's count reaching a hundred more transactions; how long that
    // took gives the rate.
    const before = await commits();
    const started = Date.now();
    await until(async () => (await commits()) - before >= 100, 20_000);
    const perSecond = 100 / ((Date.now() - started) / 1000);
    // Five kinds, four workers each, every half second would be 40 fetches a second (about 50
    // transactions with pg-boss's own upkeep and the relay's polls); the first workers' polls are
    // 10, the others' 3 (about 23 in all).
    expect(perSecond).toBeLessThan(36);
  });

  it("PostgreSQL: a batched kind's worker claims several jobs in one statement, never more than its batch, and retries a failed one alone", {
    timeout: 30_000,
  }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { database, url } = await open("postgres");
    const queue = pgBossQueue(url, database.db as unknown as PendingJobsDb, { pollingIntervalSeconds: 0.5 });
    const tries: string[] = [];
    queue.define<{ n: number }>(
      "mail",
      async ({ n }, job) => {
        tries.push(`${n}:${job.attempt}`);
        if (n === 2 && job.attempt === 1) throw new Error("the SMTP server did not answer");
      },
      { batchSize: 4, retryDelaySeconds: 1, retryBackoff: false },
    );
    // Twelve jobs, stored and moved into pg-boss (none left pending) before the four workers
    // start: however their first fetches interleave, some fetch claims more than one.
    const numbers = Array.from({ length: 12 }, (_, i) => i + 1);
    await database.db.transaction().execute((trx) =>
      queue.sendAll(
        numbers.map((n) => ({ name: "mail", data: { n } })),
        trx,
      ),
    );
    cleanups.push(() => queue.stop());
    await until(
      async () => Number((await sql<{ n: number }>`select count(*)::int as n from pending_jobs where name = 'mail'`.execute(database.db)).rows[0]?.n) === 0,
    );
    await queue.start();
    await until(() => tries.length === 13);
    await queue.idle();
    // Each job ran once; only the failed one ran again, as its second try.
    expect(tries.sort()).toEqual([...numbers.map((n) => `${n}:1`), "2:2"].sort());
    // Jobs claimed by one fetch share its claim time: up to four together, and some more than one.
    const claims = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where name = 'mail' and retry_count = 0 group by started_on`.execute(database.db);
    const sizes = claims.rows.map((row) => row.n);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
  });

  it("PostgreSQL: while the server is busy with requests, jobs wait for the relay's and the workers' poll; once it is not, a send brings them at once", {
    timeout: 30_000,
  }, async (ctx) => {
    if (!testDialects().includes("postgres")) return ctx.skip();
    const { database, url } = await open("postgres");
    let busy = true;
    /** How often the queue asked whether the server is busy (a send asks, and a relay pass that moved jobs asks before waking). */
    let asked = 0;
    // A poll far longer than the test: only a send or a wake brings jobs forward.
    const queue = pgBossQueue(url, database.db as unknown as PendingJobsDb, {
      pollingIntervalSeconds: 60,
      busy: () => {
        asked += 1;
        return busy;
      },
    });
    let done = 0;
    queue.define("quick", async () => {
      done++;
    });
    const send = (count: number) =>
      database.db.transaction().execute((trx) =>
        queue.sendAll(
          Array.from({ length: count }, (_, n) => ({ name: "quick", data: { n } })),
          trx,
        ),
      );
    const moved = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'quick'`.execute(database.db)).rows[0]?.n ?? 0);
    // Pending jobs left by an earlier server: the first pass after the start moves them, asks, is
    // told the server is busy, and wakes no worker; with the poll a minute away none fetches.
    await send(20);
    await queue.start();
    cleanups.push(() => queue.stop());
    await until(async () => (await moved()) === 20);
    await until(() => asked >= 2);
    const states = await sql<{ state: string }>`select distinct state from pgboss.job where name = 'quick'`.execute(database.db);
    expect(states.rows.map((row) => row.state)).toEqual(["created"]);
    expect(done).toBe(0);
    // A send while busy waits for the relay's poll.
    await send(5);
    expect(await moved()).toBe(20);
    // Once the server is not busy, the next send is moved within milliseconds with the five
    // waiting before it, and the workers take them all at once.
    busy = false;
    await send(1);
    await until(() => done === 26, 10_000);
    expect(done).toBe(26);
  });

  it("the relay's wait: none after a whole batch, milliseconds after a send, the poll while the server is busy or nothing was sent", () => {
    const pollMs = 500;
    expect(relayWait({ moved: 500, sinceSendMs: 0, busy: true, pollMs })).toBe(0);
    expect(relayWait({ moved: 0, sinceSendMs: 0, busy: false, pollMs })).toBe(5);
    expect(relayWait({ moved: 3, sinceSendMs: 999, busy: false, pollMs })).toBe(5);
    expect(relayWait({ moved: 0, sinceSendMs: 0, busy: true, pollMs })).toBe(pollMs);
    expect(relayWait({ moved: 499, sinceSendMs: 10, busy: true, pollMs })).toBe(pollMs);
    expect(relayWait({ moved: 3, sinceSendMs: 1_000, busy: false, pollMs })).toBe(pollMs);
  });
});
