import { AsyncResource } from "node:async_hooks";
import { type Expression, sql, type Kysely, type SqlBool } from "kysely";
import { newId } from "../ids.ts";
import { inStoredTraceContext, traceContextToStore } from "../tracing.ts";
import {
  backlogOfKinds,
  DEFAULT_RETRY,
  retryDelaySeconds,
  waitUntilIdle,
  type JobHandler,
  type JobQueue,
  type RetryPolicy,
  type SendOptions,
} from "./types.ts";

/**
 * The job queue of the embedded SQLite database: a `jobs` table (migration 0014) and a runner
 * that polls it. One server owns a SQLite file, so claiming is a single UPDATE … RETURNING. A job
 * is claimed for `lockSeconds`, and while it runs its server renews the claim every third of that
 * (a heartbeat, as pg-boss keeps on PostgreSQL): a job that takes longer than the lock is never
 * taken a second time, and if its server dies the claim lapses within `lockSeconds` and the job
 * runs again (the handlers are written to be safe to repeat). No library fits: pg-boss and
 * graphile-worker are PostgreSQL-only, and the SQLite queues on npm keep their own database file
 * or poll in ways that fight better-sqlite3's one connection (ADR 11).
 */

/** The database, seen only through its jobs table (the SQLite schema has it; DB does not list it). */
export type JobsDb = Kysely<{ jobs: JobRow }>;
type JobRow = {
  id: string;
  name: string;
  data: string;
  state: "created" | "retry" | "active" | "completed" | "failed";
  singleton_key: string | null;
  attempts: number;
  run_after: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
  /** The W3C trace context of the request or job that sent it, when tracing was on (migration 0026). */
  trace_context: string | null;
};

type Options = { pollMs?: number; concurrency?: number; lockSeconds?: number; onError?: (err: unknown, job: { name: string; id: string }) => void };

/** How long a claim holds without renewal: how soon a job whose server died runs again. */
const LOCK_SECONDS = 30;

