import type { z } from "@vestin/shared/zod";
import { apiRequest, type ApiResult, type RequestOptions } from "./api-client";

/*
 * Answers checked against the shared schemas, apart from the API client so that the pages' first
 * scripts (which check nothing) do not carry them.
 */

/** The words of an answer whose data is not the shape the page expects. */
export const UNREADABLE_ANSWER = "The server sent an answer this page could not read. Please reload the page.";

/** An answer's data checked against the shared schema (a 204 has none: null) before a page uses it. */
export function checkedAnswer<S extends z.ZodType>(schema: S, result: ApiResult<unknown>, path: string): ApiResult<z.infer<S>> {
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.status === 204 ? null : result.data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    return { ok: false, status: result.status, message: UNREADABLE_ANSWER };
  }
  return { ok: true, status: result.status, data: parsed.data };
}

/** Calls /api/v1 and checks the envelope's data against the shared schema. */
export async function checkedRequest<S extends z.ZodType>(schema: S, path: string, options: RequestOptions = {}): Promise<ApiResult<z.infer<S>>> {
  return checkedAnswer(schema, await apiRequest<unknown>(path, options), path);
}
