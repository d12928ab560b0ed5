import { articleSchema } from "./blog.ts";
import { courseSchema, lessonSchema } from "./learning.ts";
import { DEFAULT_PREVIEW_LIFETIME, PREVIEW_LIFETIMES, PREVIEW_SUBJECT_KINDS } from "./previews-core.ts";
import { z } from "./zod.ts";

export * from "./previews-core.ts";

/** A subject named by kind and id, as the console's editors know it. */
export const previewSubjectSchema = z.object({
  kind: z.enum(PREVIEW_SUBJECT_KINDS, { error: "kind must be article, course or lesson" }),
  subjectId: z.string({ error: "subjectId is required" }).trim().min(1, "subjectId is required").max(100, "subjectId is too long"),
});
export type PreviewSubject = z.infer<typeof previewSubjectSchema>;

/** POST /admin/previews: a new link for a subject, working for the chosen lifetime. */
export const previewLinkCreateSchema = previewSubjectSchema.extend({
  lifetime: z.enum(PREVIEW_LIFETIMES, { error: "lifetime must be 1h, 1d, 7d or 30d" }).default(DEFAULT_PREVIEW_LIFETIME),
});
export type PreviewLinkCreate = z.input<typeof previewLinkCreateSchema>;

/** A link as the console lists it: never its token (only its hash is stored). */
export const previewLinkSchema = z.object({
  _id: z.string(),
  kind: z.enum(PREVIEW_SUBJECT_KINDS),
  subjectId: z.string(),
  createdBy: z.string().nullable().describe("The id of the administrator's account that made the link"),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  state: z.enum(["active", "expired", "revoked"]),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** The answer to a create: the link and its whole address, shown this once. */
export const createdPreviewLinkSchema = previewLinkSchema.extend({
  url: z.string().describe("The secret address to share; it is not stored and cannot be shown again"),
});
export type CreatedPreviewLink = z.infer<typeof createdPreviewLinkSchema>;

const previewCommon = {
  expiresAt: z.string(),
  /** The public page when the subject is published already (the preview page sends the visitor there). */
  publicPath: z.string().nullable(),
};

/** GET /previews/{token}: the subject's current content, as its public page shows it. */
export const previewSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("article"), article: articleSchema, ...previewCommon }),
  z.object({
    kind: z.literal("course"),
    course: courseSchema,
    lessons: z.object({ count: z.number().int(), data: z.array(lessonSchema) }),
    ...previewCommon,
  }),
  z.object({ kind: z.literal("lesson"), course: courseSchema, lesson: lessonSchema, lessons: z.array(lessonSchema), ...previewCommon }),
]);
export type Preview = z.infer<typeof previewSchema>;
