import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import {
  adminAssessmentSchema,
  assessmentReportSchema,
  assessmentStatusSchema,
  attemptSchema,
  placementQuestionSchema,
  placementResultSchema,
  storedAssessmentSchema,
  submitAttemptSchema,
  submitPlacementSchema,
} from "@vestin/shared/assessments";
import type { Limit } from "../../lib/rate-limit.ts";
import { unauthorized } from "../../lib/errors.ts";

const idParams = z.object({ id: z.string().trim().min(1).max(200) });
const bearer = [{ bearerAuth: [] }];
const failures = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
/** Anonymous placement quizzes graded per address: generous for a classroom behind one address. */
export const PLACEMENT_LIMIT: Limit = { name: "placement:submit", max: 60, windowMs: 60 * 60_000 };

/** Course assessments and the placement quiz (learners); see admin-routes.ts for authors. */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assessments, auth, limiter } = app;
  const userOf = (request: { user: import("@vestin/shared/accounts").User | null }) => {
    if (!request.user) throw unauthorized();
    return request.user;
  };

  app.get(
    "/courses/:id/assessment",
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ["assessments"],
        summary: "A course's final assessment: its rules, and with a token the learner's standing (attempts, best score, certificate)",
        params: idParams,
        response: { 200: successEnvelope(assessmentStatusSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { success: true as const, data: await assessments.status(request.params.id, request.user) };
    },
  );

  app.post(
    "/courses/:id/assessment/attempts",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["assessments"],
        summary:
          "Start an attempt (201; no body), or resume the one still open (200): its own balanced draw of the course's question bank, the questions and options shuffled, without answers. " +
          "403 until enrolled with every lesson done; 429 with Retry-After past the attempts allowed in 24 hours.",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(attemptSchema), 201: successEnvelope(attemptSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { attempt, created } = await assessments.start(request.params.id, userOf(request));
      return reply
        .status(created ? 201 : 200)
        .header("cache-control", "private, no-store")
        .send({ success: true, data: attempt });
    },
  );

  app.get(
    "/assessment-attempts/:id",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["assessments"],
        summary:
          "One of the learner's attempts; once submitted, with its review: the learner's answers, which were wrong, the lesson to reread, and the right answers and explanations only when the course's review policy allows",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(attemptSchema), 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { success: true as const, data: await assessments.attempt(request.params.id, userOf(request)) };
    },
  );

  app.post(
    "/assessment-attempts/:id/submit",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["assessments"],
        summary:
          "Submit an attempt's answers (single: an option id; multiple: option ids; truefalse: a boolean; numeric: a number; unanswered counts as wrong). " +
          "Graded once: a second submission is a 409, as is an expired attempt; an answer to a question not drawn in this attempt is a 400. The review follows the course's review policy.",
        security: bearer,
        params: idParams,
        body: submitAttemptSchema,
        response: { 200: successEnvelope(attemptSchema), ...failures },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { success: true as const, data: await assessments.submit(request.params.id, userOf(request), request.body) };
    },
  );

  app.get(
    "/placement",
    {
      schema: {
        tags: ["assessments"],
        summary: "The placement quiz: two questions per track, without answers",
        response: { 200: successEnvelope(z.object({ questions: z.array(placementQuestionSchema) })) },
      },
    },
    async () => ({ success: true as const, data: { questions: assessments.placementQuiz() } }),
  );

  app.post(
    "/placement",
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ["assessments"],
        summary: "Grade the placement quiz (every question answered) and recommend a track and its first course; saved for a signed-in learner",
        body: submitPlacementSchema,
        response: { 200: successEnvelope(placementResultSchema), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume(PLACEMENT_LIMIT, request.ip);
      void reply.header("cache-control", "private, no-store");
      return { success: true as const, data: await assessments.submitPlacement(request.body, request.user) };
    },
  );

  app.get(
    "/placement/mine",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["assessments"],
        summary: "The signed-in learner's last placement result (null when none)",
        security: bearer,
        response: { 200: successEnvelope(placementResultSchema.nullable()), 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { success: true as const, data: await assessments.myPlacement(userOf(request)) };
    },
  );
};

/** /admin/courses/{id}/assessment: authors edit a course's assessment and read its report. */
export const assessmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assessments } = app;
  app.addHook("onRequest", app.auth.requireAdmin);
  const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  const authored = successEnvelope(z.object({ assessment: storedAssessmentSchema.nullable(), updatedAt: z.string().nullable() }));

  app.get(
    "/admin/courses/:id/assessment",
    {
      schema: {
        tags: ["admin"],
        summary: "A course's assessment as authored, with the answers (null when it has none)",
        security: bearer,
        params: idParams,
        response: { 200: authored, ...denied },
      },
    },
    async (request) => ({ success: true as const, data: await assessments.authored(request.params.id) }),
  );

  app.put(
    "/admin/courses/:id/assessment",
    {
      schema: {
        tags: ["admin"],
        summary: "Create or replace a course's assessment (5–100 questions, no more per attempt than the bank holds; attempts under way keep their own copy)",
        security: bearer,
        params: idParams,
        body: adminAssessmentSchema,
        response: { 200: authored, 400: errorEnvelopeSchema, ...denied },
      },
    },
    async (request) => ({ success: true as const, data: await assessments.save(request.params.id, request.body) }),
  );

  app.delete(
    "/admin/courses/:id/assessment",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove a course's assessment (certificates then follow completed lessons)",
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...denied },
      },
    },
    async (request, reply) => {
      await assessments.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/admin/courses/:id/assessment/report",
    {
      schema: {
        tags: ["admin"],
        summary: "Attempts, pass rate, average score and each question's share of right answers",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(assessmentReportSchema), ...denied },
      },
    },
    async (request) => ({ success: true as const, data: await assessments.report(request.params.id) }),
  );
};
