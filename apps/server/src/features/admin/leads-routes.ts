import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { ATTRIBUTION_VALUE_MAX } from "@vestin/shared/attribution";
import { LEAD_KINDS, type LeadKind } from "@vestin/shared/lead-kinds";
import { recordAudit } from "../audit/index.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { CLAIM_STATUS_FILTERS, LEAD_STATUSES, LEAD_TYPES, leadsInbox, VERIFICATION_FILTERS, type LeadFilter } from "../leads/index.ts";
import { any, bearer, denied, limit, page } from "./route-schemas.ts";

const typeParams = z.object({ type: z.enum(LEAD_KINDS, { error: "Unknown lead type" }) });
const leadFilter = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  verified: z
    .enum(VERIFICATION_FILTERS, { error: "verified must be verified or unverified" })
    .optional()
    .describe("Presale, waitlist and airdrop claims only: leads whose e-mail address was confirmed (verified) or not yet (unverified)."),
  wallet: z
    .enum(VERIFICATION_FILTERS, { error: "wallet must be verified or unverified" })
    .optional()
    .describe("Presale and airdrop claims only: leads whose wallet was proven by a signature (verified) or typed by hand (unverified)."),
  claimStatus: z
    .enum(CLAIM_STATUS_FILTERS, { error: "claimStatus must be granted, pending_review or rejected" })
    .optional()
    .describe("Airdrop claims only: the claim's state."),
  source: z.string().trim().max(ATTRIBUTION_VALUE_MAX).optional().describe("Only leads whose first visit had this utm_source (exact, as stored)."),
  campaign: z.string().trim().max(ATTRIBUTION_VALUE_MAX).optional().describe("Only leads whose first visit had this utm_campaign (exact, as stored)."),
  search: z.string().trim().max(200).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
/** Contacts and partners are not confirmed by e-mail: a verified filter on them is a mistake, not "no filter". */
function checkVerifiedFilter(type: LeadKind, filter: LeadFilter): void {
  if (filter.verified && !LEAD_TYPES[type].confirmed) {
    throw badRequest("Only presale, waitlist and airdrop leads confirm their e-mail address", {
      verified: "verified applies to presale, waitlist and airdrop-claims",
    });
  }
  if (filter.wallet && !LEAD_TYPES[type].walletProof) {
    throw badRequest("Only presale and airdrop leads carry a wallet proven by signature", { wallet: "wallet applies to presale and airdrop-claims" });
  }
  if (filter.claimStatus && !LEAD_TYPES[type].claims)
    throw badRequest("Only airdrop claims have a claim status", { claimStatus: "claimStatus applies to airdrop-claims" });
}
/** /admin/leads: the inbox of every kind of lead, its CSV export and the team's triage (registered inside the admin scope: admins only). */
export const leadsInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = leadsInbox(app.database.db);

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
};
