import { createHash, randomBytes } from "node:crypto";
import { v7 as uuidV7 } from "uuid";

/**
 * An opaque id for a stored object (returned as `_id`): a UUID of version 7, whose first 48 bits
 * are the creation time in milliseconds and the rest random (74 bits), increasing within a
 * process. Ids made one after another sort together, so a new row's entry lands beside the last
 * one in every index on an id instead of on a random page: a write dirties, journals and syncs
 * fewer pages (SQLite's WAL, PostgreSQL's WAL and its full-page images). An id tells when its
 * object was made, which no answer hides anyway; it is never a secret (links that are use
 * `randomToken`) and every access to an object by id checks who asks.
 */
export const newId = (): string => uuidV7();

/** A random, URL-safe secret (reset links, OAuth state). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
