import { describe, expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { AppError, toErrorEnvelope } from "./errors.ts";
import { isDependencyUnavailable } from "./dependency-errors.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDependencyUnavailable", () => {
  it.each([
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["connection reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["every address refused", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
    ["pg: lost mid-query", new Error("Connection terminated unexpectedly")],
    ["pg: connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg-pool: no free client in time", new Error("timeout exceeded when trying to connect")],
    ["pg: query timeout", new Error("Query read timeout")],
    ["pg: dead client reused", new Error("Client has encountered a connection error and is not queryable")],
    ["PostgreSQL: connection failure", withCode("connection failure", "08006")],
    ["PostgreSQL: shutting down", withCode("terminating connection due to administrator command", "57P01")],
    ["PostgreSQL: starting up", withCode("the database system is starting up", "57P03")],
    ["PostgreSQL: too many connections", withCode("sorry, too many clients already", "53300")],
    ["PostgreSQL: statement timeout", withCode("canceling statement due to statement timeout", "57014")],
    ["SQLite: locked past busy_timeout", withCode("database is locked", "SQLITE_BUSY")],
    ["ioredis: retries exhausted", Object.assign(new Error("Reached the max retries per request limit (which is 2)."), { name: "MaxRetriesPerRequestError" })],
    ["ioredis: no answer within commandTimeout", new Error("Command timed out")],
    ["ioredis: silent connection dropped", new Error("Socket timeout. Expecting data, but didn't receive any in 2000ms.")],
    ["wrapped in a cause", new Error("query failed", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") })],
  ])("%s: yes", (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "users_email_unique"', "23505")],
    ["a syntax error", withCode("syntax error at or near", "42601")],
    ["a SQLite constraint", withCode("UNIQUE constraint failed: users.email", "SQLITE_CONSTRAINT_UNIQUE")],
    ["a bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["an AppError", new AppError(400, "Bad")],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("%s: no", (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });

  it("gives up on a cause chain that loops", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isDependencyUnavailable(a)).toBe(false);
  });
});

describe("the error envelope of a dependency that is down", () => {
  it("is a 503 with the database-down message and a Retry-After, never the driver's text", () => {
    const { status, body, headers } = toErrorEnvelope(withCode("connect ECONNREFUSED 10.0.0.5:5432", "ECONNREFUSED"));
    expect(status).toBe(503);
    expect(body).toEqual({ success: false, message: MESSAGES.databaseDown });
    expect(headers?.["retry-after"]).toMatch(/^\d+$/);
  });

  it("leaves other server errors at 500", () => {
    expect(toErrorEnvelope(new TypeError("x")).status).toBe(500);
  });
});
