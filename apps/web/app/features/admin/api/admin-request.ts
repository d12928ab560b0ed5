import { API_BASE, sendApiRequest, storedToken, type ApiResult } from "~/lib/api-client";
import { isTwoFactorRefusal, reportTwoFactorRequired } from "../two-factor-required";

export type AdminResult<T> = ApiResult<T>;

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON body; a FormData body is sent as multipart instead. */
  body?: unknown;
  signal?: AbortSignal;
};

/** Only the `message` of the API's error envelope ({ success: false, message, errors }) is shown to administrators, never a framework's `error` text. */
const messageOnly = (body: Record<string, unknown>) => (typeof body.message === "string" ? body.message : undefined);

/**
 * Calls an /api/v1 route with the stored bearer token. Like apiFetch, but with PATCH and multipart
 * uploads, which the console needs and the public pages do not.
 */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<AdminResult<T>> {
  const token = storedToken();
  const headers: Record<string, string> = { accept: "application/json" };
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const body = options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);
  const result = await sendApiRequest<T>(path, { method: options.method ?? "GET", headers, body, signal: options.signal }, messageOnly);
  // An administrator without two-factor sign-in: the console's layout shows the way to set it up.
  if (!result.ok && isTwoFactorRefusal({ status: result.status, errors: result.errors })) reportTwoFactorRequired();
  return result;
}

/** A failed call in words an administrator can act on. */
export function describeFailure(result: { status: number; message?: string | undefined }): string {
  if (result.status === 401) return "Your session has ended. Sign in again to continue.";
  if (result.status === 403) return "Your account does not have access to the Vestin team console.";
  if (result.status === 404 && !result.message) return "This item no longer exists.";
  return result.message ?? `The server answered with an error (HTTP ${result.status}).`;
}

/** Query-string from a record, skipping empty values. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
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

/** The file name of a Content-Disposition header (filename*= first, then filename=). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Downloads an authenticated file (CSV export) and saves it under the server's file name. */
export async function downloadWithToken(path: string, fallbackName: string): Promise<{ ok: true; fileName: string } | { ok: false; message: string }> {
  const token = storedToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return { ok: false, message: "The download could not start: the server did not answer." };
  }
  if (!res.ok) {
    let message: string | undefined;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === "string") message = body.message;
    } catch {
      // not JSON
    }
    return { ok: false, message: describeFailure({ status: res.status, message }) };
  }
  const fileName = fileNameFrom(res.headers.get("content-disposition"), fallbackName);
  saveBlob(await res.blob(), fileName);
  return { ok: true, fileName };
}
