/*
 * Defensive readers for the answers the spec says may come in several shapes (section 3 and 7).
 * Pure functions, no browser APIs, so they are unit-tested on their own.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === "object" && !Array.isArray(value);

function numberFrom(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

function firstNumber(containers: Json[], keys: readonly string[]): number | undefined {
  for (const container of containers) {
    for (const key of keys) {
      const n = numberFrom(container[key]);
      if (n !== undefined) return n;
    }
  }
  return undefined;
}

/**
 * queuePosition (also position or queue_position) and totalAhead (also total_ahead or ahead),
 * at the top level or nested under data, user or queue.
 */
export function readQueue(body: unknown): { position?: number; ahead?: number } {
  if (!isObject(body)) return {};
  const containers: Json[] = [body];
  for (const key of ["data", "user", "queue"]) {
    const nested = body[key];
    if (isObject(nested)) {
      containers.push(nested);
      for (const inner of ["user", "queue"]) if (isObject(nested[inner])) containers.push(nested[inner] as Json);
    }
  }
  const position = firstNumber(containers, ["queuePosition", "position", "queue_position"]);
  const ahead = firstNumber(containers, ["totalAhead", "total_ahead", "ahead"]);
  return { ...(position !== undefined && position > 0 ? { position } : {}), ...(ahead !== undefined ? { ahead } : {}) };
}

/** The first user of an array, of an object with a data array, or a single object. */
export function readFirstUser<T extends object = Json>(body: unknown): T | undefined {
  const pick = (value: unknown): T | undefined => {
    if (Array.isArray(value)) return value.find(isObject) as T | undefined;
    return undefined;
  };
  if (Array.isArray(body)) return pick(body);
  if (!isObject(body)) return undefined;
  if (Array.isArray(body.data)) return pick(body.data);
  if (isObject(body.data)) return body.data as T;
  if ("success" in body && Object.keys(body).every((k) => ["success", "message", "data"].includes(k))) return undefined;
  return Object.keys(body).length ? (body as T) : undefined;
}
