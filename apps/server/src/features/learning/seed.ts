import { readdirSync, readFileSync } from "node:fs";
import type { Transaction } from "kysely";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DIFFICULTIES, levelColor } from "@vestin/shared/learning";
import { slugify } from "@vestin/shared/blog";
import type { PreviousSeeding, Seeder } from "../../db/seed/index.ts";
import type { DB } from "../../db/schema.ts";
import { parseFrontMatter } from "../../lib/front-matter.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { markdownToSafeHtml } from "../../lib/sanitize.ts";
import { lessonsChanged } from "./completion.ts";
import { trackPosition } from "./views.ts";

const COURSES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed/courses");

/** A few lessons come with a short explainer video (privacy-enhanced embed at render time). */
const VIDEOS: Record<string, { url: string; description: string }> = {
  "real-estate-01-foundations/lesson-01": {
    url: "https://youtu.be/SSo_EIwHSd4",
    description: "A plain-language explainer of how a blockchain records transactions, the ledger every token lives on.",
  },
  "advanced-02-security-custody-infrastructure/lesson-01": {
    url: "https://www.youtube.com/watch?v=bBC-nXj3Ng4",
    description: "How digital signatures and a shared ledger let strangers agree on who owns what, step by step.",
  },
};

const courseSchema = z.object({
  title: z.string().min(1),
  category: z.string().min(1),
  difficulty: z.enum(DIFFICULTIES),
  order: z.number().int().min(1),
  /** The learning seeder version that first shipped the course (see learningSeeder). */
  since: z.number().int().min(1).default(1),
});
const lessonSchema = z.object({
  title: z.string().min(1),
  description: z.string().default(""),
  duration: z.string().regex(/^\d+ min$/),
  learningObjectives: z.array(z.string()).default([]),
  keyTakeaways: z.array(z.string()).default([]),
  prerequisites: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  resources: z.array(z.object({ name: z.string(), url: z.string().optional() })).default([]),
  videoUrl: z.string().optional(),
  videoDescription: z.string().optional(),
});

export type SeedCourse = z.infer<typeof courseSchema> & {
  slug: string;
  description: string;
  lessons: Array<z.infer<typeof lessonSchema> & { number: number; markdown: string; key: string }>;
};

export function readSeedCourses(): SeedCourse[] {
  return readdirSync(COURSES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((slug) => {
      const dir = path.join(COURSES_DIR, slug);
      const course = parseFrontMatter(readFileSync(path.join(dir, "course.md"), "utf8"));
      const meta = courseSchema.safeParse(course.data);
      if (!meta.success) throw new Error(`Bad course.md in ${slug}: ${meta.error.message}`);
      const lessons = readdirSync(dir)
        .filter((f) => /^lesson-\d+\.md$/.test(f))
        .sort()
        .map((file) => {
          const parsed = parseFrontMatter(readFileSync(path.join(dir, file), "utf8"));
          const lesson = lessonSchema.safeParse(parsed.data);
          if (!lesson.success) throw new Error(`Bad front matter in ${slug}/${file}: ${lesson.error.message}`);
          return { ...lesson.data, number: Number(/\d+/.exec(file)?.[0]), markdown: parsed.body, key: `${slug}/${file.replace(/\.md$/, "")}` };
        });
      return { ...meta.data, slug, description: course.body.trim(), lessons };
    });
}

/**
 * Whether authors changed a seeded course in the console after the seeder last wrote it (the
 * course or any of its lessons saved later): such a course is theirs and a start-up leaves it be.
 */
async function editedSince(trx: Transaction<DB>, courseId: string, previous: PreviousSeeding): Promise<boolean> {
  if (!previous) return false;
  const course = await trx.selectFrom("courses").select("id").where("id", "=", courseId).where("updated_at", ">", previous.seededAt).executeTakeFirst();
  if (course) return true;
  const lesson = await trx.selectFrom("lessons").select("id").where("course_id", "=", courseId).where("updated_at", ">", previous.seededAt).executeTakeFirst();
  return lesson !== undefined;
}

/**
 * The catalogue's courses and their lessons: inserted once, then kept in step with the files.
 * Raise the version when a course or lesson file is added or changed, so a database seeded earlier
 * picks it up on its next start; a new course's `since` is that new version. On such a start:
 * - a course authors changed in the console since the last seeding keeps their version;
 * - a course missing from the database is added only when it is newer than the last seeding
 *   (`since` above the version that ran), so a seeded course an admin deleted stays deleted.
 */
export const learningSeeder: Seeder = {
  name: "learning-courses",
  version: 2,
  async run(trx, _database, previous) {
    const now = nowIso();
    for (const course of readSeedCourses()) {
      const fields = {
        title: course.title,
        description: course.description,
        category: course.category,
        difficulty: course.difficulty,
        level_color: levelColor(course.difficulty),
        track_position: trackPosition(course.category),
        course_order: course.order,
        status: "published" as const,
        updated_at: now,
      };
      const existing = await trx.selectFrom("courses").select("id").where("slug", "=", course.slug).executeTakeFirst();
      if (existing && (await editedSince(trx, existing.id, previous))) continue;
      if (!existing && previous && course.since <= previous.version) continue;
      const courseId = existing?.id ?? newId();
      if (existing) await trx.updateTable("courses").set(fields).where("id", "=", courseId).execute();
      else {
        await trx
          .insertInto("courses")
          .values({ id: courseId, slug: course.slug, created_at: now, duration_minutes: 0, total_lessons: 0, enrollment_count: 0, ...fields })
          .execute();
      }

      const stored = await trx.selectFrom("lessons").select(["id", "lesson_number"]).where("course_id", "=", courseId).execute();
      const byNumber = new Map(stored.map((l) => [l.lesson_number, l.id]));
      for (const lesson of course.lessons) {
        const video = VIDEOS[lesson.key];
        const values = {
          slug: slugify(lesson.title) || `lesson-${lesson.number}`,
          title: lesson.title,
          description: lesson.description,
          content_html: markdownToSafeHtml(lesson.markdown),
          duration: lesson.duration,
          learning_objectives: JSON.stringify(lesson.learningObjectives),
          key_takeaways: JSON.stringify(lesson.keyTakeaways),
          prerequisites: JSON.stringify(lesson.prerequisites),
          resources: JSON.stringify(lesson.resources),
          video_url: lesson.videoUrl ?? video?.url ?? null,
          video_description: lesson.videoDescription ?? video?.description ?? null,
          updated_at: now,
        };
        const id = byNumber.get(lesson.number);
        if (id) await trx.updateTable("lessons").set(values).where("id", "=", id).execute();
        else
          await trx
            .insertInto("lessons")
            .values({ id: newId(), course_id: courseId, lesson_number: lesson.number, created_at: now, ...values })
            .execute();
      }
      await lessonsChanged(trx, courseId);
    }
  },
};
