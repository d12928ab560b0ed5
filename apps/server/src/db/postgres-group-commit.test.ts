import { describe, expect, it } from "vitest";
import { postgresGroupCommit, type GroupConnection } from "./postgres-group-commit.ts";

/**
 * A stand-in for PostgreSQL on pooled connections, answering in order as a pipelined connection
 * does: `refuse` decides whether a statement is refused (its error) or stored; a refusal inside a
 * transaction aborts it, so the statements after it fail as "transaction is aborted" and its
 * COMMIT answers ROLLBACK. Every connection taken is recorded with what was sent on it.
 */
function fakePool(refuse: (text: string, inTransaction: boolean) => Error | undefined = () => undefined) {
  const connections: { sent: string[]; released: boolean }[] = [];
  return {
    connections,
    async connect(): Promise<GroupConnection> {
      const record = { sent: [] as string[], released: false };
      connections.push(record);
      let inTransaction = false;
      let aborted = false;
      return {
        send: async (text) => {
          record.sent.push(text);
          if (text === "begin") {
            inTransaction = true;
            return { command: "BEGIN" };
          }
          if (text === "commit") {
            inTransaction = false;
            return { command: aborted ? "ROLLBACK" : "COMMIT" };
          }
          if (aborted) throw failure("current transaction is aborted, commands ignored until end of transaction block", "25P02");
          const refusal = refuse(text, inTransaction);
          if (refusal) {
            aborted = inTransaction;
            throw refusal;
          }
          return { command: "INSERT", rowCount: 1 };
        },
        cork() {},
        uncork() {},
        release() {
          record.released = true;
        },
      };
    },
  };
}

const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
const statement = (text: string) => ({ text, values: [] });

describe("group commit on PostgreSQL", () => {
  it("commits transactions handed in together as one group on one connection, and counts one commit", async () => {
    const pool = fakePool();
    const group = postgresGroupCommit({ connect: () => pool.connect() });
    const answers = await Promise.all(["insert 1", "insert 2", "insert 3"].map((text) => group.commit(statement(text))));
    expect(answers).toEqual([1, 2, 3].map(() => ({ command: "INSERT", rowCount: 1 })));
    expect(pool.connections).toEqual([{ sent: ["begin", "insert 1", "insert 2", "insert 3", "commit"], released: true }]);
    expect(group.counts()).toEqual({ commits: 1, transactions: 3 });
  });

  it("sends a transaction alone when nothing else was handed in with it", async () => {
    const pool = fakePool();
    const group = postgresGroupCommit({ connect: () => pool.connect() });
    await group.commit(statement("insert alone"));
    expect(pool.connections).toEqual([{ sent: ["insert alone"], released: true }]);
    expect(group.counts()).toEqual({ commits: 1, transactions: 1 });
  });

  it("answers a refusal to its own transaction and sends the others again alone", async () => {
    const taken = failure('duplicate key value violates unique constraint "contacts_pkey"', "23505");
    const pool = fakePool((text) => (text === "insert taken" ? taken : undefined));
    const group = postgresGroupCommit({ connect: () => pool.connect() });
    const outcomes = await Promise.allSettled(["insert 1", "insert taken", "insert 3"].map((text) => group.commit(statement(text))));
    expect(outcomes).toEqual([
      { status: "fulfilled", value: { command: "INSERT", rowCount: 1 } },
      { status: "rejected", reason: taken },
      { status: "fulfilled", value: { command: "INSERT", rowCount: 1 } },
    ]);
    // The group rolled back; the two others were sent again, each alone.
    expect(pool.connections.map((c) => c.sent)).toEqual([["begin", "insert 1", "insert taken", "insert 3", "commit"], ["insert 1"], ["insert 3"]]);
    expect(pool.connections.every((c) => c.released)).toBe(true);
    expect(group.counts()).toEqual({ commits: 2, transactions: 2 });
  });

  it("sends a member that lost a deadlock again, since the deadlock says nothing of it", async () => {
    // Only inside the group: sent again alone, it is stored.
    const pool = fakePool((text, inTransaction) => (text === "insert crossed" && inTransaction ? failure("deadlock detected", "40P01") : undefined));
    const group = postgresGroupCommit({ connect: () => pool.connect() });
    const outcomes = await Promise.allSettled(["insert 1", "insert crossed"].map((text) => group.commit(statement(text))));
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(pool.connections.map((c) => c.sent)).toEqual([["begin", "insert 1", "insert crossed", "commit"], ["insert 1"], ["insert crossed"]]);
  });

  it("fails every member when the connection is lost, and sends none of them again", async () => {
    const lost = new Error("Connection terminated unexpectedly");
    const pool = fakePool(() => lost);
    const group = postgresGroupCommit({ connect: () => pool.connect() });
    const outcomes = await Promise.allSettled(["insert 1", "insert 2"].map((text) => group.commit(statement(text))));
    expect(outcomes).toEqual([
      { status: "rejected", reason: lost },
      { status: "rejected", reason: lost },
    ]);
    expect(pool.connections).toHaveLength(1);
    expect(group.counts()).toEqual({ commits: 0, transactions: 0 });
  });

  it("fails every member when no connection can be had", async () => {
    const timeout = new Error("timeout exceeded when trying to connect");
    const group = postgresGroupCommit({ connect: () => Promise.reject(timeout) });
    const outcomes = await Promise.allSettled(["insert 1", "insert 2"].map((text) => group.commit(statement(text))));
    expect(outcomes).toEqual([
      { status: "rejected", reason: timeout },
      { status: "rejected", reason: timeout },
    ]);
  });

  it("keeps at most `maxInFlight` groups under way; what comes meanwhile leaves as the next group", async () => {
    const answered: (() => void)[] = [];
    const sent: string[][] = [];
    const group = postgresGroupCommit({
      maxInFlight: 1,
      async connect() {
        const mine: string[] = [];
        sent.push(mine);
        return {
          send: (text) => {
            mine.push(text);
            return text === "commit" || !mine.includes("begin")
              ? new Promise((resolve) => answered.push(() => resolve({ command: text === "commit" ? "COMMIT" : "INSERT" })))
              : Promise.resolve({ command: "INSERT" });
          },
          cork() {},
          uncork() {},
          release() {},
        };
      },
    });
    const first = group.commit(statement("insert 1"));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // The first is under way (alone); two more come and wait.
    const later = [group.commit(statement("insert 2")), group.commit(statement("insert 3"))];
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([["insert 1"]]);
    answered.shift()?.();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([["insert 1"], ["begin", "insert 2", "insert 3", "commit"]]);
    answered.shift()?.();
    await Promise.all(later);
    expect(group.counts()).toEqual({ commits: 2, transactions: 3 });
  });
});
