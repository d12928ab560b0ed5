/**
 * Tells "a dependency (the database, Redis) is unreachable, stopped or too slow" apart from every
 * other failure, so the one error handler can answer 503 "try again shortly" instead of 500
 * "we have a bug". Drivers report this in different shapes: socket error codes, PostgreSQL
 * SQLSTATE codes, or only a message (node-postgres's own timeouts and disconnections).
 */

/** Socket-level codes: the connection could not be made or was lost. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL SQLSTATE codes that mean "not now" rather than "never": connection exceptions (class
 * 08), the server shutting down or starting (57P01–57P03), statement or lock timeouts (57014,
 * 55P03) and exhausted resources (class 53).
 */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "57014", "55P03"]);
const POSTGRES_CLASSES = ["08", "53"];

/** SQLite: another writer held the file for longer than busy_timeout. */
const SQLITE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_TIMEOUT", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"]);

/** Messages of node-postgres, pg-pool and ioredis that carry no code. */
const MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/, // "Client has encountered a connection error and is not queryable"
  /^Cannot use a pool after calling end on the pool$/,
  /^Connection is closed\.$/, // ioredis
  /^Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
  /^Stream isn't writeable and enableOfflineQueue options is false$/, // ioredis
  /^Command timed out$/, // ioredis commandTimeout
  /^Socket timeout\. Expecting data, but didn't receive any/, // ioredis socketTimeout
];

function check(error: unknown, depth: number): boolean {
  if (depth > 4 || error === null || typeof error !== "object") return false;
  const { code, message, name, cause } = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code) || SQLITE_CODES.has(code) || POSTGRES_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (name === "MaxRetriesPerRequestError") return true;
  if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Connecting to a host name with several addresses fails with one error per address.
  if (error instanceof AggregateError && error.errors.some((inner) => check(inner, depth + 1))) return true;
  return check(cause, depth + 1);
}

/** True when the error means a dependency is down or overloaded (answer 503), not a bug (500). */
export function isDependencyUnavailable(error: unknown): boolean {
  return check(error, 0);
}
