import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ARTICLE_STATUSES } from "@vestin/shared/article-schedule";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { AppError, badRequest } from "../../lib/errors.ts";
import { airdropReviewRoutes } from "./airdrop-review-routes.ts";
import { accountsCreated } from "../accounts/index.ts";
import { leadsInbox } from "../leads/index.ts";
import { learningActivity } from "../learning/index.ts";
import { leadsInboxRoutes } from "./leads-routes.ts";
import { MAX_UPLOAD_BYTES } from "../media/index.ts";
import { peopleRoutes } from "./people-routes.ts";
import { any, anyList, bearer, denied, limit, page } from "./route-schemas.ts";
import { referralClustersRoutes } from "./referral-clusters-routes.ts";
import { sourcesRoutes } from "./sources-routes.ts";

/**
 * /admin: the team's console. Every route checks the admin role on the server (onRequest, before
 * anything is read), and every write lands in the audit log. The leads inbox (leads-routes.ts),
 * accounts, privacy and the audit log (people-routes.ts), the claim review and the sources report
 * have modules of their own; here, the dashboard, the content lists and uploads.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = leadsInbox(app.database.db);
  app.addHook("onRequest", app.auth.requireAdmin);
  await app.register(airdropReviewRoutes);
  await app.register(sourcesRoutes);
  await app.register(referralClustersRoutes);
  await app.register(leadsInboxRoutes);
  await app.register(peopleRoutes);

  app.get(
    "/admin/stats",
    {
      schema: {
        tags: ["admin"],
        summary: "Dashboard: leads per type per day (30 days), totals, enrolments, completions, top articles",
        security: bearer,
        response: { 200: successEnvelope(any), ...denied },
      },
    },
    async () => {
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      const db = app.database.db;
      const learning = await learningActivity(db, since);
      return {
        success: true as const,
        data: {
          since,
          leadsPerDay: await inbox.dailyCounts(since),
          leadTotals: await inbox.totals(),
          users: await accountsCreated(db, since),
          enrollments: learning.enrollments,
          completions: learning.completions,
          certificates: learning.certificates,
          topArticles: await app.blog.topArticles(5),
        },
      };
    },
  );

  app.get(
    "/admin/articles",
    {
      schema: {
        tags: ["admin"],
        summary: "Every article, drafts included; status=scheduled lists scheduled ones soonest first",
        security: bearer,
        querystring: z.object({ search: z.string().max(200).optional(), status: z.enum(ARTICLE_STATUSES).optional(), page, limit }),
        response: { 200: anyList, ...denied },
      },
    },
    async (request) => {
      const { items, total, pages } = await app.blog.listForAdmin(request.query);
      return { success: true as const, data: items, total, pages, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    "/admin/articles/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One article for editing (no view counted)",
        security: bearer,
        params: z.object({ id: z.string().max(200) }),
        response: { 200: successEnvelope(any), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const article = await app.blog.getForEditing(request.params.id);
      return { success: true as const, data: { ...article, newsletterSentAt: await app.newsletter.campaigns.automaticSentAt(article._id) } };
    },
  );

  app.get(
    "/admin/courses",
    { schema: { tags: ["admin"], summary: "Every course, drafts included", security: bearer, response: { 200: successEnvelope(z.array(any)), ...denied } } },
    async () => ({ success: true as const, data: await app.learning.allCourses() }),
  );

  app.get(
    "/admin/courses/:id/lessons",
    {
      schema: {
        tags: ["admin"],
        summary: "A course and its lessons for editing",
        security: bearer,
        params: z.object({ id: z.string().max(200) }),
        response: { 200: successEnvelope(any), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await app.learning.lessonsForEditing(request.params.id) }),
  );

  // Uploads are the one multipart route: the parser is registered for it alone, so every other
  // admin route answers 415 to a multipart body (contract).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
    uploads.post(
      "/admin/media",
      {
        bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
        schema: {
          tags: ["admin"],
          summary:
            "Upload an image (multipart field `file`): checked, stored as JPEG or PNG at most 1920 px wide; its image variants (AVIF, WebP, fallback) are made by a job",
          security: bearer,
          consumes: ["multipart/form-data"],
          response: { 201: successEnvelope(any), ...denied, 400: errorEnvelopeSchema, 413: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest("Send the image as multipart/form-data in a field named file.");
        const file = await request.file();
        if (!file) throw badRequest("Choose an image to upload.", { file: "Required" });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw new AppError(413, "Images can be at most 5 MB.");
        }
        const stored = await app.media.store({ bytes, originalName: file.filename, uploadedBy: request.user?._id ?? null });
        return reply.status(201).send({ success: true, data: stored });
      },
    );
    uploads.post(
      "/admin/author-photos",
      {
        bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
        schema: {
          tags: ["admin"],
          summary: "Upload an author's photo (multipart field `file`): cropped square, stored as 256 px and 64 px WebP",
          description: "Answers the two images' addresses, for the author's `photoUrl` and `photoSmallUrl`.",
          security: bearer,
          consumes: ["multipart/form-data"],
          response: {
            201: successEnvelope(z.object({ photoUrl: z.string(), photoSmallUrl: z.string() })),
            ...denied,
            400: errorEnvelopeSchema,
            413: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest("Send the photo as multipart/form-data in a field named file.");
        const file = await request.file();
        if (!file) throw badRequest("Choose a photo to upload.", { file: "Required" });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch {
          throw new AppError(413, "Images can be at most 5 MB.");
        }
        const stored = await app.media.storeSquarePhoto({ bytes, originalName: file.filename, uploadedBy: request.user?._id ?? null });
        return reply.status(201).send({ success: true, data: stored });
      },
    );
  });
};
