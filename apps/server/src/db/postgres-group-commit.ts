import { AsyncLocalStorage } from "node:async_hooks";
import { isDependencyUnavailable } from "../lib/dependency-errors.ts";

/** A statement and its parameters, as node-postgres takes them. */
export type GroupStatement = { text: string; values: unknown[] };

/** What the group commit needs of a pooled connection: sending a statement, holding writes back so several leave in one, and giving it back. */
export type GroupConnection = {
  send(text: string, values: unknown[]): Promise<unknown>;
  cork(): void;
  uncork(): void;
  release(): void;
};

export type PostgresGroupCommitOptions = {
  /** Takes a connection from the pool (a group, or a member sent alone, takes one for the time it is sent). */
  connect(): Promise<GroupConnection>;
  /** Transactions committed together at most. */
  maxMembers?: number;
  /** Groups sent and not yet answered at most; a transaction that finds them all under way waits to join the next. */
  maxInFlight?: number;
};

/** Commits that made transactions durable (a group commit counts once), and those transactions. */
export type CommitCounts = { commits: number; transactions: number };

/** PostgreSQL's error code for a deadlock it broke by failing one of the statements. */
const DEADLOCK_DETECTED = "40P01";

type Member = {
  statement: GroupStatement;
  /** Runs a function in the member's own asynchronous context (its request's trace). */
  inContext: <R>(fn: () => R) => R;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

/**
 * Group commit on PostgreSQL for transactions that are one statement: a write whose transaction
 * holds nothing but blind inserts is sent as one statement at its COMMIT (db/database.ts). Under a
 * wave, many such transactions reach their COMMIT in the same turn of the event loop; here they
 * are committed together:
 *
 * - A transaction hands its one statement in and waits. Handed in while fewer than `maxInFlight`
 *   groups are under way, it leaves at the end of this turn of the event loop with whatever else
 *   was handed in by then; otherwise it waits for a group to finish and leaves with the next.
 * - A group of one is that statement alone, as without group commit. A group of several leaves on
 *   one pooled connection, in one write: `BEGIN`, each member's statement, `COMMIT`. PostgreSQL
 *   logs and flushes one commit for all of them, and the server makes one write and one wake-up
 *   where it made one of each per transaction. A member holds no connection while it waits.
 * - Each member is answered once the group's `COMMIT` is: an acknowledged write is on disk.
 * - One member's refusal (a taken e-mail's unique violation) answers that member alone: the group
 *   is rolled back (every statement after the refused one fails as "transaction is aborted", and
 *   the `COMMIT` rolls back), the refused member gets its own error, and every other member is
 *   sent again alone, as without group commit (the refused one too when its refusal was a
 *   deadlock with another group, which says nothing of the member). A lost connection or a
 *   `COMMIT` that did not commit fails every member: none was acknowledged.
 */
export function postgresGroupCommit({ connect, maxMembers = 64, maxInFlight = 2 }: PostgresGroupCommitOptions) {
  const waiting: Member[] = [];
  const counts: CommitCounts = { commits: 0, transactions: 0 };
  let inFlight = 0;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || inFlight >= maxInFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = waiting.splice(0, maxMembers);
      inFlight += 1;
      void send(group).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  /** One member alone, in its own context: what a transaction of one statement always was. */
  function alone(member: Member): Promise<void> {
    return member
      .inContext(() => withConnection((connection) => connection.send(member.statement.text, member.statement.values)))
      .then((value) => {
        counts.commits += 1;
        counts.transactions += 1;
        member.resolve(value);
      }, member.reject);
  }

  async function withConnection<T>(work: (connection: GroupConnection) => Promise<T>): Promise<T> {
    const connection = await connect();
    try {
      return await work(connection);
    } finally {
      connection.release();
    }
  }

  async function send(group: Member[]): Promise<void> {
    const [leader] = group;
    if (!leader) return;
    if (group.length === 1) return alone(leader);
    let connection: GroupConnection;
    try {
      connection = await leader.inContext(connect);
    } catch (err) {
      for (const member of group) member.reject(err);
      return;
    }
    const [begin, outcomes, commit] = leader.inContext(() => {
      connection.cork();
      try {
        return [
          connection.send("begin", []),
          group.map((member) => connection.send(member.statement.text, member.statement.values)),
          connection.send("commit", []),
        ] as const;
      } finally {
        connection.uncork();
      }
    });
    const [opened, committed, ...members] = await Promise.allSettled([begin, commit, ...outcomes]);
    connection.release();
    const failures = [opened, committed, ...members].flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
    const lost = failures.find(isDependencyUnavailable);
    const notCommitted =
      opened.status === "rejected" ||
      committed.status === "rejected" ||
      (failures.length === 0 && (committed.value as { command?: string })?.command !== "COMMIT");
    if (lost !== undefined || notCommitted) {
      const err =
        lost ??
        (opened.status === "rejected" ? opened.reason : committed.status === "rejected" ? committed.reason : new Error("a group's COMMIT did not commit"));
      for (const member of group) member.reject(err);
      return;
    }
    const refused = members.findIndex((s) => s.status === "rejected");
    if (refused === -1) {
      counts.commits += 1;
      counts.transactions += group.length;
      for (const [i, member] of group.entries()) member.resolve((members[i] as PromiseFulfilledResult<unknown>).value);
      return;
    }
    // Rolled back: the refused member has its answer, unless two groups only crossed each other's
    // locks (a deadlock), which says nothing of the member; the others are sent again, each alone.
    const refusal = (members[refused] as PromiseRejectedResult).reason;
    const crossed = (refusal as { code?: string } | undefined)?.code === DEADLOCK_DETECTED;
    if (!crossed) group[refused]?.reject(refusal);
    await Promise.all(group.filter((_, i) => crossed || i !== refused).map(alone));
  }

  return {
    /** COMMITs sent so far (a group's counts once) and the transactions they made durable. */
    counts: (): CommitCounts => ({ ...counts }),
    /**
     * Commits a transaction that is one statement, with others handed in at about the same time;
     * answers the statement's result once it is committed.
     */
    commit(statement: GroupStatement): Promise<unknown> {
      const inContext = AsyncLocalStorage.snapshot();
      return new Promise((resolve, reject) => {
        waiting.push({ statement, inContext, resolve, reject });
        schedule();
      });
    },
  };
}

export type PostgresGroupCommit = ReturnType<typeof postgresGroupCommit>;
