import type { User } from "@vestin/shared/accounts";
import { progressPercentage, type UserProgress } from "@vestin/shared/learning";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import type { LearningEvent } from "./learning-events.ts";
import type { Database } from "../../db/database.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import { WatchedCache } from "../../lib/watched-cache.ts";
import type { AssessmentStandings } from "./certificates.ts";
import { learningLookups } from "./lookups.ts";
import { progressRepository } from "./progress-repository.ts";
import { learningRepository, type CourseRow, type LessonRow } from "./repository.ts";
import { currentLessonNumber } from "./views.ts";

export type LearningDeps = {
  database: Database;
  config: Config;
  cache: PublicCache;
  /** What the courses' assessments say about certificates (features/assessments). */
  assessments: AssessmentStandings;
  /** A learner's account, for the name on a certificate issued without their request (features/accounts). */
  learnerById: (userId: string) => Promise<User | undefined>;
  /** Told of each lesson completion inside its transaction (the learning plugin's listeners). */
  onLessonCompleted?: (event: LearningEvent, trx: Kysely<DB>) => Promise<void>;
};

const NO_PLACE = { enrolled: false, completed: new Set<string>() as ReadonlySet<string> };

/** What the parts of the learning service (catalogue, enrolment, certificates, authoring) share. */
export function learningContext({ database, config, cache, assessments, learnerById, onLessonCompleted }: LearningDeps) {
  const repo = learningRepository(database.db);
  const progress = progressRepository(database.db);
  /**
   * Each learner's place in a course (enrolled, lessons done), read on every signed-in course and
   * lesson request, kept until an enrolment or completion of that learner in that course changes
   * it (whichever server writes it). Shared between requests: never mutate the Set.
   */
  const places = new WatchedCache<{ enrolled: boolean; completed: ReadonlySet<string> }>(
    database.changes,
    { enrollments: (key) => key, lesson_completions: (key) => key },
    { maxEntries: 20_000, ttlMs: 60_000 },
  );
  const learnerPlace = (user: User | null, courseId: string) =>
    user ? places.get(`${user._id}|${courseId}`, () => progress.learnerPlace(user._id, courseId)) : Promise.resolve(NO_PLACE);

  /** Each course's progress for the signed-in learner (none for a visitor or a course not enrolled in). */
  async function progressMap(user: User | null, rows: CourseRow[]) {
    const map = new Map<string, UserProgress>();
    if (!user) return map;
    const counts = await progress.progressOf(
      user._id,
      rows.map((r) => r.id),
    );
    for (const [courseId, { done, total }] of counts) {
      map.set(courseId, { progressPercentage: progressPercentage(done, total), completedLessons: done, totalLessons: total });
    }
    return map;
  }

  async function lessonStates(user: User | null, course: CourseRow, lessons: LessonRow[]) {
    const { enrolled, completed } = await learnerPlace(user, course.id);
    const current = currentLessonNumber(lessons, completed, enrolled);
    return (lesson: LessonRow) => ({ isCompleted: completed.has(lesson.id), isCurrent: Number(lesson.lesson_number) === current });
  }

  return {
    database,
    config,
    cache,
    assessments,
    learnerById,
    onLessonCompleted,
    repo,
    progress,
    ...learningLookups(database.db),
    learnerPlace,
    progressMap,
    lessonStates,
  };
}

export type LearningContext = ReturnType<typeof learningContext>;
