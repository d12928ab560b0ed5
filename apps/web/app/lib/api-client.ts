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
  /** Whether the body was JSON at all. */
  isJson: boolean;
  serverMessage: string | undefined;
  errors: Record<string, string> | undefined;
};

export const NETWORK_MESSAGE = "Network error occurred. Please check your connection and try again.";

export type RequestOptions = {
  method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData body goes as multipart. */
  body?: unknown;
  /** The bearer token: the stored one unless given, none with `false`. */
  token?: string | null | false;
  signal?: AbortSignal;
  /** The failure's words when the server gave none: a text, or made from the answer. */
  fallback?: string | ((failure: Failure) => string);
  /** The whole of a failure's words, the server's message included (where a page words it its own way). */
  describe?: (failure: Failure) => string;
  /** The failure's words when no answer came. */
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

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** The envelope's `message`, else a framework error's `error` text; blank texts are no message. */
function serverMessageOf(json: Record<string, unknown> | undefined): string | undefined {
  const text = [json?.message, json?.error].find((m): m is string => typeof m === "string" && m.trim() !== "");
  return text;
}

function errorsOf(json: Record<string, unknown> | undefined): Record<string, string> | undefined {
  return isRecord(json?.errors) ? (json.errors as Record<string, string>) : undefined;
}

/** The one error mapping: no answer, a non-JSON answer, the envelope's message and field errors. */
function failureOf(failure: Failure, options: Pick<RequestOptions, "fallback" | "describe">): ApiResult<never> {
  const { fallback, describe } = options;
  const fallbackText = typeof fallback === "function" ? fallback(failure) : fallback;
  const message = describe ? describe(failure) : (failure.serverMessage ?? fallbackText ?? `HTTP error! status: ${failure.status}`);
  return { ok: false, status: failure.status, message, ...(failure.errors ? { errors: failure.errors } : {}) };
}

type Sent = { res: Response } | { failed: ApiResult<never> };

async function send(url: string, options: RequestOptions, accept: string): Promise<Sent> {
  const token = options.token === false ? null : (options.token ?? storedToken());
  const headers: Record<string, string> = { accept };
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const body = options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);
  try {
    return { res: await fetch(url, { method: options.method ?? "GET", headers, body, signal: options.signal }) };
  } catch (err) {
    // The caller's own abort stays an AbortError; anything else means no answer came.
    if ((err as Error).name === "AbortError") throw err;
    return { failed: { ok: false, status: 0, message: options.network ?? NETWORK_MESSAGE } };
  }
}

/** The body as text and, when it is a JSON object, as that object. */
type Body = { text: string; json: Record<string, unknown> | undefined; parsed?: unknown };

async function readBody(res: Response): Promise<Body> {
  const text = await res.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    return { text, json: isRecord(parsed) ? parsed : undefined, parsed };
  } catch {
    // An empty or non-JSON body: the words come from the status or the raw text.
    return { text, json: undefined };
  }
}

const failureFrom = (res: Response, { text, json }: Body): Failure => ({
  status: res.status,
  statusText: res.statusText,
  text,
  isJson: json !== undefined,
  serverMessage: serverMessageOf(json),
  errors: errorsOf(json),
});

/**
 * Reads an /api/v1 answer: the envelope ({ success, data } or { success: false, message, errors }).
 * Other JSON shapes are tolerated: `data` is the body itself when it has no `data` field.
 */
export async function readAnswer<T>(res: Response, options: Pick<RequestOptions, "fallback" | "describe" | "read"> = {}): Promise<ApiResult<T>> {
  const answer = await readBody(res);
  if (res.ok && answer.json?.success !== false) {
    const body = answer.json;
    const data = body === undefined ? (answer.parsed ?? {}) : options.read === "body" || !("data" in body) ? body : body.data;
    return { ok: true, status: res.status, data: data as T };
  }
  return failureOf(failureFrom(res, answer), options);
}

/** Calls /api/v1 (the stored bearer token unless told otherwise) and reads its answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const sent = await send(`${API_BASE}${path}`, options, "application/json");
  return "failed" in sent ? sent.failed : readAnswer<T>(sent.res, options);
}

/** A file answer (a PDF, a CSV, a JSON export) with its headers; a failure is read like any other. */
export type FileAnswer = { blob: Blob; headers: Headers };

/** Downloads a file from /api/v1 with the bearer token. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<ApiResult<FileAnswer>> {
  const sent = await send(`${API_BASE}${path}`, options, "*/*");
  if ("failed" in sent) return sent.failed;
  const { res } = sent;
  if (!res.ok) return failureOf(failureFrom(res, await readBody(res)), options);
  return { ok: true, status: res.status, data: { blob: await res.blob(), headers: res.headers } };
}

/** Asks for a same-site file's headers only (HEAD), e.g. whether a document is there and a PDF. */
export async function headOf(href: string, options: Pick<RequestOptions, "signal"> = {}): Promise<ApiResult<Headers>> {
  const sent = await send(href, { ...options, method: "HEAD", token: false }, "*/*");
  if ("failed" in sent) return sent.failed;
  const { res } = sent;
  if (!res.ok) return failureOf(failureFrom(res, { text: "", json: undefined }), {});
  return { ok: true, status: res.status, data: res.headers };
}

/** Hands the browser a file to save, under the given name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
