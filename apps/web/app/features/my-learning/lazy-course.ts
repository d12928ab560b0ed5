import type { MyCourse } from "@vestin/shared/me";
import type { ApiResult } from "~/lib/api-client";

/**
 * The signed-in learner's own standing in one course (404 when not enrolled), with its module loaded
 * on first use: the answer is checked against the shared schema (zod), which public pages such as a
 * certificate's should not download for a visitor.
 */
export async function myCourse(courseIdOrSlug: string): Promise<ApiResult<MyCourse>> {
  const api = await import("./api/my-learning-api");
  return api.myCourse(courseIdOrSlug);
}
