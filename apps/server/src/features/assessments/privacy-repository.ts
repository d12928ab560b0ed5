import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** A learner's assessment attempts, oldest first (a privacy export). */
export const attemptsOfLearner = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom("assessment_attempts")
    .select(["id", "course_id", "started_at", "submitted_at", "score", "passed", "answers"])
    .where("user_id", "=", userId)
    .orderBy("started_at")
    .execute();

/** A learner's saved placement result (a privacy export). */
export const placementOfLearner = (db: Kysely<DB>, userId: string) =>
  db.selectFrom("placement_results").select(["result", "created_at"]).where("user_id", "=", userId).executeTakeFirst();
