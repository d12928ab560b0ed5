import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MESSAGES, type ErrorEnvelope } from "@vestin/shared/api";
import { isDependencyUnavailable } from "./dependency-errors.ts";

/** The one error type of the server: a status, a sentence for a person, and optional field errors. */
export class AppError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = "Authentication required") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do this") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);
export const unavailable = (message: string) => new AppError(503, message);

/** A unique constraint (or a primary key) refused a write (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    /UNIQUE constraint failed|duplicate key value violates unique constraint/.test(e?.message ?? "")
  );
}

/**
 * Runs a write whose uniqueness was checked just before: when two requests race past that check
 * (an administrator's double click), the loser gets the same 409 instead of a 500.
 */
export async function orConflict<T>(write: Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal();
    throw err;
  }
}

/** What a 503 for a dependency that is down suggests as a wait before retrying, in seconds. */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/** Maps Fastify's own error codes onto the API's statuses (400, 413, 415…) and messages. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The Content-Length header does not match the body." },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
};

function fieldName(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
  if (fromPath) return fromPath;
  if (params && typeof params === "object" && "missingProperty" in params) return String(params.missingProperty);
  return "body";
}

export function toErrorEnvelope(error: unknown): { status: number; body: ErrorEnvelope; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const body: ErrorEnvelope = { success: false, message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.status, body, headers: error.headers };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const errors: Record<string, string> = {};
    for (const issue of fastifyError.validation) {
      const name = fieldName(issue.instancePath, issue.params);
      errors[name] ??= issue.message ?? "Invalid value";
    }
    const first = Object.values(errors)[0];
    const message = Object.keys(errors).length === 1 && first ? first : MESSAGES.invalidInput;
    return { status: 400, body: { success: false, message, errors } };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { success: false, message: known.message } };
  if (fastifyError.statusCode === 429) {
    return { status: 429, body: { success: false, message: MESSAGES.tooManyRequests } };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, body: { success: false, message: fastifyError.message } };
  }
  // The database (or Redis) is stopped, unreachable or timing out: not a bug, and worth a retry.
  if (isDependencyUnavailable(error)) {
    return { status: 503, body: { success: false, message: MESSAGES.databaseDown }, headers: { "retry-after": String(DEPENDENCY_RETRY_AFTER_S) } };
  }
  return { status: 500, body: { success: false, message: MESSAGES.internal } };
}

/**
 * Every failure leaves as the API's error envelope ({ success: false, message, errors, requestId });
 * 5xx details go to the log, never to the client. The request id lets a person quote the failure
 * and an operator find its log lines.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, headers } = toErrorEnvelope(error);
    if (status === 503) request.log.warn({ err: error }, "dependency unavailable");
    else if (status >= 500) request.log.error({ err: error }, "request failed");
    if (headers) void reply.headers(headers);
    return reply.status(status).send({ ...body, requestId: request.id });
  });
}
