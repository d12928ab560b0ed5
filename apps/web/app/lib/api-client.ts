import { STORAGE_KEYS } from "@vestin/shared/brand";

export const API_BASE = "/api/v1";

/** Every call's result: the answer's data, or why there is none (status 0: no answer came). */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string; errors?: Record<string, string> };

/** What a failure's words are made from; `serverMessage` is the envelope's message when it has one. */
export type Failure = {
  status: number;
  statusText: string;
  /** The raw body (a proxy's HTML page, a plain-text error). */
  text: string;
  /** Whether the body was a JSON object at all. */
  isJson: boolean;
  serverMessage: string | undefined;
  errors: Record<string, string> | undefined;
};

export type RequestOptions = {
  method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData body goes as multipart. */
  body?: unknown;
  /** The bearer token: the stored one unless given, none with `false`. */
  token?: string | null | false;
  signal?: AbortSignal;
  /** The failure's words when the server gave none. */
  fallback?: string;
  /** The whole of a failure's words, made from the answer (the status, the server's message …). */
  describe?: (failure: Failure) => string;
  /** The failure's words when no answer came (else the fallback; a caller that shows them gives them). */
  network?: string;
  /** `data` is the envelope's `data` (the default); "body": the whole JSON body (pagination, top-level tokens). */
  read?: "data" | "body";
};

export function storedToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** Sends one request; an answer that never came is a failure with status 0 (a caller's abort stays an AbortError). */
export async function sendRequest(url: string, options: RequestOptions, accept = "application/json"): Promise<Response | ApiResult<never>> {
  const { body, token = storedToken() } = options;
  const headers: Record<string, string> = { accept };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(url, { method: options.method, headers, body: isForm || body === undefined ? body : JSON.stringify(body), signal: options.signal });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    return { ok: false, status: 0, message: options.network ?? options.fallback ?? "" };
  }
}

/**
 * Reads an /api/v1 answer: the envelope ({ success, data } or { success: false, message, errors }).
 * Other JSON shapes are tolerated: `data` is the body itself when it has no `data` field. A failure
 * goes through the one error mapping: `describe`'s words; else the envelope's `message`, else a
 * framework error's `error` text (blank texts are none); else the fallback; else the status.
 */
export async function readAnswer<T>(res: Response, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const text = await res.text().catch(() => "");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // An empty or non-JSON body: a failure's words come from the status or the raw text.
  }
  const json = isRecord(parsed) ? parsed : undefined;
  if (res.ok && json?.success !== false) {
    return { ok: true, status: res.status, data: (!json || options.read === "body" || !("data" in json) ? (parsed ?? {}) : json.data) as T };
  }
  const failure: Failure = {
    status: res.status,
    statusText: res.statusText,
    text,
    isJson: !!json,
    serverMessage: [json?.message, json?.error].find((m): m is string => typeof m === "string" && m.trim() !== ""),
    errors: isRecord(json?.errors) ? (json.errors as Record<string, string>) : undefined,
  };
  const message = options.describe?.(failure) ?? failure.serverMessage ?? options.fallback ?? `HTTP error! status: ${res.status}`;
  return { ok: false, status: res.status, message, ...(failure.errors && { errors: failure.errors }) };
}

/** Calls /api/v1 (with the stored bearer token unless told otherwise) and reads its answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const sent = await sendRequest(API_BASE + path, options);
  return sent instanceof Response ? readAnswer<T>(sent, options) : sent;
}
