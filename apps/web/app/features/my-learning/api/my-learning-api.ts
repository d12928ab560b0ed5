import type { z } from "@vestin/shared/zod";
import { myCourseSchema, myLearningSchema, type MyCourse, type MyLearning } from "@vestin/shared/me";
import { apiRequest, type ApiResult } from "~/lib/api-client";
import { checkedRequest } from "~/lib/api-checked";
import { NETWORK_MESSAGE } from "~/lib/network-message";

/** One GET under /me: the envelope's data checked against the shared schema, or the server's message. */
const read = <S extends z.ZodType>(schema: S, path: string, fallback: string) => checkedRequest(schema, path, { fallback, network: NETWORK_MESSAGE });

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
