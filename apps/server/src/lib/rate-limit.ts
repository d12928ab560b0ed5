import { Redis } from "ioredis";
import { MESSAGES } from "@vestin/shared/api";
import { AppError } from "./errors.ts";

export type LimitState = { count: number; resetInMs: number };

/** A fixed-window counter per key, in memory (one server) or Redis (several servers). */
export type RateLimitStore = {
  hit(key: string, windowMs: number): Promise<LimitState>;
  peek(key: string): Promise<LimitState>;
  reset(key: string): Promise<void>;
  /** True when the store answers (Redis: a PING within its command timeout; memory: always). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const w = windows.get(key);
    if (!w || w.resetAt <= Date.now()) return undefined;
    return w;
  };
  return {
    async hit(key, windowMs) {
      const w = current(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetInMs: w.resetAt - Date.now() };
    },
    async peek(key) {
      const w = current(key);
      return w ? { count: w.count, resetInMs: w.resetAt - Date.now() } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async ping() {
      return true;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/**
 * How the Redis client behaves when Redis is stopped or unreachable. The limits fail
 * closed: a command that gets no answer within a second is refused, the error handler turns that
 * into the API's 503 with Retry-After (lib/dependency-errors.ts), and nobody gets past a limit
 * uncounted. Without these bounds a Redis host that accepts connections and never answers held
 * every rate-limited request for good. The client keeps reconnecting in the background, at most
 * a second apart, so the limits work again by themselves within about a second of Redis's return.
 */
export const REDIS_CLIENT_OPTIONS = {
  /** A command (queued while reconnecting, or sent) is refused after this. */
  commandTimeout: 1_000,
  /** A connection that stays silent this long after a command (or the ready check) is dropped and made again. */
  socketTimeout: 2_000,
  connectTimeout: 2_000,
  /** Commands wait for a reconnection (bounded by commandTimeout) rather than fail at once on a blip. */
  enableOfflineQueue: true,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  lazyConnect: false,
} as const;

export function redisStore(url: string): RateLimitStore {
  const redis = new Redis(url, REDIS_CLIENT_OPTIONS);
  // Failures reach each command's caller; the client's own error events would only repeat them.
  redis.on("error", () => {});
  const prefix = "vestin:rl:";
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const result = await redis.multi().incr(k).pexpire(k, windowMs, "NX").pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async ping() {
      try {
        return (await redis.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

export type Limit = { name: string; max: number; windowMs: number };

/** The API's rate limits (per client address unless the key says more). */
export const LIMITS = {
  failedLogin: { name: "login-failed", max: 10, windowMs: 15 * 60_000 },
  registration: { name: "register", max: 20, windowMs: 60 * 60_000 },
  passwordReset: { name: "password-reset", max: 20, windowMs: 60 * 60_000 },
  leadForm: { name: "lead", max: 30, windowMs: 60 * 60_000 },
  like: { name: "like", max: 60, windowMs: 60_000 },
  /** Reads of a secret link (a preview token): enough for a reviewer, too few to guess tokens by. */
  secretLinkRead: { name: "secret-link", max: 60, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;

export type RateLimiter = {
  readonly enabled: boolean;
  /** Counts one request; throws 429 once the limit is passed. */
  consume(limit: Limit, key: string): Promise<void>;
  /** Throws 429 if the limit is already reached, without counting (failed-login checks). */
  check(limit: Limit, key: string): Promise<void>;
  /** Counts one event without refusing (a failed login after it happened). */
  record(limit: Limit, key: string): Promise<void>;
  /** Whether the store of the counts answers (readiness asks; Redis is down means every limited route answers 503). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

function tooMany(resetInMs: number): AppError {
  return new AppError(429, MESSAGES.tooManyRequests, undefined, { "retry-after": String(Math.max(1, Math.ceil(resetInMs / 1000))) });
}

export function createRateLimiter(options: { enabled: boolean; redisUrl?: string | undefined }): RateLimiter {
  const store = options.redisUrl ? redisStore(options.redisUrl) : memoryStore();
  const k = (limit: Limit, key: string) => `${limit.name}:${key}`;
  return {
    enabled: options.enabled,
    async consume(limit, key) {
      if (!options.enabled) return;
      const state = await store.hit(k(limit, key), limit.windowMs);
      if (state.count > limit.max) throw tooMany(state.resetInMs);
    },
    async check(limit, key) {
      if (!options.enabled) return;
      const state = await store.peek(k(limit, key));
      if (state.count >= limit.max) throw tooMany(state.resetInMs);
    },
    async record(limit, key) {
      if (!options.enabled) return;
      await store.hit(k(limit, key), limit.windowMs);
    },
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
