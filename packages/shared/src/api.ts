import { z } from "./zod.ts";

/** The failure envelope of every /api/v1 route (contract, "Conventions"). */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The request's id (also its `x-request-id` header and every log line of it), for a person to quote. */
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
  });
}

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.enum(["ok", "down"]),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /health/live: the process answers (no dependency is asked). */
export const livenessSchema = z.object({ status: z.literal("ok") });
export type Liveness = z.infer<typeof livenessSchema>;

/** Where a server is in its life: it takes traffic only while `serving`. */
export const SERVER_PHASES = ["starting", "serving", "draining"] as const;
export type ServerPhase = (typeof SERVER_PHASES)[number];

/**
 * GET /health/ready: whether a load balancer should send this server traffic. `checks` is left
 * out while the server is starting or draining (nothing is asked then).
 */
export const readinessSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  phase: z.enum(SERVER_PHASES),
  checks: z
    .object({
      database: z.enum(["ok", "down"]),
      migrations: z.enum(["ok", "pending"]),
      jobs: z.enum(["ok", "stopped"]),
      /** "off" when REDIS_URL is unset (the rate limits are kept in memory). */
      redis: z.enum(["ok", "down", "off"]),
    })
    .optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const MAX_PAGE_LIMIT = 100;

/** page and limit query parameters: page ≥ 1 (else 400), limit capped at 100. */
export function paginationQuery(defaultLimit = 10) {
  return z.object({
    page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").default(1),
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be 1 or more")
      .default(defaultLimit)
      .transform((n) => Math.min(n, MAX_PAGE_LIMIT)),
  });
}

export const MESSAGES = {
  routeNotFound: "Route not found",
  malformedJson: "The request body is not valid JSON.",
  bodyTooLarge: "The request body is too large (the limit is 100 KB).",
  unsupportedMediaType: "Send the request body as JSON (Content-Type: application/json).",
  invalidInput: "Some fields are not valid.",
  internal: "Something went wrong on our side. Please try again.",
  tooManyRequests: "Too many requests. Please try again later.",
  databaseDown: "The service is temporarily unavailable. Please try again shortly.",
  nulCharacter: "Text may not contain the NUL character (\\0).",
  brokenCharacter: "This text holds a broken character (half of an emoji or symbol). Please type it again.",
  badUrl: "The address of this request is not valid.",
  urlTooLong: "The address of this request is too long.",
} as const;
