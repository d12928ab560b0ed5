import { REVISION_PAGE_SIZE } from "./revisions-core.ts";
import { z } from "./zod.ts";

export * from "./revisions-core.ts";

/** An article's editable fields as one revision keeps them (content: the stored, sanitized HTML). */
export const articleSnapshotSchema = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  featuredImage: z.string(),
  featuredImageAlt: z.string(),
  publishedAt: z.string(),
  isFeatured: z.boolean(),
  status: z.enum(["published", "draft", "scheduled"]),
  sendToSubscribers: z.boolean(),
  content: z.string(),
});
export type ArticleSnapshot = z.infer<typeof articleSnapshotSchema>;

/** A lesson's editable fields as one revision keeps them (content: the stored, sanitized HTML). */
export const lessonSnapshotSchema = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string(),
  duration: z.string(),
  lessonNumber: z.number().int(),
  learningObjectives: z.array(z.string()),
  keyTakeaways: z.array(z.string()),
  prerequisites: z.array(z.string()),
  resources: z.array(z.object({ name: z.string(), url: z.string().optional() })),
  videoUrl: z.string().nullable(),
  videoDescription: z.string().nullable(),
});
export type LessonSnapshot = z.infer<typeof lessonSnapshotSchema>;

/** One revision in a history list: its number, who saved it and when. */
export const revisionSummarySchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  /** The account that saved it; null once that account is deleted. */
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The revision whose content this one brought back ("Restored from #N"); null for a save. */
  restoredFrom: z.number().int().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const articleRevisionSchema = revisionSummarySchema.extend({ snapshot: articleSnapshotSchema });
export type ArticleRevision = z.infer<typeof articleRevisionSchema>;
export const lessonRevisionSchema = revisionSummarySchema.extend({ snapshot: lessonSnapshotSchema });
export type LessonRevision = z.infer<typeof lessonRevisionSchema>;

export const revisionListQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .default(REVISION_PAGE_SIZE)
    .transform((n) => Math.min(n, 100)),
});

export const revisionParamsSchema = z.object({
  id: z.string().trim().min(1).max(200),
  number: z.coerce
    .number({ error: "number must be a revision number" })
    .int("number must be a whole number")
    .min(1, "number must be 1 or more")
    .max(1_000_000_000),
});
