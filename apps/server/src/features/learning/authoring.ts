import { slugify } from "@vestin/shared/blog";
import { LEARNING_MESSAGES, levelColor } from "@vestin/shared/learning";
import { conflict, notFound, orConflict } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { markdownToSafeHtml, sanitizeArticleHtml } from "../../lib/sanitize.ts";
import type { LearningContext } from "./context.ts";
import { lessonsChanged } from "./completion.ts";
import { issueCertificateIfEarned } from "./certificates.ts";
import { learningRepository, type CourseRow, type LessonRow } from "./repository.ts";
import { jsonList, toCourse, toLesson, trackPosition } from "./views.ts";
import type { LessonSnapshot } from "@vestin/shared/revisions";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

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

/** The administrator who saves: the revision's author. */
export type Editor = { id: string; email: string };

/** A restore: the revision brought back, and its audit entry, written in the save's transaction. */
type Restore = { from: number; audit: (trx: Kysely<DB>) => Promise<void> };

/** The editable fields of a lesson as a revision keeps them. */
export function lessonSnapshot(row: LessonRow): LessonSnapshot {
  return {
    title: row.title,
    description: row.description,
    content: row.content_html,
    duration: row.duration,
    lessonNumber: Number(row.lesson_number),
    learningObjectives: jsonList<string>(row.learning_objectives),
    keyTakeaways: jsonList<string>(row.key_takeaways),
    prerequisites: jsonList<string>(row.prerequisites),
    resources: jsonList<{ name: string; url?: string }>(row.resources),
    videoUrl: row.video_url,
    videoDescription: row.video_description,
  };
}

const slugTaken = () => conflict("A course with this slug already exists", { slug: "This slug is taken" });
const lessonNumberTaken = (number: number) => conflict(`Lesson ${number} already exists in this course`, { lessonNumber: "Taken" });

/** The admin console's writes: courses and their lessons (a lesson write recounts its course). */
export function authoring({ database, repo, progress, assessments, learnerById, anyCourse, anyLesson, revisions }: LearningContext) {
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

  /**
   * Writes a lesson's changes and keeps a revision of the result, in one transaction. The title
   * or text changing (compared with what is stored) sets content_updated_at: learners who
   * completed the lesson before then see it as updated.
   */
  async function updateLesson(id: string, input: Partial<Omit<LessonInput, "courseId">>, editor: Editor | null, restore?: Restore) {
    const current = await anyLesson(id);
    const now = nowIso();
    const changes: Partial<LessonRow> = { updated_at: now };
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
    const contentChanged =
      (changes.title !== undefined && changes.title !== current.title) || (changes.content_html !== undefined && changes.content_html !== current.content_html);
    if (contentChanged) changes.content_updated_at = now;
    const updated = await orConflict(
      database.db.transaction().execute(async (trx) => {
        const row = await learningRepository(trx).updateLesson(current.id, changes);
        if (!row) return undefined;
        await revisions.record(trx, {
          kind: "lesson",
          subjectId: row.id,
          snapshot: lessonSnapshot(row),
          authorId: editor?.id ?? null,
          restoredFrom: restore?.from,
        });
        await restore?.audit(trx);
        return row;
      }),
      () => conflict("Another lesson of this course has that number", { lessonNumber: "Taken" }),
    );
    if (!updated) throw notFound(LEARNING_MESSAGES.lessonNotFound);
    await certifyFinished(current.course_id, await lessonsChanged(database.db, current.course_id));
    return toLesson(updated, { isCompleted: false, isCurrent: false });
  }

  return {
    async createCourse(input: CourseInput) {
      const id = newId();
      // A title with no Latin letters or digits (日本語, عربي) slugifies to "": name it by its id's
      // random end instead (its start is the time it was made, shared by courses made together).
      const slug = input.slug ?? (slugify(input.title) || `course-${id.slice(-8)}`);
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

    async createLesson(input: LessonInput, editor: Editor | null = null) {
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
        content_updated_at: now,
      };
      await orConflict(
        database.db.transaction().execute(async (trx) => {
          await learningRepository(trx).insertLesson(row);
          await revisions.record(trx, { kind: "lesson", subjectId: row.id, snapshot: lessonSnapshot(row), authorId: editor?.id ?? null });
        }),
        () => lessonNumberTaken(number),
      );
      await certifyFinished(course.id, await lessonsChanged(database.db, course.id));
      return toLesson(row, { isCompleted: false, isCurrent: number === 1 });
    },

    updateLesson: (id: string, input: Partial<Omit<LessonInput, "courseId">>, editor: Editor | null = null) => updateLesson(id, input, editor),

    /** A lesson's revisions, newest first (404 when the lesson does not exist). */
    async lessonRevisions(id: string, page: number, limit: number) {
      const lesson = await anyLesson(id);
      return revisions.list("lesson", lesson.id, page, limit);
    },

    async lessonRevision(id: string, number: number) {
      const lesson = await anyLesson(id);
      return revisions.get<LessonSnapshot>("lesson", lesson.id, number);
    },

    /**
     * Brings back a revision's content as the lesson's current one: every field but its number
     * (another lesson may hold that place now). The restore is a save: it keeps a new revision,
     * "Restored from #N", and its audit entry, in one transaction.
     */
    async restoreLessonRevision(id: string, number: number, editor: Editor, audit: (trx: Kysely<DB>, lessonId: string) => Promise<void>) {
      const lesson = await anyLesson(id);
      const { snapshot } = await revisions.get<LessonSnapshot>("lesson", lesson.id, number);
      const { lessonNumber: _number, ...fields } = snapshot;
      return updateLesson(lesson.id, fields, editor, {
        from: number,
        audit: (trx) => audit(trx, lesson.id),
      });
    },

    /** Deletes a lesson. A learner for whom it was the only lesson not done has finished the course. */
    async deleteLesson(id: string) {
      const current = await anyLesson(id);
      const finished = await database.db.transaction().execute(async (trx) => {
        await learningRepository(trx).deleteLesson(current.id);
        await revisions.removeOf(trx, "lesson", current.id);
        return lessonsChanged(trx, current.course_id);
      });
      await certifyFinished(current.course_id, finished);
    },
  };
}
