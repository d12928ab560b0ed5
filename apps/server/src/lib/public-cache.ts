import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { BoundedCache } from "./bounded-cache.ts";
import { PERSONAL, PUBLIC_ANSWER } from "./cache-control.ts";
import { encodeOnce, formReady, sendEncoded, type EncodedBody } from "./encoded-body.ts";

/**
 * API answers that are the same for every visitor (article lists, categories, the catalogue …),
 * kept as serialized JSON for a few seconds and served without touching the database.
 *
 * - Freshness: admin content writes clear the whole cache (see app.ts), so an editor sees their
 *   change at once; counters that visitors move (views, likes, enrolments) may lag by TTL_MS.
 * - Several servers: each keeps its own copy; another server's admin write reaches it within TTL_MS.
 * - A burst of identical misses runs one build (single flight), not one per request.
 * - A build that started before a clear() is answered but not stored, so a write is never
 *   hidden behind an answer computed before it.
 * - Answers to open-ended questions (searches: any text a visitor types) are stored only when
 *   asked a second time within TTL_MS, so a stream of one-off searches cannot fill the cache and
 *   push out the answers that are asked for all the time.
 */
/** A stored answer; `cacheKey` names its entry, so an address can be mapped to it (`byAddress`). */
export type CachedJson = EncodedBody & { cacheKey: string };

/** How an address that was answered from an entry is answered again, before routing's later steps. */
type AddressRoute = { cacheKey: string; cacheControl: string; onHit?: () => void };

export const TTL_MS = 10_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;

export class PublicCache {
  private entries: BoundedCache<unknown>;
  private pending = new Map<string, Promise<unknown>>();
  private generation = 0;
  /** Keys of open-ended answers asked for once, recently (see `admitOnRepeat`). */
  private askedOnce: BoundedCache<true>;
  /** Addresses answered from an entry (see `rememberAddress`). */
  private byAddress: BoundedCache<AddressRoute>;

  /** Told of every lookup: a stored answer (or one being built) is a hit, a build a miss. */
  private readonly onLookup: (result: "hit" | "miss") => void;

  constructor(ttlMs = TTL_MS, onLookup: (result: "hit" | "miss") => void = () => {}) {
    this.onLookup = onLookup;
    this.entries = new BoundedCache({ ttlMs, maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, maxEntryBytes: MAX_BYTES / 16 });
    this.byAddress = new BoundedCache({ ttlMs, maxEntries: 4 * MAX_ENTRIES, maxBytes: 4 * 1024 * 1024, maxEntryBytes: 64 * 1024 });
    this.askedOnce = new BoundedCache({ ttlMs, maxEntries: 10 * MAX_ENTRIES, maxBytes: Number.POSITIVE_INFINITY, maxEntryBytes: Number.POSITIVE_INFINITY });
  }

  /**
   * The cached answer for `key`, or `build()`'s value checked against `schema` and serialized.
   * `admitOnRepeat`: store it only when the same key was asked for within TTL_MS before.
   */
  json<S extends z.ZodType>(key: string, schema: S, build: () => Promise<z.input<S>>, options: { admitOnRepeat?: boolean } = {}): Promise<CachedJson> {
    const cacheKey = `json:${key}`;
    return this.remember(
      cacheKey,
      async () => {
        // Serialized and compressed once: each response then writes the bytes its client asks for.
        return Object.assign(encodeOnce(Buffer.from(JSON.stringify(schema.parse(await build())))), { cacheKey });
      },
      (entry) => entry.bytes,
      options.admitOnRepeat,
    );
  }

  /**
   * Shared data behind an answer (rows that every visitor sees), for answers that add a personal
   * part. `approxBytes` sizes the entry for the memory bound. The value is shared: treat it as
   * read-only unless the caller owns the key's meaning (as the article view counter does).
   */
  value<T>(key: string, build: () => Promise<T>, approxBytes: (value: T) => number = () => 4096): Promise<T> {
    return this.remember(`value:${key}`, build, approxBytes);
  }

