import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * A query parameter whose value is a secret: a password, a token or code (reset links, Google's
 * callback, e-mail confirmations), a key or a signature. Any name containing one of these words
 * counts (resetToken, confirmPassword, recoveryCode, client_secret …); such values are never written
 * to a log, whatever the route, because a form sent by GET or a link put them in the address.
 */
const SECRET_NAME = /pass(word|wd)?|pwd|token|code|secret|otp|signature|api.?key|credential/i;

/** What a secret value is written as. */
export const REDACTED = "[redacted]";

/** Paths whose next segment is a secret (a preview link's token): the segment is never logged. */
const SECRET_PATH_PREFIXES = ["/preview/", "/api/v1/previews/"] as const;

/** A SECRET_PATH_PREFIXES prefix at the start of an address, and the secret segment after it. */
const SECRET_SEGMENT = new RegExp(`^(${SECRET_PATH_PREFIXES.join("|")})[^/?#]+`);

/**
 * The address as the logs may keep it: the path (a secret segment replaced by REDACTED), and the
 * query with the value of every parameter whose name says it holds a secret replaced by REDACTED.
 * A query that cannot be read as parameters is dropped whole rather than guessed at.
 */
export function loggableUrl(address: string): string {
  const url = address.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const path = url.slice(0, mark);
  const query = url.slice(mark + 1);
  if (!query) return url;
  const parts = query.split("&").map((part) => {
    const equals = part.indexOf("=");
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // A name that does not decode may still spell a secret's name: keep neither.
      return equals === -1 ? REDACTED : `${REDACTED}=${REDACTED}`;
    }
    if (equals === -1 || !SECRET_NAME.test(name)) return part;
    return `${rawName}=${REDACTED}`;
  });
  return `${path}?${parts.join("&")}`;
}

/** The request as the logger's `req` serializer writes it, should anything log a request. */
export function loggableRequest(request: FastifyRequest | { method?: string; url?: string; id?: string }) {
  return { method: request.method, url: loggableUrl(request.url ?? ""), ...("id" in request && request.id ? { id: request.id } : {}) };
}

/**
 * The access log: one line per answer at level info, written after it has left (main.ts writes
 * logs asynchronously), with the address as loggableUrl keeps it.
 */
export function registerAccessLog(app: FastifyInstance): void {
  // The level is set once at start: below info (LOG_LEVEL=warn) there is no access log to write,
  // and no per-answer hook either.
  if ((app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.("info") === false) return;
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      { method: request.method, url: loggableUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      "request completed",
    );
    done();
  });
}
