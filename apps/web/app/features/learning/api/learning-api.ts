import { BROWSER_EVENTS } from "@vestin/shared/brand";
import { LEARNING_MESSAGES, LESSON_CACHE_MS } from "@vestin/shared/learning-core";
import type { Course, Lesson, UserProgress } from "@vestin/shared/learning";
import { apiRequest, storedToken, type ApiResult } from "~/lib/api-client";
import { apiFile, saveBlob } from "~/lib/api-files";
import { NETWORK_MESSAGE } from "~/lib/network-message";

/**
 * A course with its lessons. `omittedContent` marks an outline: the lessons' `content` is empty
 * except for the one named (see `courseOutline`); the full lessons come from `courseLessons`.
 */
export type CourseWithLessons = { course: Course; lessons: { count: number; data: Lesson[] }; omittedContent?: boolean };

/**
 * What a page's loader embeds in the document: every lesson without its text but the one the page
 * shows. A course's lesson texts are most of its answer (53 KB of 60 KB for a seeded course); a
 * page that embedded them all would send them twice (as HTML and as loader data) on every visit.
 */
export function courseOutline(body: CourseWithLessons, keepLessonId?: string): CourseWithLessons {
  const data = body.lessons.data.map((lesson) => (lesson._id === keepLessonId ? lesson : { ...lesson, content: "" }));
  return { ...body, lessons: { ...body.lessons, data }, omittedContent: true };
}
const call = <T>(path: string, fallback: string, method: "GET" | "POST" = "GET"): Promise<ApiResult<T>> =>
  apiRequest<T>(path, { method, fallback, network: NETWORK_MESSAGE });

// Course lessons are cached in memory for five minutes per course and session.
const lessonCache = new Map<string, { at: number; value: CourseWithLessons }>();

export async function courseLessons(courseId: string, { fresh = false } = {}): Promise<ApiResult<CourseWithLessons>> {
  const key = `${courseId}|${storedToken() ?? ""}`;
  const hit = lessonCache.get(key);
  if (!fresh && hit && Date.now() - hit.at < LESSON_CACHE_MS) return { ok: true, status: 200, data: hit.value };
  const result = await call<CourseWithLessons>(`/courses/${encodeURIComponent(courseId)}/lessons`, "Failed to fetch course lessons");
  if (result.ok) lessonCache.set(key, { at: Date.now(), value: result.data });
  return result;
}

export const coursesWithProgress = (query: string) => call<Course[]>(`/courses${query ? `?${query}` : ""}`, "Failed to fetch courses");

export async function enrollmentStatus(courseId: string): Promise<{ isEnrolled: boolean; progress: UserProgress | null }> {
  const result = await call<{ isEnrolled: boolean; progress: UserProgress | null }>(
    `/courses/${encodeURIComponent(courseId)}/enrollment-status`,
    "Failed to check enrollment status",
  );
  // A 404 or a network error means "not enrolled".
  return result.ok ? result.data : { isEnrolled: false, progress: null };
}

/** Enrols the learner; what shows their standing (the assessment card, course lists) hears of it at once. */
export async function enroll(courseId: string): Promise<ApiResult<{ courseId: string; enrolledAt: string }>> {
  const result = await call<{ courseId: string; enrolledAt: string }>(`/courses/${encodeURIComponent(courseId)}/enroll`, "Failed to enroll in course", "POST");
  if (result.ok) window.dispatchEvent(new CustomEvent(BROWSER_EVENTS.progressUpdated, { detail: { courseId: result.data.courseId } }));
  return result;
}

export type Completion = { lessonId: string; courseId: string; completedLessons: number; totalLessons: number; progressPercentage: number };

export async function completeLesson(lessonId: string): Promise<ApiResult<Completion>> {
  const result = await call<Completion>(`/lessons/${encodeURIComponent(lessonId)}/complete`, "Failed to mark lesson as complete", "POST");
  if (result.ok) {
    for (const key of lessonCache.keys()) if (key.startsWith(`${result.data.courseId}|`)) lessonCache.delete(key);
    window.dispatchEvent(new CustomEvent(BROWSER_EVENTS.progressUpdated, { detail: result.data }));
  }
  return result;
}

export function forgetCourse(courseId: string) {
  for (const key of lessonCache.keys()) if (key.startsWith(`${courseId}|`)) lessonCache.delete(key);
}

/** Downloads the learner's certificate PDF with the bearer token. */
export async function downloadCertificate(courseId: string): Promise<ApiResult<string>> {
  if (!storedToken()) return { ok: false, status: 401, message: LEARNING_MESSAGES.authRequired };
  const result = await apiFile(`/courses/${encodeURIComponent(courseId)}/certificate`, {
    fallback: "The certificate could not be downloaded.",
    network: NETWORK_MESSAGE,
  });
  if (!result.ok) return result;
  const code = result.data.headers.get("x-certificate-code") ?? "certificate";
  saveBlob(result.data.blob, `vestin-certificate-${code.toLowerCase()}.pdf`);
  return { ok: true, status: result.status, data: code };
}