  /** A stored value, if fresh, without building it. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(`value:${key}`) as T | undefined;
  }

  /** Drops the entries whose key `matches` (one visitor's write that only touches a few answers). */
  /**
   * Remembers that `address` (path and query, as sent) was answered with the entry `route.cacheKey`,
   * so the next anonymous GET of it is answered from the entry as soon as it arrives (see
   * `answerFor`): no validation, no handler. Only for answers that are the same for everyone and
   * that no rate limit guards.
   */
  private rememberAddress(address: string, route: AddressRoute): void {
    if (this.entries.get(route.cacheKey) !== undefined) this.byAddress.set(address, route, address.length + 64);
  }

  /** The stored answer for an address, while its entry lives (a clear or forget ends both). */
  answerFor(address: string): { entry: CachedJson; route: AddressRoute } | undefined {
    const route = this.byAddress.get(address);
    if (!route) return undefined;
    const entry = this.entries.get(route.cacheKey) as CachedJson | undefined;
    return entry ? { entry, route } : undefined;
  }

  /** Counts an answer sent from an entry before routing's later steps (registerEarlyAnswers). */
  earlyHit(): void {
    this.onLookup("hit");
  }

  forget(matches: (key: string) => boolean): void {
    this.entries.forget(matches);
    for (const key of [...this.pending.keys()]) if (matches(key)) this.pending.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byAddress.clear();
    this.askedOnce.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Sends a stored answer as bytes (Brotli, gzip or identity, as the client asks), with its ETag
   * (304 when the client has it). An answer to a request with credentials is the caller's own
   * (their progress on a course …): `private`; anything else may be kept by a shared cache, and
   * its address is remembered for an early answer (`registerEarlyAnswers`).
   */
  send(request: FastifyRequest, reply: FastifyReply, cached: CachedJson, options: SendCachedOptions = {}): FastifyReply | Promise<FastifyReply> {
    const personal = Boolean(request.headers.authorization);
    const cacheControl = personal ? PERSONAL : (options.cacheControl ?? PUBLIC_ANSWER);
    if (!personal && options.early !== false && request.method === "GET") {
      this.rememberAddress(request.url, { cacheKey: cached.cacheKey, cacheControl, onHit: options.onHit });
    }
    return sendEncoded(request, reply, cached, { ...JSON_ANSWER, cacheControl });
  }

  private remember<T>(key: string, build: () => Promise<T>, sizeOf: (value: T) => number, admitOnRepeat = false): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.onLookup("hit");
      return Promise.resolve(hit as T);
    }
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) {
      this.onLookup("hit");
      return inFlight as Promise<T>;
    }
    this.onLookup("miss");
    const store = !admitOnRepeat || this.askedOnce.get(key) !== undefined;
    if (!store) this.askedOnce.set(key, true, 1);
    const generation = this.generation;
    const promise = build()
      .then((value) => {
        if (store && generation === this.generation) this.entries.set(key, value, sizeOf(value));
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }
}

export type SendCachedOptions = {
  /** Cache-Control of an anonymous answer (PUBLIC_ANSWER by default). */
  cacheControl?: string;
  /**
   * Whether the next anonymous GET of this address may be answered from the entry before
   * validation and the handler (true by default; false where a rate limit guards the route).
   */
  early?: boolean;
  /** What an early answer must still do (an article counts its view). */
  onHit?: () => void;
};

/** How every stored JSON answer goes out; the same address answers differently with a token. */
const JSON_ANSWER = { contentType: "application/json; charset=utf-8", vary: ["Authorization"] };

/**
 * Answers an anonymous GET of an API address that was answered from a stored entry, as it
 * arrives: routing is done, the security headers are set, and nothing else needs to run.
 */
export function registerEarlyAnswers(app: FastifyInstance, cache: PublicCache): void {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "GET" || request.headers.authorization || !request.url.startsWith("/api/")) return done();
    const hit = cache.answerFor(request.url);
    // The first client to want a form not made yet goes the usual way, which makes it.
    if (!hit || !formReady(request, hit.entry)) return done();
    cache.earlyHit();
    hit.route.onHit?.();
    // The form is ready (checked above), so the answer goes out now and there is no promise to wait for.
    void sendEncoded(request, reply, hit.entry, { ...JSON_ANSWER, cacheControl: hit.route.cacheControl });
  });
}
