import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * A learning fact other features act on (learn-and-earn's quests): an assessment attempt passed,
 * the placement quiz passed, a lesson completed. Told to listeners inside the transaction that
 * records the fact, so what a listener stores (a job) exists exactly when the fact does.
 */
export type LearningEvent =
  | { type: "assessment_passed"; userId: string; courseId: string; attemptId: string; at: string }
  | { type: "placement_passed"; userId: string; score: number; at: string }
  | { type: "lesson_completed"; userId: string; courseId: string; at: string };

export type LearningEventListener = (event: LearningEvent, trx: Kysely<DB>) => Promise<void>;

/** A list of listeners that plugins registered later add to while the app is built. */
export function learningEventHub() {
  const listeners: LearningEventListener[] = [];
  return {
    add(listener: LearningEventListener) {
      listeners.push(listener);
    },
    async tell(event: LearningEvent, trx: Kysely<DB>) {
      for (const listener of listeners) await listener(event, trx);
    },
  };
}
