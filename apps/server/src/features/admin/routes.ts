import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { ATTRIBUTION_VALUE_MAX } from "@vestin/shared/attribution";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { sha256 } from "../../lib/ids.ts";
import { airdropReviewRoutes } from "./airdrop-review-routes.ts";
import { recordAudit } from "./audit.ts";
import {
  CLAIM_STATUS_FILTERS,
  LEAD_STATUSES,
  LEAD_TYPE_KEYS,
  LEAD_TYPES,
  leadsInbox,
  VERIFICATION_FILTERS,
  type LeadFilter,
  type LeadTypeKey,
} from "./leads-inbox.ts";
import { MAX_UPLOAD_BYTES, storeImage } from "./media.ts";
import { erasePerson, personalExport } from "./privacy.ts";
import { sourcesRoutes } from "./sources-routes.ts";

const page = z.coerce.number().int().min(1, "page must be 1 or more").default(1);
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .default(25)
  .transform((n) => Math.min(n, 100));
const typeParams = z.object({ type: z.enum(LEAD_TYPE_KEYS as [LeadTypeKey, ...LeadTypeKey[]], { error: "Unknown lead type" }) });
const leadFilter = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  verified: z
    .enum(VERIFICATION_FILTERS, { error: "verified must be verified or unverified" })
    .optional()
    .describe("Presale, testnet and pioneers only: leads whose e-mail address was confirmed (verified) or not yet (unverified)."),
  wallet: z
    .enum(VERIFICATION_FILTERS, { error: "wallet must be verified or unverified" })
    .optional()
    .describe("Presale and pioneers only: leads whose wallet was proven by a signature (verified) or typed by hand (unverified)."),
  claimStatus: z
    .enum(CLAIM_STATUS_FILTERS, { error: "claimStatus must be granted, pending_review or rejected" })
    .optional()
    .describe("Pioneers only: the claim's state."),
  source: z.string().trim().max(ATTRIBUTION_VALUE_MAX).optional().describe("Only leads whose first visit had this utm_source (exact, as stored)."),
  campaign: z.string().trim().max(ATTRIBUTION_VALUE_MAX).optional().describe("Only leads whose first visit had this utm_campaign (exact, as stored)."),
  search: z.string().trim().max(200).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
const bearer = [{ bearerAuth: [] }];

/** Contacts and partners are not confirmed by e-mail: a verified filter on them is a mistake, not "no filter". */
function checkVerifiedFilter(type: LeadTypeKey, filter: LeadFilter): void {
  if (filter.verified && !LEAD_TYPES[type].confirmed) {
    throw badRequest("Only presale, testnet and airdrop leads confirm their e-mail address", { verified: "verified applies to presale, testnet and pioneers" });
  }
  if (filter.wallet && !LEAD_TYPES[type].walletProof) {
    throw badRequest("Only presale and airdrop leads carry a wallet proven by signature", { wallet: "wallet applies to presale and pioneers" });
  }
  if (filter.claimStatus && !LEAD_TYPES[type].claims)
    throw badRequest("Only airdrop claims have a claim status", { claimStatus: "claimStatus applies to pioneers" });
}
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const any = z.record(z.string(), z.unknown());
const anyList = z.object({ success: z.literal(true), data: z.array(any), total: z.number(), page: z.number(), limit: z.number(), pages: z.number() });
const emailBody = z.object({
  email: z
    .email({ error: "A valid email address is required" })
    .trim()
    .transform((e) => e.toLowerCase()),
});

