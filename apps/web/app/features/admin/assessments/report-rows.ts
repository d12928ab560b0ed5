import type { AssessmentReport } from "@vestin/shared/assessments";

/** Questions answered right by fewer than this share of learners are flagged for review. */
export const REVIEW_BELOW = 0.4;

export type ReportOrder = "assessment" | "hardest";

export type ReportRow = AssessmentReport["questions"][number] & { number: number; review: boolean };

/** The report's questions numbered as in the assessment, flagged, and in the chosen order (unanswered ones last). */
export function reportRows(questions: AssessmentReport["questions"], order: ReportOrder): ReportRow[] {
  const rows = questions.map((q, index) => ({ ...q, number: index + 1, review: q.share !== null && q.share < REVIEW_BELOW }));
  if (order === "assessment") return rows;
  return [...rows].sort((a, b) => {
    if (a.share === null || b.share === null) return a.share === b.share ? a.number - b.number : a.share === null ? 1 : -1;
    return a.share - b.share || a.number - b.number;
  });
}
