import type { AssessmentStatus } from "@vestin/shared/assessments";
import type { ApiResult } from "~/lib/api-client";

/**
 * A course's assessment status, with its module loaded on first use: the answer is checked
 * against the shared schema (zod), which the course pages, where a visitor never asks, should not
 * download with the page. The course page's card, the completion dialog and the certificate page
 * ask through this; the assessment pages themselves import the API directly.
 */
export async function assessmentStatus(courseIdOrSlug: string): Promise<ApiResult<AssessmentStatus>> {
  const api = await import("./api/assessment-api");
  return api.assessmentStatus(courseIdOrSlug);
}
