import type { Article } from "@vestin/shared/blog";
import type { ApiResult } from "~/lib/api-client";
import { adminRequest, queryString } from "./admin-request";

export type PublishStatus = "published" | "draft";
/** An article's status in the console: a scheduled one goes public at its `scheduledAt`. */
export type ArticleStatus = PublishStatus | "scheduled";

/** A row of GET /admin/articles. */
export type AdminArticleSummary = {
  _id: string;
  slug: string;
  title: string;
  category: string;
  status: ArticleStatus;
  publishedAt: string;
  scheduledAt?: string | null;
  updatedAt: string;
  viewCount: number;
  likeCount: number;
  author: { name: string };
  isFeatured: boolean;
};

/** GET /admin/articles/:id; `newsletterSentAt` is when "send to subscribers" e-mailed it (once). */
export type AdminArticle = Article & { status: ArticleStatus; scheduledAt?: string | null; sendToSubscribers?: boolean; newsletterSentAt?: string | null };

/** What the editor sends to POST /blogs or PUT /blogs/:id; `markdown` replaces the body. */
export type ArticlePayload = {
  title: string;
  slug?: string;
  excerpt: string;
  category: string;
  tags: string[];
  /** The article's authors, in byline order. */
  authorIds: string[];
  markdown?: string;
  featuredImage: string;
  featuredImageAlt: string;
  publishedAt?: string;
  isFeatured: boolean;
  /** Absent: unchanged (a scheduled article stays scheduled). */
  status?: PublishStatus;
  /** E-mail the article to confirmed subscribers when it is published (once). */
  sendToSubscribers?: boolean;
};

export function articleListPath(q: { search?: string; status?: string; page?: number; limit?: number }) {
  return `/admin/articles${queryString(q)}`;
}

export function saveArticle(id: string | null, payload: ArticlePayload) {
  return id
    ? adminRequest<Article>(`/blogs/${encodeURIComponent(id)}`, { method: "PUT", body: payload })
    : adminRequest<Article>("/blogs", { method: "POST", body: payload });
}

export function setArticleStatus(id: string, status: PublishStatus) {
  return adminRequest<Article>(`/blogs/${encodeURIComponent(id)}`, { method: "PUT", body: { status } });
}

export function deleteArticle(id: string) {
  return adminRequest<unknown>(`/blogs/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** A row of GET /admin/courses. */
export type AdminCourse = {
  _id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  difficulty: string;
  duration: number;
  totalLessons: number;
  enrollmentCount: number;
  order: number;
  status: PublishStatus;
};

export type AdminLesson = {
  _id: string;
  slug: string;
  lessonNumber: number;
  title: string;
  description: string;
  content: string;
  duration: string;
  learningObjectives: string[];
  keyTakeaways: string[];
  prerequisites: string[];
  videoUrl: string | null;
  videoDescription: string | null;
};

export type CoursePayload = { title: string; slug?: string; description: string; category: string; difficulty: string; order: number; status: PublishStatus };

export type LessonPayload = {
  title: string;
  description: string;
  markdown?: string;
  duration: string;
  lessonNumber?: number;
  learningObjectives: string[];
  keyTakeaways: string[];
  prerequisites: string[];
  videoUrl: string | null;
  videoDescription: string | null;
};

export function saveCourse(id: string | null, payload: CoursePayload) {
  return id
    ? adminRequest<AdminCourse>(`/courses/${encodeURIComponent(id)}`, { method: "PUT", body: payload })
    : adminRequest<AdminCourse>("/courses", { method: "POST", body: payload });
}

export function deleteCourse(id: string) {
  return adminRequest<unknown>(`/courses/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function saveLesson(id: string | null, courseId: string, payload: LessonPayload) {
  return id
    ? adminRequest<AdminLesson>(`/lessons/${encodeURIComponent(id)}`, { method: "PUT", body: payload })
    : adminRequest<AdminLesson>("/lessons", { method: "POST", body: { courseId, ...payload } });
}

export function deleteLesson(id: string) {
  return adminRequest<unknown>(`/lessons/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type UploadedImage = { _id: string; url: string; width: number; height: number };

/** Checks type and size in the browser (the server checks again), then uploads. */
export async function uploadImage(file: File): Promise<ApiResult<UploadedImage>> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { ok: false, status: 0, message: "Choose a JPEG, PNG, WebP, GIF or AVIF image." };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, status: 0, message: "Images can be at most 5 MB." };
  const form = new FormData();
  form.append("file", file, file.name);
  return adminRequest<UploadedImage>("/admin/media", {
    method: "POST",
    body: form,
    describe: ({ errors, serverMessage, status }) => errors?.file ?? serverMessage ?? `The upload failed (HTTP ${status}).`,
    network: "The upload failed: the server did not answer.",
  });
}

/** One item per non-empty line (objectives, takeaways, prerequisites). */
export function linesToList(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
    .filter(Boolean);
}

/** Comma-separated tags, lower-cased and without duplicates. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
