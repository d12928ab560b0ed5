/**
 * Revisions of articles and lessons: the constants and messages the browser needs, without zod.
 * A revision is one saved state of an article or a lesson, numbered 1, 2, 3… per subject.
 */
export const REVISION_KINDS = ["article", "lesson"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** Revisions per page in the console's history list (the API caps `limit` at 100). */
export const REVISION_PAGE_SIZE = 20;

export const REVISION_MESSAGES = {
  notFound: "Revision not found",
  restored: (number: number) => `Restored from #${number}`,
} as const;

/** What a learner sees on a lesson changed after they completed it. */
export const UPDATED_LESSON_LABEL = "Updated";
