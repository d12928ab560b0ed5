import { createHash, randomBytes, randomUUID } from "node:crypto";

/** An opaque id for a stored object (returned as `_id`). */
export const newId = (): string => randomUUID();

/** A random, URL-safe secret (reset links, OAuth state). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
