import { API_BASE, readAnswer, sendRequest, type ApiResult, type RequestOptions } from "./api-client";

/*
 * File answers, apart from the API client so that the pages' first scripts do not carry them.
 */

/** A file answer (a PDF, a CSV, a JSON export) with its headers. */
export type FileAnswer = { blob: Blob; headers: Headers };

/** Downloads a file from /api/v1 with the bearer token; a refusal is read like any other answer. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<ApiResult<FileAnswer>> {
  const sent = await sendRequest(API_BASE + path, options, "*/*");
  if (!(sent instanceof Response)) return sent;
  if (!sent.ok) return readAnswer<never>(sent, options);
  return { ok: true, status: sent.status, data: { blob: await sent.blob(), headers: sent.headers } };
}

/** Asks for a same-site file's headers only (HEAD), e.g. whether a document is there and a PDF. */
export async function headOf(href: string, options: Pick<RequestOptions, "signal"> = {}): Promise<ApiResult<Headers>> {
  const sent = await sendRequest(href, { ...options, method: "HEAD", token: false }, "*/*");
  if (!(sent instanceof Response)) return sent;
  return sent.ok ? { ok: true, status: sent.status, data: sent.headers } : readAnswer<never>(sent);
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
