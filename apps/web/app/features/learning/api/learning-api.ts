import { BROWSER_EVENTS } from "@vestin/shared/brand";
import { LEARNING_MESSAGES, LESSON_CACHE_MS } from "@vestin/shared/learning-core";
import type { Course, Lesson, UserProgress } from "@vestin/shared/learning";
import { apiFetch, errorMessage, NetworkError, storedToken } from "~/lib/api-client";

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
export type Result<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const NETWORK = "Network error occurred. Please check your connection and try again.";

async function call<T>(path: string, fallback: string, method: "GET" | "POST" = "GET"): Promise<Result<T>> {
  try {
    const result = await apiFetch<T>(path, { method });
    if (result.ok) return { ok: true, data: result.data };
    return { ok: false, status: result.status, message: errorMessage(result, fallback) };
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, status: 0, message: NETWORK };
    throw err;
  }
}

// Course lessons are cached in memory for five minutes per course and session.
const lessonCache = new Map<string, { at: number; value: CourseWithLessons }>();

export async function courseLessons(courseId: string, { fresh = false } = {}): Promise<Result<CourseWithLessons>> {
  const key = `${courseId}|${storedToken() ?? ""}`;
  const hit = lessonCache.get(key);
  if (!fresh && hit && Date.now() - hit.at < LESSON_CACHE_MS) return { ok: true, data: hit.value };
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
export async function enroll(courseId: string): Promise<Result<{ courseId: string; enrolledAt: string }>> {
  const result = await call<{ courseId: string; enrolledAt: string }>(`/courses/${encodeURIComponent(courseId)}/enroll`, "Failed to enroll in course", "POST");
  if (result.ok) window.dispatchEvent(new CustomEvent(BROWSER_EVENTS.progressUpdated, { detail: { courseId: result.data.courseId } }));
  return result;
}

export type Completion = { lessonId: string; courseId: string; completedLessons: number; totalLessons: number; progressPercentage: number };

export async function completeLesson(lessonId: string): Promise<Result<Completion>> {
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
export async function downloadCertificate(courseId: string): Promise<Result<string>> {
  const token = storedToken();
  if (!token) return { ok: false, status: 401, message: LEARNING_MESSAGES.authRequired };
  try {
    const res = await fetch(`/api/v1/courses/${encodeURIComponent(courseId)}/certificate`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return { ok: false, status: res.status, message: body.message ?? "The certificate could not be downloaded." };
    }
    const code = res.headers.get("x-certificate-code") ?? "certificate";
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = `vestin-certificate-${code.toLowerCase()}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { ok: true, data: code };
  } catch {
    return { ok: false, status: 0, message: NETWORK };
  }
}