/**
 * /admin: the team's console. Every route checks the admin role on the server (onRequest, before
 * anything is read), and every write lands in the audit log.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = leadsInbox(app.database.db);
  app.addHook("onRequest", app.auth.requireAdmin);
  await app.register(airdropReviewRoutes);
  await app.register(sourcesRoutes);

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
      const count = async (
        table: "users" | "enrollments" | "lesson_completions" | "certificates",
        column: "created_at" | "enrolled_at" | "completed_at" | "issued_at",
      ) => {
        const all = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirst();
        const recent = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where(column, ">=", since)
          .executeTakeFirst();
        return { total: Number(all?.n ?? 0), last30Days: Number(recent?.n ?? 0) };
      };
      return {
        success: true as const,
        data: {
          since,
          leadsPerDay: await inbox.dailyCounts(since),
          leadTotals: await inbox.totals(),
          users: await count("users", "created_at"),
          enrollments: await count("enrollments", "enrolled_at"),
          completions: await count("lesson_completions", "completed_at"),
          certificates: await count("certificates", "issued_at"),
          topArticles: await app.blog.topArticles(5),
        },
      };
    },
  );

  app.get(
    "/admin/leads/:type",
    {
      schema: {
        tags: ["admin"],
        summary: "One kind of lead: filter by status, e-mail confirmation, date and text, sort, paginate",
        security: bearer,
        params: typeParams,
        querystring: leadFilter.extend({ page, limit, sort: z.string().max(40).default("created_at"), order: z.enum(["asc", "desc"]).default("desc") }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(any),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
            pages: z.number(),
            label: z.string(),
          }),
          ...denied,
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      checkVerifiedFilter(request.params.type, request.query);
      const { items, total, pages } = await inbox.list(request.params.type, request.query);
      return {
        success: true as const,
        data: items,
        total,
        pages,
        page: request.query.page,
        limit: request.query.limit,
        label: LEAD_TYPES[request.params.type].label,
      };
    },
  );

  app.get(
    "/admin/leads/:type/export.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The current filter as CSV (streamed; formula cells escaped)",
        security: bearer,
        params: typeParams,
        querystring: leadFilter,
        response: { ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      checkVerifiedFilter(request.params.type, request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      await recordAudit(app.database.db, {
        actorId: request.user?._id ?? null,
        actorEmail: request.user?.email ?? "",
        action: "EXPORT leads csv",
        targetType: request.params.type,
        details: { filter: request.query },
      });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="vestin-${request.params.type}-${stamp}.csv"`)
        .header("cache-control", "no-store")
        .send(inbox.exportCsv(request.params.type, request.query) as never);
    },
  );

  app.get(
    "/admin/leads/:type/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One lead",
        security: bearer,
        params: typeParams.extend({ id: z.string().max(100) }),
        response: { 200: successEnvelope(any), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const lead = await inbox.get(request.params.type, request.params.id);
      if (!lead) throw notFound("Lead not found");
      return { success: true as const, data: lead };
    },
  );

  app.patch(
    "/admin/leads/:type/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Set a lead's status (new, in_progress, done) and note",
        security: bearer,
        params: typeParams.extend({ id: z.string().max(100) }),
        body: z.object({
          status: z.enum(LEAD_STATUSES, { error: "status must be new, in_progress or done" }).optional(),
          note: z.string().max(2000, "The note is too long").nullable().optional(),
        }),
        response: { 200: successEnvelope(any), ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!(await inbox.update(request.params.type, request.params.id, request.body))) throw notFound("Lead not found");
      const lead = await inbox.get(request.params.type, request.params.id);
      return { success: true as const, data: lead ?? {} };
    },
  );

  app.get(
    "/admin/users",
    {
      schema: {
        tags: ["admin"],
        summary: "Accounts, newest first, searchable by name or e-mail",
        security: bearer,
        querystring: z.object({ search: z.string().trim().max(200).optional(), page, limit }),
        response: { 200: anyList, ...denied },
      },
    },
    async (request) => {
      const { items, total, pages } = await app.accounts.listUsers(request.query);
      return { success: true as const, data: items, total, pages, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    "/admin/users/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One account with its enrolments, progress and certificates",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: successEnvelope(any), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await app.accounts.userById(request.params.id);
      if (!user) throw notFound("User not found");
      return { success: true as const, data: { user, ...(await app.learning.learnerSummary(user._id)) } };
    },
  );

  app.post(
    "/admin/users/:id/revoke-sessions",
    {
      schema: {
        tags: ["admin"],
        summary: "Sign a user out everywhere",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: successEnvelope(z.object({ revoked: z.number() })), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!(await app.accounts.userById(request.params.id))) throw notFound("User not found");
      return { success: true as const, data: { revoked: await app.accounts.revokeAllSessions(request.params.id) } };
    },
  );

  app.post(
    "/admin/privacy/export",
    {
      config: { skipAudit: true },
      schema: {
        tags: ["admin"],
        summary: "Everything held about one e-mail address, as JSON",
        security: bearer,
        body: emailBody,
        response: { 200: successEnvelope(any), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const email = request.body.email;
      const data = await personalExport(app, email);
      await recordAudit(app.database.db, {
        actorId: request.user?._id ?? null,
        actorEmail: request.user?.email ?? "",
        action: "PRIVACY export",
        targetType: "person",
        targetId: sha256(email),
      });
      return { success: true as const, data };
    },
  );

  app.post(
    "/admin/privacy/erase",
    {
      config: { skipAudit: true },
      schema: {
        tags: ["admin"],
        summary: "Erase every lead, the account and its learning records of one e-mail address",
        description:
          "The audit log keeps who erased and when, with a hash of the address instead of the address itself. " +
          "Consent records go too, except one record by the address's hash that a newsletter or contact-communications consent is withdrawn.",
        security: bearer,
        body: emailBody.extend({ confirm: z.literal(true, { error: "Confirm the erasure" }) }),
        response: { 200: successEnvelope(any), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const email = request.body.email;
      if (request.user?.email === email) throw badRequest("You cannot erase your own administrator account here.");
      const erased = await erasePerson(app, email, { id: request.user?._id ?? null, email: request.user?.email ?? "" }, "PRIVACY erase");
      return { success: true as const, data: { erased: { leads: erased.leads, account: erased.account } } };
    },
  );

  app.get(
    "/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log, newest first",
        security: bearer,
        querystring: z.object({ page, limit }),
        response: { 200: anyList, ...denied },
      },
    },
    async (request) => {
      const { page: p, limit: l } = request.query;
      const rows = await app.database.db
        .selectFrom("audit_log")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(l)
        .offset((p - 1) * l)
        .execute();
      const total = Number(
        (
          await app.database.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirst()
        )?.n ?? 0,
      );
      return {
        success: true as const,
        data: rows.map((r) => ({
          _id: r.id,
          actorEmail: r.actor_email,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          details: JSON.parse(r.details) as unknown,
          createdAt: r.created_at,
        })),
        total,
        page: p,
        limit: l,
        pages: Math.ceil(total / l),
      };
    },
  );

  app.get(
    "/admin/articles",
    {
      schema: {
        tags: ["admin"],
        summary: "Every article, drafts included",
        security: bearer,
        querystring: z.object({ search: z.string().max(200).optional(), status: z.enum(["published", "draft"]).optional(), page, limit }),
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
          summary: "Upload an image (multipart field `file`): checked, resized to WebP, stored in the database",
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
        const stored = await storeImage(app.database.db, { bytes, originalName: file.filename, uploadedBy: request.user?._id ?? null });
        return reply.status(201).send({ success: true, data: stored });
      },
    );
  });
};
