import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from "@vestin/shared/api";
import { articleSchema } from "@vestin/shared/blog";
import { lessonSchema } from "@vestin/shared/learning";
import {
  REVISION_MESSAGES,
  articleRevisionSchema,
  lessonRevisionSchema,
  revisionListQuerySchema,
  revisionParamsSchema,
  revisionSummarySchema,
} from "@vestin/shared/revisions";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/schema.ts";
import { unauthorized } from "../../lib/errors.ts";
import { recordAudit } from "../audit/index.ts";

const bearer = [{ bearerAuth: [] }];
const denied = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const subjectParams = revisionParamsSchema.pick({ id: true });
const restoredArticle = successEnvelope(z.object({ restoredFrom: z.number().int(), article: articleSchema }));
const restoredLesson = successEnvelope(z.object({ restoredFrom: z.number().int(), lesson: lessonSchema }));

/**
 * /admin/articles/{id}/revisions and /admin/lessons/{id}/revisions: the saved states of an
 * article or a lesson (newest first, paged), one with its fields, and restoring one. Administrators
 * with their second factor only, checked before anything is read. A restore writes its own audit
 * entry in its transaction (the admin audit hook skips it).
 */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { blog, learning } = app;
  app.addHook("onRequest", app.auth.requireAdmin);
  const editorOf = (request: { user: import("@vestin/shared/accounts").User | null }) => {
    if (!request.user) throw unauthorized();
    return { id: request.user._id, email: request.user.email };
  };
  /** The restore's audit entry, written in its transaction: who brought back which revision of what. */
  const auditRestore =
    (request: { user: import("@vestin/shared/accounts").User | null; routeOptions: { url?: string | undefined } }, targetType: string, number: number) =>
    (trx: Kysely<DB>, targetId: string) =>
      recordAudit(trx, {
        actorId: request.user?._id ?? null,
        actorEmail: request.user?.email ?? "",
        action: `POST ${request.routeOptions.url ?? ""}`,
        targetType,
        targetId,
        details: { status: 200, restoredFrom: number, message: REVISION_MESSAGES.restored(number) },
      });

  app.get(
    "/admin/articles/:id/revisions",
    {
      schema: {
        tags: ["admin", "blog"],
        summary: "An article's revisions, newest first: number, who saved it, when",
        security: bearer,
        params: subjectParams,
        querystring: revisionListQuerySchema,
        response: { 200: listEnvelope(revisionSummarySchema), ...denied },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total, pages } = await blog.articleRevisions(request.params.id, page, limit);
      return { success: true as const, data: items, total, page, limit, pages };
    },
  );

  app.get(
    "/admin/articles/:id/revisions/:number",
    {
      schema: {
        tags: ["admin", "blog"],
        summary: "One revision of an article, with its fields (content: the stored HTML)",
        security: bearer,
        params: revisionParamsSchema,
        response: { 200: successEnvelope(articleRevisionSchema), ...denied },
      },
    },
    async (request) => ({ success: true as const, data: await blog.articleRevision(request.params.id, request.params.number) }),
  );

  app.post(
    "/admin/articles/:id/revisions/:number/restore",
    {
      config: { skipAudit: true },
      schema: {
        tags: ["admin", "blog"],
        summary: "Restore an article's revision: its content becomes the current one, saved as a new revision",
        description:
          "Brings back title, excerpt, category, tags, author, featured image and body; the slug, status, publication date and newsletter choice stay as they are. The new revision says which one it restored (restoredFrom).",
        security: bearer,
        params: revisionParamsSchema,
        response: { 200: restoredArticle, ...denied, 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { article, number } = await blog.restoreRevision(
        request.params.id,
        request.params.number,
        editorOf(request),
        auditRestore(request, "articles", request.params.number),
      );
      return { success: true as const, data: { restoredFrom: number, article } };
    },
  );

  app.get(
    "/admin/lessons/:id/revisions",
    {
      schema: {
        tags: ["admin", "learning"],
        summary: "A lesson's revisions, newest first: number, who saved it, when",
        security: bearer,
        params: subjectParams,
        querystring: revisionListQuerySchema,
        response: { 200: listEnvelope(revisionSummarySchema), ...denied },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total, pages } = await learning.lessonRevisions(request.params.id, page, limit);
      return { success: true as const, data: items, total, page, limit, pages };
    },
  );

  app.get(
    "/admin/lessons/:id/revisions/:number",
    {
      schema: {
        tags: ["admin", "learning"],
        summary: "One revision of a lesson, with its fields (content: the stored HTML)",
        security: bearer,
        params: revisionParamsSchema,
        response: { 200: successEnvelope(lessonRevisionSchema), ...denied },
      },
    },
    async (request) => ({ success: true as const, data: await learning.lessonRevision(request.params.id, request.params.number) }),
  );

  app.post(
    "/admin/lessons/:id/revisions/:number/restore",
    {
      config: { skipAudit: true },
      schema: {
        tags: ["admin", "learning"],
        summary: "Restore a lesson's revision: its content becomes the current one, saved as a new revision",
        description:
          "Brings back every field but the lesson's number. Learners who completed the lesson keep their completion; when the title or text changes, it shows as updated to them.",
        security: bearer,
        params: revisionParamsSchema,
        response: { 200: restoredLesson, ...denied, 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const lesson = await learning.restoreLessonRevision(
        request.params.id,
        request.params.number,
        editorOf(request),
        auditRestore(request, "lessons", request.params.number),
      );
      return { success: true as const, data: { restoredFrom: request.params.number, lesson } };
    },
  );
};
