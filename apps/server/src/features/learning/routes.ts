import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from "@vestin/shared/api";
import {
  categoryAnalyticsSchema,
  certificateSchema,
  courseCreateSchema,
  courseListQuerySchema,
  courseSchema,
  courseUpdateSchema,
  lessonCreateSchema,
  lessonListQuerySchema,
  lessonSchema,
  lessonUpdateSchema,
  userProgressSchema,
} from "@vestin/shared/learning";
import { unauthorized } from "../../lib/errors.ts";

const idParams = z.object({ id: z.string().trim().min(1).max(200) });
const codeParams = z.object({ code: z.string().trim().min(1).max(40) });
const bearer = [{ bearerAuth: [] }];
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const courseWithLessons = z.object({ course: courseSchema, lessons: z.object({ count: z.number().int(), data: z.array(lessonSchema) }) });
const courseList = listEnvelope(courseSchema);
const courseWithLessonsResponse = successEnvelope(courseWithLessons);
const courseResponse = successEnvelope(courseSchema);
const tracksResponse = successEnvelope(z.object({ categories: z.array(categoryAnalyticsSchema) }));
const completion = z.object({
  lessonId: z.string(),
  courseId: z.string(),
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  progressPercentage: z.number().int(),
});

/** /courses, /lessons and /certificates (contract "Learning"), with the admin writes. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { learning, auth, publicCache } = app;
  const userOf = (request: { user: import("@vestin/shared/accounts").User | null }) => {
    if (!request.user) throw unauthorized();
    return request.user;
  };
  /** The signed-in administrator, as the author of the revision a lesson save keeps. */
  const editorOf = (request: { user: import("@vestin/shared/accounts").User | null }) =>
    request.user ? { id: request.user._id, email: request.user.email } : null;

  app.get(
    "/courses",
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ["learning"],
        summary: "The course catalogue (userProgress filled in for an enrolled user's token)",
        querystring: courseListQuerySchema,
        response: { 200: courseList, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const list = async () => {
        const { items, total, pages } = await learning.listCourses(request.query, request.user);
        return { success: true as const, data: items, total, page, limit, pages };
      };
      // Signed-in learners get their own progress; everyone else shares one cached answer.
      if (request.user) return list();
      return publicCache.send(request, reply, await publicCache.json(`courses:${JSON.stringify(request.query)}`, courseList, list));
    },
  );

  app.get(
    "/courses/categories/analytics",
    {
      schema: {
        tags: ["learning"],
        summary: "Tracks: each category with its description, course count and lesson total",
        response: { 200: tracksResponse },
      },
    },
    async (request, reply) =>
      publicCache.send(
        request,
        reply,
        await publicCache.json("courses:tracks", tracksResponse, async () => ({
          success: true as const,
          data: { categories: await learning.categoryAnalytics() },
        })),
      ),
  );

  app.get(
    "/courses/:id",
    {
      onRequest: auth.optionalUser,
      schema: { tags: ["learning"], summary: "One course by id or slug", params: idParams, response: { 200: courseResponse, 404: errorEnvelopeSchema } },
    },
    async (request, reply) => {
      const course = async () => ({ success: true as const, data: await learning.getCourse(request.params.id, request.user) });
      if (request.user) return course();
      return publicCache.send(request, reply, await publicCache.json(`course:${request.params.id}`, courseResponse, course));
    },
  );

  app.get(
    "/courses/:id/lessons",
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ["learning"],
        summary: "A course and its lessons, ordered by lessonNumber (isCompleted/isCurrent for the token's user)",
        params: idParams,
        response: { 200: courseWithLessonsResponse, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { key, build } = await learning.courseLessons(request.params.id, request.user);
      const cached = await publicCache.json(`course-lessons:${key}`, courseWithLessonsResponse, async () => ({ success: true as const, data: await build() }));
      return publicCache.send(request, reply, cached);
    },
  );

  app.get(
    "/courses/:id/enrollment-status",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["learning"],
        summary: "Whether the signed-in user is enrolled, since when, and their progress",
        security: bearer,
        params: idParams,
        response: {
          200: successEnvelope(z.object({ isEnrolled: z.boolean(), enrolledAt: z.string().nullable(), progress: userProgressSchema.nullable() })),
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({ success: true as const, data: await learning.enrollmentStatus(request.params.id, userOf(request)) }),
  );

  app.post(
    "/courses/:id/enroll",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["learning"],
        summary: "Enrol the signed-in user (no body); once only",
        security: bearer,
        params: idParams,
        response: { 201: successEnvelope(z.object({ courseId: z.string(), enrolledAt: z.string() })), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await learning.enroll(request.params.id, userOf(request)) }),
  );

  app.get(
    "/courses/:id/certificate",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["learning"],
        summary: "The signed-in learner's PDF certificate of a completed course",
        security: bearer,
        params: idParams,
        response: { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { certificate, pdf } = await learning.certificate(request.params.id, userOf(request));
      const name = `vestin-certificate-${certificate.code.toLowerCase()}.pdf`;
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "private, no-store")
        .header("x-certificate-code", certificate.code)
        .send(pdf as never);
    },
  );

  app.get(
    "/certificates/:code",
    {
      schema: {
        tags: ["learning"],
        summary: "Verify a certificate by its code (public); 410 when its holder deleted their account",
        params: codeParams,
        response: { 200: successEnvelope(certificateSchema), 404: errorEnvelopeSchema, 410: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await learning.verifyCertificate(request.params.code) }),
  );

  app.get(
    "/lessons",
    {
      onRequest: auth.optionalUser,
      schema: {
        tags: ["learning"],
        summary: "Lessons, of one course with `course`",
        querystring: lessonListQuerySchema,
        response: { 200: listEnvelope(lessonSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { course, page, limit } = request.query;
      const { items, total, pages } = await learning.listLessons(course, page, limit, request.user);
      return { success: true as const, data: items, total, page, limit, pages };
    },
  );

  app.get(
    "/lessons/:id",
    {
      onRequest: auth.optionalUser,
      schema: { tags: ["learning"], summary: "One lesson", params: idParams, response: { 200: successEnvelope(lessonSchema), 404: errorEnvelopeSchema } },
    },
    async (request) => ({ success: true as const, data: await learning.getLesson(request.params.id, request.user) }),
  );

  app.post(
    "/lessons/:id/complete",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["learning"],
        summary: "Mark a lesson complete for the signed-in, enrolled user (no body); once only",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(completion), ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await learning.completeLesson(request.params.id, userOf(request)) }),
  );

  // Admin writes
  const admin = { onRequest: auth.requireAdmin };
  app.post(
    "/courses",
    {
      ...admin,
      schema: {
        tags: ["learning", "admin"],
        summary: "Create a course",
        security: bearer,
        body: courseCreateSchema,
        response: { 201: successEnvelope(courseSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await learning.createCourse(request.body) }),
  );
  app.put(
    "/courses/:id",
    {
      ...admin,
      schema: {
        tags: ["learning", "admin"],
        summary: "Update a course",
        security: bearer,
        params: idParams,
        body: courseUpdateSchema,
        response: { 200: successEnvelope(courseSchema), ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await learning.updateCourse(request.params.id, request.body) }),
  );
  app.delete(
    "/courses/:id",
    {
      ...admin,
      schema: {
        tags: ["learning", "admin"],
        summary: "Delete a course and its lessons",
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await learning.deleteCourse(request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/lessons",
    {
      ...admin,
      schema: {
        tags: ["learning", "admin"],
        summary: "Create a lesson (content as HTML or markdown)",
        security: bearer,
        body: lessonCreateSchema,
        response: { 201: successEnvelope(lessonSchema), ...failures },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await learning.createLesson(request.body, editorOf(request)) }),
  );
  app.put(
    "/lessons/:id",
    {
      ...admin,
      schema: {
        tags: ["learning", "admin"],
        summary: "Update a lesson",
        security: bearer,
        params: idParams,
        body: lessonUpdateSchema,
        response: { 200: successEnvelope(lessonSchema), ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await learning.updateLesson(request.params.id, request.body, editorOf(request)) }),
  );
  app.delete(
    "/lessons/:id",
    {
      ...admin,
      schema: { tags: ["learning", "admin"], summary: "Delete a lesson", security: bearer, params: idParams, response: { 204: z.null(), ...failures } },
    },
    async (request, reply) => {
      await learning.deleteLesson(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
