import { COURSE_PAGE_SIZE, DEFAULT_LESSON_DURATION, DIFFICULTIES } from "./learning-core.ts";
import { z } from "./zod.ts";

export * from "./learning-core.ts";

export const userProgressSchema = z.object({
  progressPercentage: z.number().int(),
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
});
export type UserProgress = z.infer<typeof userProgressSchema>;

export const courseSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.string(),
  duration: z.number().int(),
  totalLessons: z.number().int(),
  enrollmentCount: z.number().int(),
  levelColor: z.string(),
  order: z.number().int(),
  userProgress: userProgressSchema.nullable(),
});
export type Course = z.infer<typeof courseSchema>;

export const lessonSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  slug: z.string(),
  lessonNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  duration: z.string(),
  isCompleted: z.boolean(),
  isCurrent: z.boolean(),
  /** The signed-in learner completed it and its title or text changed since. */
  updatedSinceCompletion: z.boolean(),
  /** When the signed-in learner completed it: given with updatedSinceCompletion only (null otherwise). */
  completedAt: z.string().nullable(),
  learningObjectives: z.array(z.string()),
  keyTakeaways: z.array(z.string()),
  prerequisites: z.array(z.string()),
  resources: z.array(z.object({ name: z.string(), url: z.string().optional() })),
  videoUrl: z.string().nullable(),
  videoDescription: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;

const page = z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(1, "page must be 1 or more").default(1);
const limit = z.coerce
  .number({ error: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be 1 or more")
  .default(COURSE_PAGE_SIZE)
  .transform((n) => Math.min(n, 100));

export const courseListQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  difficulty: z.enum(DIFFICULTIES, { error: "difficulty must be Beginner, Intermediate, Advanced or Expert" }).optional(),
  search: z.string().trim().max(200, "search must be at most 200 characters").optional(),
  page,
  limit,
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

export const lessonListQuerySchema = z.object({ course: z.string().trim().max(200).optional(), page, limit });

export const categoryAnalyticsSchema = z.object({
  category: z.string(),
  description: z.string(),
  courseCount: z.number().int(),
  totalLessons: z.number().int(),
});

const webUrl = (message: string) => z.url({ protocol: /^https?$/, error: message }).max(2048, message);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);
const list = z.array(z.string().trim().min(1).max(500)).max(20);

export const courseFieldsSchema = z.object({
  title: text("Title", 200),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens")
    .max(120),
  description: text("Description", 2000),
  category: text("Category", 100),
  difficulty: z.enum(DIFFICULTIES, { error: "difficulty must be Beginner, Intermediate, Advanced or Expert" }),
  order: z.number().int().min(1).max(1000),
  status: z.enum(["published", "draft"]),
});
export const courseCreateSchema = courseFieldsSchema.extend({
  slug: courseFieldsSchema.shape.slug.optional(),
  order: courseFieldsSchema.shape.order.default(1),
  status: courseFieldsSchema.shape.status.default("published"),
});
export const courseUpdateSchema = courseFieldsSchema.partial();

export const lessonFieldsSchema = z.object({
  courseId: text("courseId", 200),
  title: text("Title", 200),
  description: z.string().trim().max(2000),
  content: z.string().max(90_000, "Content is too long"),
  markdown: z.string().max(90_000, "Content is too long"),
  duration: z
    .string()
    .trim()
    .regex(/^\d{1,3} min$/, 'Write the duration like "25 min"'),
  lessonNumber: z.number().int().min(1).max(500),
  learningObjectives: list,
  keyTakeaways: list,
  prerequisites: list,
  // Only web addresses: a javascript: or data: link would be stored and rendered as a link.
  resources: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        url: webUrl("A resource link must be an http(s) address").optional(),
      }),
    )
    .max(20),
  videoUrl: webUrl("videoUrl must be an http(s) URL").nullable(),
  videoDescription: z.string().trim().max(1000).nullable(),
});
export const lessonCreateSchema = lessonFieldsSchema
  .extend({
    description: lessonFieldsSchema.shape.description.default(""),
    content: lessonFieldsSchema.shape.content.optional(),
    markdown: lessonFieldsSchema.shape.markdown.optional(),
    duration: lessonFieldsSchema.shape.duration.default(DEFAULT_LESSON_DURATION),
    lessonNumber: lessonFieldsSchema.shape.lessonNumber.optional(),
    learningObjectives: list.default([]),
    keyTakeaways: list.default([]),
    prerequisites: list.default([]),
    resources: lessonFieldsSchema.shape.resources.default([]),
    videoUrl: lessonFieldsSchema.shape.videoUrl.default(null),
    videoDescription: lessonFieldsSchema.shape.videoDescription.default(null),
  })
  .refine((l) => l.content !== undefined || l.markdown !== undefined, {
    message: "Content is required",
    path: ["content"],
  });
export const lessonUpdateSchema = lessonFieldsSchema.omit({ courseId: true }).partial();

export const certificateSchema = z.object({
  code: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  courseId: z.string(),
  issuedAt: z.string(),
  /**
   * "assessment": issued for a pass (score is the best attempt's percentage); "lessons": issued
   * for completed lessons alone, before the course had an assessment (score null).
   */
  basis: z.enum(["assessment", "lessons"]),
  score: z.number().int().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;
