import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { z } from "zod";
import { authoredAssessmentSchema, authoredQuestionSchema, PLACEMENT_TRACKS, type AuthoredAssessment, type AuthoredQuestion } from "@vestin/shared/assessments";
import type { Seeder } from "../../db/seed/index.ts";
import { nowIso } from "../../lib/ids.ts";
import { learningLookups } from "../learning/index.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Each seeded course's assessment sits next to its lessons: seed/courses/<slug>/assessment.yaml. */
export const COURSES_DIR = path.join(HERE, "../learning/seed/courses");
const PLACEMENT_FILE = path.join(HERE, "seed/placement.yaml");

/** The assessment written for a seeded course, checked against the authoring rules (or null). */
export function readSeedAssessment(slug: string): AuthoredAssessment | null {
  const file = path.join(COURSES_DIR, slug, "assessment.yaml");
  if (!existsSync(file)) return null;
  const parsed = authoredAssessmentSchema.safeParse(parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`Bad assessment in ${slug}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export type PlacementSeedQuestion = AuthoredQuestion & { track: (typeof PLACEMENT_TRACKS)[number] };

const placementFileSchema = z.object({
  questions: z.array(z.intersection(authoredQuestionSchema, z.object({ track: z.enum(PLACEMENT_TRACKS) }))).min(PLACEMENT_TRACKS.length),
});

let placement: PlacementSeedQuestion[] | undefined;
/** The placement quiz (the same for everyone; read once). */
export function placementQuestions(): PlacementSeedQuestion[] {
  if (!placement) {
    const parsed = placementFileSchema.safeParse(parse(readFileSync(PLACEMENT_FILE, "utf8")));
    if (!parsed.success) throw new Error(`Bad placement quiz: ${parsed.error.message}`);
    placement = parsed.data.questions as PlacementSeedQuestion[];
  }
  return placement;
}

/**
 * The seeded courses' assessments: inserted where a course has none. An assessment an author
 * has edited in the console is never overwritten by a start-up.
 */
export const assessmentsSeeder: Seeder = {
  name: "course-assessments",
  // Raised when a seeded course gains an assessment file, so a database seeded earlier gives it one.
  version: 2,
  async run(trx) {
    const courses = await learningLookups(trx).courseSlugs();
    for (const course of courses) {
      const assessment = readSeedAssessment(course.slug);
      if (!assessment) continue;
      const { questions, passMark, maxAttempts, timeLimitMinutes, questionsPerAttempt, reviewPolicy } = assessment;
      await trx
        .insertInto("course_assessments")
        .values({
          course_id: course.id,
          pass_mark: passMark,
          max_attempts: maxAttempts,
          time_limit_minutes: timeLimitMinutes,
          questions_per_attempt: questionsPerAttempt,
          review_policy: reviewPolicy,
          questions: JSON.stringify(questions),
          version: 1,
          updated_at: nowIso(),
        })
        .onConflict((oc) => oc.column("course_id").doNothing())
        .execute();
    }
  },
};
