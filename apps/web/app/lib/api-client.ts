import { STORAGE_KEYS } from "@vestin/shared/brand";

export const API_BASE = "/api/v1";

export type ApiResult<T> =
  | { ok: true; status: number; data: T; message?: string; body: Record<string, unknown> }
  | { ok: false; status: number; message?: string; errors?: Record<string, string>; body: Record<string, unknown> };

/** Thrown when the request never got an answer (offline, server down). */
export class NetworkError extends Error {
  override name = "NetworkError";
}

export function storedToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

type Options = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; token?: string | null | false; signal?: AbortSignal };

/** The error's message: the envelope's `message`, else a framework error's `error` text. */
const envelopeMessage = (body: Record<string, unknown>) =>
  typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : undefined;

/**
 * Sends one request to /api/v1 and reads the answer: the API's envelope ({ success, data, message,
 * errors }), though other JSON shapes are tolerated (the result keeps the raw body). An answer that
 * never came throws NetworkError; an abort stays an AbortError. `messageOf` picks the message out
 * of the body.
 */
export async function sendApiRequest<T>(
  path: string,
  init: RequestInit,
  messageOf: (body: Record<string, unknown>) => string | undefined = envelopeMessage,
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, init);
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new NetworkError((err as Error).message);
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await res.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // An empty or non-JSON body: keep {} and let the caller fall back to a default message.
  }
  const message = messageOf(body);
  if (res.ok && body.success !== false) {
    return { ok: true, status: res.status, data: ("data" in body ? body.data : body) as T, message, body };
  }
  const errors = body.errors && typeof body.errors === "object" ? (body.errors as Record<string, string>) : undefined;
  return { ok: false, status: res.status, message, errors, body };
}

/**
 * Calls /api/v1 from the browser. Sends the stored bearer token unless `token: false`; reads the
 * contract's envelope but tolerates other JSON shapes (the result keeps the raw body).
 */
export async function apiFetch<T = unknown>(path: string, options: Options = {}): Promise<ApiResult<T>> {
  const token = options.token === false ? null : (options.token ?? storedToken());
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  return sendApiRequest<T>(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** The server's message, else "HTTP error! status: N" (learning spec's generic helper). */
export function errorMessage(result: { status: number; message?: string | undefined }, fallback?: string): string {
  return result.message ?? fallback ?? `HTTP error! status: ${result.status}`;
}
