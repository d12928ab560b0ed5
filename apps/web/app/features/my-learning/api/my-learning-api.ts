import type { z } from "@vestin/shared/zod";
import { myCourseSchema, myLearningSchema, type MyCourse, type MyLearning } from "@vestin/shared/me";
import { apiRequest, type ApiResult } from "~/lib/api-client";
import { NETWORK_MESSAGE } from "~/lib/network-message";

const UNREADABLE = "The server sent an answer this page could not read. Please reload the page.";

/** One GET under /me: the envelope's data checked against the shared schema, or the server's message. */
async function read<S extends z.ZodType>(schema: S, path: string, fallback: string): Promise<ApiResult<z.infer<S>>> {
  const result = await apiRequest<unknown>(path, { fallback, network: NETWORK_MESSAGE });
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    return { ok: false, status: result.status, message: UNREADABLE };
  }
  return { ok: true, status: result.status, data: parsed.data };
}

/** The signed-in learner's courses in progress (last visited first), completed (newest first) and placement result. */
export const myLearning = (): Promise<ApiResult<MyLearning>> => read(myLearningSchema, "/me/learning", "Failed to load your learning");

/** One enrolled course with its resume point; 404 when the learner is not enrolled. */
export const myCourse = (courseIdOrSlug: string): Promise<ApiResult<MyCourse>> =>
  read(myCourseSchema, `/me/courses/${encodeURIComponent(courseIdOrSlug)}`, "Failed to load your progress in this course");

/**
 * Records that the learner opened a lesson, so My learning can bring them back to it. Best effort:
 * a learner who is not enrolled (403), an unknown lesson or a network failure change nothing.
 */
export async function recordLessonVisit(lessonId: string): Promise<boolean> {
  const result = await apiRequest(`/me/lessons/${encodeURIComponent(lessonId)}/visit`, { method: "POST" });
  return result.ok;
}
