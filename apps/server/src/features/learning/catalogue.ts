import type { User } from "@vestin/shared/accounts";
import { progressPercentage, trackDescription, type Course, type CourseListQuery, type Lesson, type UserProgress } from "@vestin/shared/learning";
import type { LearningContext } from "./context.ts";
import type { LessonRow } from "./repository.ts";
import { currentLessonNumber, toCourse, toEditedCourse, toLesson, updatedSinceCompletion, type LessonState } from "./views.ts";

/** The catalogue: courses and lessons as visitors and learners read them, and as the admin console lists them. */
export function catalogue({ cache, repo, progress, publishedCourse, publishedLesson, anyCourse, learnerPlace, progressMap, lessonStates }: LearningContext) {
  /** A published course and its lessons: the same for every visitor for the cache's lifetime. */
  const courseAndLessons = (idOrSlug: string) =>
    cache.value(
      `course-lessons:${idOrSlug}`,
      async () => {
        const row = await publishedCourse(idOrSlug);
        const [lessons, counts] = await Promise.all([repo.lessonsOfCourse(row.id), progress.enrollmentCounts([row.id])]);
        return { row, lessons, enrollmentCount: counts.get(row.id) ?? 0 };
      },
      ({ lessons }) => lessons.reduce((n, l) => n + l.content_html.length + 1024, 1024),
    );

  async function coursePreview(courseId: string) {
    const row = await repo.findCourse(courseId);
    if (!row || row.id !== courseId) return undefined;
    const [lessons, counts] = await Promise.all([repo.lessonsOfCourse(row.id), progress.enrollmentCounts([row.id])]);
    const current = currentLessonNumber(lessons, new Set(), false);
    return {
      course: toCourse(row, null, counts.get(row.id) ?? 0),
      lessons: lessons.map((l) => toLesson(l, { isCompleted: false, isCurrent: Number(l.lesson_number) === current })),
      published: row.status === "published",
    };
  }

  return {
    async listCourses(query: CourseListQuery, user: User | null) {
      const { rows, total } = await repo.listCourses(query);
      const ids = rows.map((r) => r.id);
      const [progressOf, counts] = await Promise.all([progressMap(user, rows), progress.enrollmentCounts(ids)]);
      return { items: rows.map((r) => toCourse(r, progressOf.get(r.id) ?? null, counts.get(r.id) ?? 0)), total, pages: Math.ceil(total / query.limit) };
    },

    async categoryAnalytics() {
      const rows = await repo.categoryAnalytics();
      return rows.map((r) => ({
        category: r.category,
        description: trackDescription(r.category),
        courseCount: Number(r.course_count),
        totalLessons: Number(r.total_lessons ?? 0),
      }));
    },

    async getCourse(idOrSlug: string, user: User | null): Promise<Course> {
      const row = await publishedCourse(idOrSlug);
      const [progressOf, counts] = await Promise.all([progressMap(user, [row]), progress.enrollmentCounts([row.id])]);
      return toCourse(row, progressOf.get(row.id) ?? null, counts.get(row.id) ?? 0);
    },

    /**
     * A course and its lessons as `user` sees them. Learners in the same place (enrolled or not,
     * the same lessons done) see the same answer, so `key` names it for the response cache and
     * `build` makes it; only the learner's own progress is read per request.
     */
    async courseLessons(idOrSlug: string, user: User | null) {
      const { row, lessons, enrollmentCount } = await courseAndLessons(idOrSlug);
      const { enrolled, completed, completedAt } = await learnerPlace(user, row.id);
      const total = lessons.length;
      const progress: UserProgress | null = enrolled
        ? { progressPercentage: progressPercentage(completed.size, total), completedLessons: completed.size, totalLessons: total }
        : null;
      const current = currentLessonNumber(lessons, completed, enrolled);
      // Lessons changed since this learner completed them, with the completion's time (shown on the lesson page).
      const updated = new Map(
        lessons.flatMap((l) => {
          const doneAt = completedAt.get(l.id);
          return doneAt !== undefined && updatedSinceCompletion(l.content_updated_at, doneAt) ? [[l.id, doneAt] as const] : [];
        }),
      );
      return {
        key: `${row.id}|${enrolled ? [...completed].sort().join(",") : "-"}|${[...updated].map(([id, at]) => `${id}@${at}`).join(",")}`,
        build: async () => ({
          course: toCourse(row, progress, enrollmentCount),
          lessons: {
            count: lessons.length,
            data: lessons.map((l) =>
              toLesson(l, {
                isCompleted: completed.has(l.id),
                isCurrent: Number(l.lesson_number) === current,
                updatedSinceCompletion: updated.has(l.id),
                completedAt: updated.get(l.id) ?? null,
              }),
            ),
          },
        }),
      };
    },

    async listLessons(courseIdOrSlug: string | undefined, page: number, limit: number, user: User | null) {
      let courseId: string | undefined;
      let stateOf: ((l: LessonRow) => LessonState) | undefined;
      if (courseIdOrSlug) {
        const course = await repo.findPublishedCourse(courseIdOrSlug);
        if (!course) return { items: [], total: 0, pages: 0 };
        courseId = course.id;
        stateOf = await lessonStates(user, course, await repo.lessonsOfCourse(course.id));
      }
      const { rows, total } = await repo.listLessons(courseId, page, limit);
      return {
        items: rows.map((l) => toLesson(l, stateOf ? stateOf(l) : { isCompleted: false, isCurrent: Number(l.lesson_number) === 1 })),
        total,
        pages: Math.ceil(total / limit),
      };
    },

    async getLesson(id: string, user: User | null): Promise<Lesson> {
      const { lesson, course } = await publishedLesson(id);
      const state = await lessonStates(user, course, await repo.lessonsOfCourse(course.id));
      return toLesson(lesson, state(lesson));
    },

    /**
     * A course whatever its status and its lessons, as the course page shows them to a visitor,
     * for a preview link (nothing cached). Undefined when there is no course with that id.
     */
    coursePreview,

    /** A lesson whatever its course's status, with its course and the course's lessons, for a preview link. */
    async lessonPreview(lessonId: string) {
      const lesson = await repo.findLesson(lessonId);
      if (!lesson || lesson.id !== lessonId) return undefined;
      const course = await coursePreview(lesson.course_id);
      const own = course?.lessons.find((l) => l._id === lesson.id);
      return course && own ? { ...course, lesson: own } : undefined;
    },

    /** Every course, drafts included, for the admin console. */
    async allCourses() {
      const rows = await repo.allCourses();
      const counts = await progress.enrollmentCounts(rows.map((r) => r.id));
      return rows.map((r) => toEditedCourse(r, counts.get(r.id) ?? 0));
    },

    /** A course's lessons whatever its status, for the admin editor. */
    async lessonsForEditing(idOrSlug: string) {
      const course = await anyCourse(idOrSlug);
      const [lessons, counts] = await Promise.all([repo.lessonsOfCourse(course.id), progress.enrollmentCounts([course.id])]);
      return {
        course: toEditedCourse(course, counts.get(course.id) ?? 0),
        lessons: lessons.map((l) => toLesson(l, { isCompleted: false, isCurrent: false })),
      };
    },
  };
}
