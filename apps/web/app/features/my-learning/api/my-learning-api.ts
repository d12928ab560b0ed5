import type { z } from "@vestin/shared/zod";
import { myCourseSchema, myLearningSchema, type MyCourse, type MyLearning } from "@vestin/shared/me";
import { apiFetch, errorMessage, NetworkError } from "~/lib/api-client";

export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const NETWORK = "Network error occurred. Please check your connection and try again.";
const UNREADABLE = "The server sent an answer this page could not read. Please reload the page.";

/** One GET under /me: the envelope's data checked against the shared schema, or the server's message. */
async function read<S extends z.ZodType>(schema: S, path: string, fallback: string): Promise<Outcome<z.infer<S>>> {
  try {
    const result = await apiFetch<unknown>(path);
    if (!result.ok) return { ok: false, status: result.status, message: errorMessage(result, fallback) };
    const parsed = schema.safeParse(result.data);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${path}`, parsed.error.issues);
      return { ok: false, status: result.status, message: UNREADABLE };
    }
    return { ok: true, data: parsed.data };
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, status: 0, message: NETWORK };
    throw err;
  }
}

/** The signed-in learner's courses in progress (last visited first), completed (newest first) and placement result. */
export const myLearning = (): Promise<Outcome<MyLearning>> => read(myLearningSchema, "/me/learning", "Failed to load your learning");

/** One enrolled course with its resume point; 404 when the learner is not enrolled. */
export const myCourse = (courseIdOrSlug: string): Promise<Outcome<MyCourse>> =>
  read(myCourseSchema, `/me/courses/${encodeURIComponent(courseIdOrSlug)}`, "Failed to load your progress in this course");

/**
 * Records that the learner opened a lesson, so My learning can bring them back to it. Best effort:
 * a learner who is not enrolled (403), an unknown lesson or a network failure change nothing.
 */
export async function recordLessonVisit(lessonId: string): Promise<boolean> {
  try {
    const result = await apiFetch(`/me/lessons/${encodeURIComponent(lessonId)}/visit`, { method: "POST" });
    return result.ok;
  } catch (err) {
    if (err instanceof NetworkError) return false;
    throw err;
  }
}
