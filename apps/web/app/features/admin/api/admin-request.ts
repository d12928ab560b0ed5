import { apiRequest, type ApiResult, type Failure, type RequestOptions } from "~/lib/api-client";
import { apiFile, saveBlob } from "~/lib/api-files";
import { isTwoFactorRefusal, reportTwoFactorRequired } from "../two-factor-required";

/** The console's words when the server did not answer. */
export const NO_ANSWER = "The server did not answer. Check your connection and try again.";

/** Only the server's own message is shown to administrators; without one, the status in words. */
const inConsoleWords = ({ serverMessage, status }: Failure) =>
  serverMessage ?? (status === 404 ? "This item no longer exists." : `The server answered with an error (HTTP ${status}).`);

/** An administrator without two-factor sign-in: the console's layout shows the way to set it up. */
function watchTwoFactor<T>(result: ApiResult<T>): ApiResult<T> {
  if (!result.ok && isTwoFactorRefusal({ status: result.status, errors: result.errors })) reportTwoFactorRequired();
  return result;
}

/** Calls an /api/v1 route with the stored bearer token (JSON, or multipart for a FormData body). */
export async function adminRequest<T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<ApiResult<T>> {
  return watchTwoFactor(await apiRequest<T>(path, { describe: inConsoleWords, network: NO_ANSWER, ...options }));
}

/** A failed call in words an administrator can act on. */
export function describeFailure(result: { status: number; message: string }): string {
  if (result.status === 401) return "Your session has ended. Sign in again to continue.";
  if (result.status === 403) return "Your account does not have access to the Vestin team console.";
  return result.message;
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

/** Downloads an authenticated file (CSV export) and saves it under the server's file name, which is the answer. */
export async function downloadWithToken(path: string, fallbackName: string): Promise<ApiResult<string>> {
  const result = watchTwoFactor(await apiFile(path, { describe: inConsoleWords, network: "The download could not start: the server did not answer." }));
  if (!result.ok) return { ...result, message: describeFailure(result) };
  const fileName = fileNameFrom(result.data.headers.get("content-disposition"), fallbackName);
  saveBlob(result.data.blob, fileName);
  return { ok: true, status: result.status, data: fileName };
}
