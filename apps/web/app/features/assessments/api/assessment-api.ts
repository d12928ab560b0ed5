import { z } from "@vestin/shared/zod";
import {
  assessmentStatusSchema,
  attemptSchema,
  placementQuestionSchema,
  placementResultSchema,
  type AnswerValue,
  type AssessmentStatus,
  type Attempt,
  type PlacementQuestion,
  type PlacementResult,
} from "@vestin/shared/assessments";
import type { ApiResult } from "~/lib/api-client";
import { checkedRequest } from "~/lib/api-checked";
import { NETWORK_MESSAGE } from "~/lib/network-message";

export type SubmittedAnswer = { questionId: string; answer: AnswerValue };

/** One call: the envelope's data checked against the shared schema, or the server's own message. */
const call = <S extends z.ZodType>(schema: S, path: string, fallback: string, init: { method?: "GET" | "POST"; body?: unknown } = {}) =>
  checkedRequest(schema, path, { ...init, fallback, network: NETWORK_MESSAGE });

const course = (idOrSlug: string) => `/courses/${encodeURIComponent(idOrSlug)}/assessment`;

/** The rules for everyone, the learner's standing when a token is stored. 404: the course has none. */
export const assessmentStatus = (courseIdOrSlug: string): Promise<ApiResult<AssessmentStatus>> =>
  call(assessmentStatusSchema, course(courseIdOrSlug), "Failed to load the assessment");

/** 201 a new attempt, 200 the open one resumed. */
export const startAttempt = (courseIdOrSlug: string): Promise<ApiResult<Attempt>> =>
  call(attemptSchema, `${course(courseIdOrSlug)}/attempts`, "Failed to start the assessment", { method: "POST" });

export const attemptById = (attemptId: string): Promise<ApiResult<Attempt>> =>
  call(attemptSchema, `/assessment-attempts/${encodeURIComponent(attemptId)}`, "Failed to load this attempt");

export const submitAttempt = (attemptId: string, answers: SubmittedAnswer[]): Promise<ApiResult<Attempt>> =>
  call(attemptSchema, `/assessment-attempts/${encodeURIComponent(attemptId)}/submit`, "Failed to submit your answers", { method: "POST", body: { answers } });

const placementQuizSchema = z.object({ questions: z.array(placementQuestionSchema) });

/** The quiz's questions (public; the route loader reads them on the server). */
export const placementQuiz = (): Promise<ApiResult<{ questions: PlacementQuestion[] }>> =>
  call(placementQuizSchema, "/placement", "Failed to load the placement quiz");

/** Graded for everyone; saved to the account when a token is stored (savedAt set). */
export const submitPlacement = (answers: SubmittedAnswer[]): Promise<ApiResult<PlacementResult>> =>
  call(placementResultSchema, "/placement", "Failed to grade the placement quiz", { method: "POST", body: { answers } });

/** The signed-in learner's saved result, or null when they have not taken the quiz. */
export const myPlacement = (): Promise<ApiResult<PlacementResult | null>> =>
  call(placementResultSchema.nullable(), "/placement/mine", "Failed to load your placement result");

/**
 * A server loader's reading of GET /courses/{id}/assessment without a token: the public rules,
 * null when the course has no assessment (404), undefined when it could not be read (the browser
 * asks again).
 */
export async function publicAssessmentFrom(res: Response): Promise<AssessmentStatus | null | undefined> {
  if (res.status === 404) return null;
  if (!res.ok) return undefined;
  const parsed = assessmentStatusSchema.safeParse(((await res.json()) as { data?: unknown }).data);
  return parsed.success ? { ...parsed.data, learner: null } : undefined;
}
