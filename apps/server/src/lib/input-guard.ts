import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "@vestin/shared/api";
import { badRequest } from "./errors.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

/** Enough for any body within the 100 KB limit; a deeper walk stops rather than loops. */
const MAX_NODES = 200_000;

/** Why a string cannot be stored as text, or undefined when it can (isWellFormed: Node 20+, ES2024, past the project's lib). */
function textProblem(text: string): string | undefined {
  if (text.includes("\u0000")) return MESSAGES.nulCharacter;
  // An unpaired UTF-16 surrogate is no character at all: PostgreSQL refuses it in JSON (a job's
  // data, an e-mail to send) and UTF-8 cannot carry it.
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed()) return MESSAGES.brokenCharacter;
  return undefined;
}

/**
 * The first place a NUL character or an unpaired surrogate hides in a value (a string, an object
 * key, or anything nested), as a dotted path with the message that says why; undefined when there
 * is none. Iterative, so deep nesting cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, root: string): { path: string; message: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  let visited = 0;
  while (stack.length && visited++ < MAX_NODES) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === "string") {
      const message = textProblem(node);
      if (message) return { path, message };
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        const message = textProblem(key);
        if (message) return { path: childPath, message };
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * A body's campaign attribution is left to its schema, which removes NUL and every other
 * control character before anything is stored, and attribution must never refuse a form.
 */
function withoutAttribution(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body) || !Object.hasOwn(body, "attribution")) return body;
  return { ...body, attribution: undefined };
}

/**
 * Refuses NUL characters and unpaired surrogates in the path parameters, query and JSON body of
 * every API request (400, before validation). PostgreSQL cannot store a NUL in text nor an
 * unpaired surrogate in JSON and would fail with a 500; SQLite would store them and behave
 * differently. No field of the site has a use for either. The one exception is a body's
 * `attribution`, which its schema cleans instead (withoutAttribution).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: it runs on every API request, and most have nothing to refuse.
  app.addHook("preValidation", (request: FastifyRequest, _reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    const found = findUnstorableText(request.params, "") ?? findUnstorableText(request.query, "") ?? findUnstorableText(withoutAttribution(request.body), "");
    if (found) return done(badRequest(found.message, { [(found.path.split(".")[0] || "body").slice(0, 100)]: found.message }));
    done();
  });
}

/**
 * The router's own refusals (a path with broken percent-encoding, a parameter past maxParamLength)
 * answered in the API's error envelope ({ success: false, message, requestId }) instead of Fastify's
 * default body, which names its internals. They never reach the hooks, so the basic security
 * headers and the request id are set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  return reply
    .status(tooLong ? 414 : 400)
    .header("x-content-type-options", "nosniff")
    .header("referrer-policy", "strict-origin-when-cross-origin")
    .header("cache-control", "no-store")
    .header(REQUEST_ID_HEADER, request.id)
    .send({ success: false, message: tooLong ? MESSAGES.urlTooLong : MESSAGES.badUrl, requestId: request.id });
}
