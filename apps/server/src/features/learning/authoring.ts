import { slugify } from "@vestin/shared/blog";
import { LEARNING_MESSAGES, levelColor } from "@vestin/shared/learning";
import { conflict, notFound, orConflict } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { markdownToSafeHtml, sanitizeArticleHtml } from "../../lib/sanitize.ts";
import type { LearningContext } from "./context.ts";
import { lessonsChanged } from "./completion.ts";
import { issueCertificateIfEarned } from "./certificates.ts";
import { learningRepository, type CourseRow, type LessonRow } from "./repository.ts";
import { toCourse, toLesson, trackPosition } from "./views.ts";

export type LessonInput = {
  courseId: string;
  title: string;
  description: string;
  content?: string | undefined;
  markdown?: string | undefined;
  duration: string;
  lessonNumber?: number | undefined;
  learningObjectives: string[];
  keyTakeaways: string[];
  prerequisites: string[];
  resources: Array<{ name: string; url?: string | undefined }>;
  videoUrl: string | null;
  videoDescription: string | null;
};

type CourseInput = {
  title: string;
  slug?: string | undefined;
  description: string;
  category: string;
  difficulty: string;
  order: number;
  status: "published" | "draft";
};

const slugTaken = () => conflict("A course with this slug already exists", { slug: "This slug is taken" });
const lessonNumberTaken = (number: number) => conflict(`Lesson ${number} already exists in this course`, { lessonNumber: "Taken" });

/** The admin console's writes: courses and their lessons (a lesson write recounts its course). */
export function authoring({ database, repo, progress, assessments, learnerById, anyCourse, anyLesson }: LearningContext) {
  /**
   * Learners a lesson write has left with every lesson done (lessonsChanged answers them) get their
   * certificate, if it is earned (issueCertificateIfEarned decides), once that write is stored.
   */
  async function certifyFinished(courseId: string, userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      const learner = await learnerById(userId);
      if (!learner) continue;
      await database.db
        .transaction()
        .execute(async (trx) => issueCertificateIfEarned(trx, learner, courseId, await assessments.of(trx, userId, courseId), nowIso()));
    }
  }

  return {
    async createCourse(input: CourseInput) {
      const id = newId();
      // A title with no Latin letters or digits (日本語, عربي) slugifies to "": name it by its id instead.
      const slug = input.slug ?? (slugify(input.title) || `course-${id.slice(0, 8)}`);
      if (await repo.slugTaken(slug)) throw slugTaken();
      const now = nowIso();
      const row: CourseRow = {
        id,
        slug,
        title: input.title,
        description: input.description,
        category: input.category,
        difficulty: input.difficulty,
        duration_minutes: 0,
        total_lessons: 0,
        enrollment_count: 0,
        level_color: levelColor(input.difficulty),
        track_position: trackPosition(input.category),
        course_order: input.order,
        status: input.status,
        created_at: now,
        updated_at: now,
      };
      await orConflict(repo.insertCourse(row), slugTaken);
      return toCourse(row, null, 0);
    },

    async updateCourse(idOrSlug: string, input: Partial<Omit<CourseInput, "slug"> & { slug: string }>) {
      const current = await anyCourse(idOrSlug);
      if (input.slug && (await repo.slugTaken(input.slug, current.id))) throw slugTaken();
      const category = input.category ?? current.category;
      const difficulty = input.difficulty ?? current.difficulty;
      const updated = await repo.updateCourse(current.id, {
        title: input.title ?? current.title,
        slug: input.slug ?? current.slug,
        description: input.description ?? current.description,
        category,
        difficulty,
        level_color: levelColor(difficulty),
        track_position: trackPosition(category),
        course_order: input.order ?? current.course_order,
        status: input.status ?? current.status,
        updated_at: nowIso(),
      });
      if (!updated) throw notFound(LEARNING_MESSAGES.courseNotFound);
      const counts = await progress.enrollmentCounts([updated.id]);
      return toCourse(updated, null, counts.get(updated.id) ?? 0);
    },

    async deleteCourse(idOrSlug: string) {
      const current = await anyCourse(idOrSlug);
      await repo.deleteCourse(current.id);
    },

    async createLesson(input: LessonInput) {
      const course = await anyCourse(input.courseId);
      const existing = await repo.lessonsOfCourse(course.id);
      const number = input.lessonNumber ?? (existing.at(-1)?.lesson_number ?? 0) + 1;
      if (existing.some((l) => l.lesson_number === number)) throw lessonNumberTaken(number);
      const base = slugify(input.title) || `lesson-${number}`;
      let slug = base;
      for (let n = 2; existing.some((l) => l.slug === slug); n++) slug = `${base}-${n}`;
      const now = nowIso();
      const row: LessonRow = {
        id: newId(),
        course_id: course.id,
        slug,
        lesson_number: number,
        title: input.title,
        description: input.description,
        content_html: input.markdown !== undefined ? markdownToSafeHtml(input.markdown) : sanitizeArticleHtml(input.content ?? ""),
        duration: input.duration,
        learning_objectives: JSON.stringify(input.learningObjectives),
        key_takeaways: JSON.stringify(input.keyTakeaways),
        prerequisites: JSON.stringify(input.prerequisites),
        resources: JSON.stringify(input.resources),
        video_url: input.videoUrl,
        video_description: input.videoDescription,
        created_at: now,
        updated_at: now,
      };
      await orConflict(repo.insertLesson(row), () => lessonNumberTaken(number));
      await certifyFinished(course.id, await lessonsChanged(database.db, course.id));
      return toLesson(row, { isCompleted: false, isCurrent: number === 1 });
    },

    async updateLesson(id: string, input: Partial<Omit<LessonInput, "courseId">>) {
      const current = await anyLesson(id);
      const changes: Partial<LessonRow> = { updated_at: nowIso() };
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.markdown !== undefined) changes.content_html = markdownToSafeHtml(input.markdown);
      else if (input.content !== undefined) changes.content_html = sanitizeArticleHtml(input.content);
      if (input.duration !== undefined) changes.duration = input.duration;
      if (input.lessonNumber !== undefined) changes.lesson_number = input.lessonNumber;
      if (input.learningObjectives) changes.learning_objectives = JSON.stringify(input.learningObjectives);
      if (input.keyTakeaways) changes.key_takeaways = JSON.stringify(input.keyTakeaways);
      if (input.prerequisites) changes.prerequisites = JSON.stringify(input.prerequisites);
      if (input.resources) changes.resources = JSON.stringify(input.resources);
      if (input.videoUrl !== undefined) changes.video_url = input.videoUrl;
      if (input.videoDescription !== undefined) changes.video_description = input.videoDescription;
      const updated = await orConflict(repo.updateLesson(current.id, changes), () =>
        conflict("Another lesson of this course has that number", { lessonNumber: "Taken" }),
      );
      if (!updated) throw notFound(LEARNING_MESSAGES.lessonNotFound);
      await certifyFinished(current.course_id, await lessonsChanged(database.db, current.course_id));
      return toLesson(updated, { isCompleted: false, isCurrent: false });
    },

    /** Deletes a lesson. A learner for whom it was the only lesson not done has finished the course. */
    async deleteLesson(id: string) {
      const current = await anyLesson(id);
      const finished = await database.db.transaction().execute(async (trx) => {
        await learningRepository(trx).deleteLesson(current.id);
        return lessonsChanged(trx, current.course_id);
      });
      await certifyFinished(current.course_id, finished);
    },
  };
}