export function sqliteQueue(db: JobsDb, { pollMs = 250, concurrency = 4, lockSeconds = LOCK_SECONDS, onError }: Options = {}): JobQueue {
  const kinds = new Map<string, { handler: JobHandler<unknown>; policy: Required<RetryPolicy> }>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** The jobs this server is running, by id. */
  const active = new Map<string, Promise<void>>();
  const lockEnd = () => new Date(Date.now() + lockSeconds * 1000).toISOString();

  /** Renews the claims of the jobs running here, so none lapses while its server lives. */
  async function renewClaims(): Promise<void> {
    const ids = [...active.keys()];
    if (ids.length === 0) return;
    try {
      await db.updateTable("jobs").set({ locked_until: lockEnd() }).where("id", "in", ids).where("state", "=", "active").execute();
    } catch (err) {
      onError?.(err, { name: "(heartbeat)", id: ids.join(",") });
    }
  }

  /** Takes up to `count` due jobs in one statement: a claim is one write however many it takes. */
  async function claim(count: number): Promise<JobRow[]> {
    const now = new Date();
    const names = [...kinds.keys()];
    if (names.length === 0) return [];
    const iso = now.toISOString();
    // A job this server is running is never lost, even if its claim lapsed while the event loop
    // was held up past the lock: taking it again here would run it twice at once.
    const mine = [...active.keys()];
    // The first due jobs of each state, each found in the (state, run_after) index without
    // sorting the backlog: a claim costs the same with ten jobs waiting or a hundred thousand.
    const first = (state: JobRow["state"]) =>
      db
        .selectFrom("jobs")
        .select(["id", "run_after", "created_at"])
        .where("state", "=", state)
        .$if(state === "active", (qb) => qb.where("locked_until", "<", iso))
        .$if(state !== "active", (qb) => qb.where("run_after", "<=", iso))
        .where("name", "in", names)
        .$if(mine.length > 0, (qb) => qb.where("id", "not in", mine))
        .orderBy("run_after")
        .limit(count);
    const candidates = db
      .selectFrom(first("created").as("created"))
      .selectAll()
      .unionAll(db.selectFrom(first("retry").as("retry")).selectAll())
      .unionAll(db.selectFrom(first("active").as("lapsed")).selectAll());
    return db
      .updateTable("jobs")
      .set({ state: "active", attempts: sql<number>`attempts + 1`, locked_until: lockEnd() })
      .where("id", "in", db.selectFrom(candidates.as("due")).select("id").orderBy("run_after").orderBy("created_at").limit(count))
      .returningAll()
      .execute();
  }

  async function run(job: JobRow): Promise<void> {
    const kind = kinds.get(job.name);
    if (!kind) return;
    try {
      await inStoredTraceContext(job.trace_context, () => kind.handler(JSON.parse(job.data) as unknown, { id: job.id, attempt: job.attempts }));
      await db.updateTable("jobs").set({ state: "completed", completed_at: new Date().toISOString(), locked_until: null }).where("id", "=", job.id).execute();
    } catch (err) {
      onError?.(err, job);
      const failed = job.attempts > kind.policy.retryLimit;
      await db
        .updateTable("jobs")
        .set({
          state: failed ? "failed" : "retry",
          run_after: new Date(Date.now() + retryDelaySeconds(kind.policy, job.attempts) * 1000).toISOString(),
          locked_until: null,
          last_error: String((err as Error)?.message ?? err).slice(0, 1000),
        })
        .where("id", "=", job.id)
        .execute();
    }
  }

  /**
   * Finished jobs are kept a week (failed ones a month) for inspection, then deleted: a mail
   * job holds an address and a message, which must not outlive their use (pg-boss does the same).
   */
  let lastSweep = 0;
  async function sweep(now: number): Promise<void> {
    if (now - lastSweep < 3600_000) return;
    lastSweep = now;
    await db
      .deleteFrom("jobs")
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "completed"), eb("completed_at", "<", new Date(now - 7 * 86_400_000).toISOString())]),
          eb.and([eb("state", "=", "failed"), eb("run_after", "<", new Date(now - 30 * 86_400_000).toISOString())]),
        ]),
      )
      .execute();
  }

  let ticking = false;
  let again = false;
  /**
   * Looks for work now instead of at the next poll: called when a job finishes, so a backlog is
   * worked through at the pace of the jobs, not four jobs a poll.
   */
  function soon(): void {
    if (!running) return;
    if (ticking) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    // Outside the caller's context: a round woken by a request's send is not part of its trace.
    timer = setTimeout(startTickOutside, 0);
  }

  /** The claim-and-start round in progress: stopping waits for it, so a job it takes is waited for too. */
  let ticked: Promise<void> = Promise.resolve();
  function startTick(): void {
    ticked = tick();
  }
  const startTickOutside = AsyncResource.bind(startTick);

  async function tick(): Promise<void> {
    timer = undefined;
    if (!running) return;
    ticking = true;
    again = false;
    try {
      await sweep(Date.now());
      while (running && active.size < concurrency) {
        const jobs = await claim(concurrency - active.size);
        if (jobs.length === 0) break;
        // claim() never returns a job running here, so an id is in `active` once at most.
        for (const job of jobs) {
          const work = run(job)
            .catch((err: unknown) => onError?.(err, job))
            .finally(() => {
              active.delete(job.id);
              soon();
            });
          active.set(job.id, work);
        }
      }
    } catch (err) {
      onError?.(err, { name: "(claim)", id: "" });
    } finally {
      ticking = false;
    }
    if (running && !timer) timer = setTimeout(startTick, again ? 0 : pollMs);
  }

  /**
   * Stores new jobs in one statement and wakes the idle runner; answers their ids. With `onlyIf`,
   * the one job is stored only when the condition holds as the insert runs.
   */
  async function store(
    target: JobsDb,
    jobs: readonly { name: string; data: unknown; singletonKey?: string; startAfterSeconds?: number }[],
    onlyIf?: Expression<SqlBool>,
  ): Promise<string[]> {
    const now = Date.now();
    const traceContext = traceContextToStore();
    const rows = jobs.map(({ name, data, singletonKey, startAfterSeconds }) => ({
      id: newId(),
      name,
      data: JSON.stringify(data ?? null),
      state: "created" as const,
      singleton_key: singletonKey ?? null,
      attempts: 0,
      run_after: new Date(now + (startAfterSeconds ?? 0) * 1000).toISOString(),
      locked_until: null,
      last_error: null,
      created_at: new Date(now).toISOString(),
      completed_at: null,
      trace_context: traceContext,
    }));
    const [row] = rows;
    if (onlyIf === undefined || !row) await target.insertInto("jobs").values(rows).execute();
    else {
      const columns = Object.keys(row) as (keyof typeof row)[];
      await target
        .insertInto("jobs")
        .columns(columns)
        .expression(sql`select ${sql.join(columns.map((c) => sql`${row[c]}`))} where ${onlyIf}`)
        .execute();
    }
    // Through soon(): one claim round at a time, so the runner never takes more than its slots.
    if (active.size === 0) soon();
    return rows.map((row) => row.id);
  }

  return {
    kind: "sqlite",
    get running() {
      return running;
    },
    define(name, handler, { singleton: _singleton, ...policy } = {}) {
      kinds.set(name, { handler: handler as JobHandler<unknown>, policy: { ...DEFAULT_RETRY, ...policy } });
    },
    async send(name, data, options: SendOptions = {}) {
      const target = (options.trx as JobsDb | undefined) ?? db;
      if (options.singletonKey) {
        const waiting = await target
          .selectFrom("jobs")
          .select("id")
          .where("name", "=", name)
          .where("singleton_key", "=", options.singletonKey)
          .where("state", "in", ["created", "retry"])
          .executeTakeFirst();
        if (waiting) return null;
      }
      if (options.onlyIf !== undefined && (!options.trx || options.singletonKey)) {
        throw new Error("a job sent onlyIf a condition is sent in a transaction, without a singleton key");
      }
      const [id] = await store(target, [{ name, data, singletonKey: options.singletonKey, startAfterSeconds: options.startAfterSeconds }], options.onlyIf);
      return options.onlyIf === undefined ? (id ?? null) : null;
    },
    async sendAll(jobs, trx) {
      return jobs.length === 0 ? [] : store(trx as unknown as JobsDb, jobs);
    },
    async start() {
      if (running) return;
      running = true;
      timer = setTimeout(startTick, 0);
      heartbeat = setInterval(() => void renewClaims(), (lockSeconds * 1000) / 3);
      heartbeat.unref();
    },
    async waiting() {
      const names = [...kinds.keys()];
      if (names.length === 0) return [];
      const now = new Date();
      const rows = await db
        .selectFrom("jobs")
        .select((eb) => ["name", eb.fn.countAll<number>().as("n"), eb.fn.min("run_after").as("oldest")])
        .where("state", "in", ["created", "retry"])
        .where("run_after", "<=", now.toISOString())
        .where("name", "in", names)
        .groupBy("name")
        .execute();
      return backlogOfKinds(
        names,
        rows.map((row) => ({ name: row.name, n: row.n, oldest_seconds: (now.getTime() - Date.parse(String(row.oldest))) / 1000 })),
      );
    },
    async idle(timeoutMs = 10_000) {
      await waitUntilIdle(async () => {
        const now = new Date().toISOString();
        const row = await db
          .selectFrom("jobs")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where((eb) => eb.or([eb("state", "=", "active"), eb.and([eb("state", "in", ["created", "retry"]), eb("run_after", "<=", now)])]))
          .executeTakeFirst();
        return Number(row?.n ?? 0) + active.size;
      }, timeoutMs);
    },
    async stop(timeoutMs = 10_000) {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // Claims are renewed while the running jobs finish; one still running after that lapses.
      const finished = (async () => {
        await ticked;
        await Promise.allSettled([...active.values()]);
      })();
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
