import type { User } from "@vestin/shared/accounts";
import { ASSESSMENT_MESSAGES, PLACEMENT_TRACKS, type PlacementQuestion, type PlacementResult, type SubmitAttemptInput } from "@vestin/shared/assessments";
import { TRACKS } from "@vestin/shared/learning";
import type { Database } from "../../db/database.ts";
import { badRequest } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { learningLookups, type LearningEvent } from "../learning/index.ts";
import { grade, toAttemptQuestion, type ShownQuestion } from "./grading.ts";
import { assessmentRepository as repo } from "./repository.ts";
import { placementQuestions } from "./seed.ts";

/** The placement quiz: the same questions for everyone, graded with their answers shown (it certifies nothing). */
/** A placement quiz counts as passed (for learn-and-earn's placement quests) from this share of right answers, in percent. */
export const PLACEMENT_PASS_SCORE = 50;

export function createPlacementService({
  database,
  onPassed,
}: {
  database: Database;
  onPassed?: ((event: LearningEvent, trx: Kysely<DB>) => Promise<void>) | undefined;
}) {
  const { db } = database;
  return {
    placementQuiz(): PlacementQuestion[] {
      return placementQuestions().map((q) => ({
        ...toAttemptQuestion({ question: q, optionOrder: "options" in q ? q.options.map((_, i) => i) : [] }),
        track: q.track,
      }));
    },

    /**
     * Grades the placement quiz and recommends the track with the lowest share of right answers
     * (catalogue order breaks ties; all right: Advanced Topics), with its first course. Saved for
     * a signed-in learner.
     */
    async submitPlacement(input: SubmitAttemptInput, user: User | null): Promise<PlacementResult> {
      const questions = placementQuestions();
      const shown: ShownQuestion[] = questions.map((question) => ({ question, optionOrder: [] }));
      const graded = grade(shown, input, 0);
      if (Object.keys(graded.answers).length < questions.length) throw badRequest(ASSESSMENT_MESSAGES.placementIncomplete);
      const tracks = PLACEMENT_TRACKS.map((slug) => {
        const mine = questions.filter((q) => q.track === slug);
        const correct = mine.filter((q) => graded.results.find((r) => r.questionId === q.id)?.correct).length;
        return { slug, title: TRACKS.find((t) => t.slug === slug)?.title ?? slug, correct, total: mine.length };
      });
      const weakest = tracks.reduce((a, b) => (b.correct / b.total < a.correct / a.total ? b : a));
      const allRight = tracks.every((t) => t.correct === t.total);
      const pick = allRight ? (tracks.at(-1) ?? weakest) : weakest;
      const first = await learningLookups(db).firstCourseOfTrack(pick.title);
      const reason = allRight
        ? `You answered every question correctly, so the ${pick.title} track is the right challenge.`
        : `You got ${pick.correct} of ${pick.total} ${pick.title} questions right: its first course builds exactly those foundations.`;
      const result: PlacementResult = {
        recommendation: {
          trackSlug: pick.slug,
          trackTitle: pick.title,
          courseId: first?.id ?? null,
          courseSlug: first?.slug ?? null,
          courseTitle: first?.title ?? null,
          reason,
        },
        tracks,
        questions: graded.results,
        savedAt: null,
      };
      if (!user) return result;
      const savedAt = nowIso();
      const saved = { ...result, savedAt };
      // The saved result and a pass's listeners are one write.
      await db.transaction().execute(async (trx) => {
        await repo.savePlacement(trx, user._id, JSON.stringify(saved), savedAt);
        if (graded.score >= PLACEMENT_PASS_SCORE) await onPassed?.({ type: "placement_passed", userId: user._id, score: graded.score, at: savedAt }, trx);
      });
      return saved;
    },

    async myPlacement(user: User): Promise<PlacementResult | null> {
      const row = await repo.placementOf(db, user._id);
      return row ? (JSON.parse(row.result) as PlacementResult) : null;
    },
  };
}
