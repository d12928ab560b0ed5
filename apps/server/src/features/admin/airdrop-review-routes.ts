import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { CLAIM_STATUSES, reviewClaimSchema as claimSchema } from "@vestin/shared/wallet";

const bearer = [{ bearerAuth: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

const counts = z.object({ pending_review: z.number(), granted: z.number(), rejected: z.number() });
/** Optional: a decision needs no body; an empty body is ignored like on the other no-body routes. */
const decisionBody = z.object({ note: z.string().trim().max(500, "Please keep the note to 500 characters").nullish() }).nullish();
const idParams = z.object({ id: z.string().max(100) });

/** /admin/airdrop: the review queue of airdrop claims (registered inside the admin scope: admins only). */
export const airdropReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review } = app.leads;

  app.get(
    "/admin/airdrop/claims",
    {
      schema: {
        tags: ["admin"],
        summary: "Airdrop claims by status (pending_review, granted, rejected), oldest first, with the wallet the leaderboard lists",
        security: bearer,
        querystring: z.object({
          claimStatus: z.enum(CLAIM_STATUSES, { error: "claimStatus must be pending_review, granted or rejected" }).optional(),
          search: z.string().trim().max(200).optional(),
          page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .default(25)
            .transform((n) => Math.min(n, 100)),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(claimSchema),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
            pages: z.number(),
            counts,
          }),
          ...denied,
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { items, total, pages, counts: byStatus } = await review.list(request.query);
      return { success: true as const, data: items, total, pages, page: request.query.page, limit: request.query.limit, counts: byStatus };
    },
  );

  for (const decision of ["approve", "reject"] as const) {
    app.post(
      `/admin/airdrop/claims/:id/${decision}`,
      {
        // The decision writes its own, detailed audit entry (username, masked wallet, note).
        config: { skipAudit: true },
        schema: {
          tags: ["admin"],
          summary:
            decision === "approve"
              ? "Approve a claim waiting for review: it is granted and goes into the next allow-list"
              : "Reject a claim waiting for review: its username and wallet are free for a new signed claim",
          description:
            "Only a pending_review claim can be decided, once (409 otherwise, also when another admin decided it first), and not while its sprint's allow-list is frozen (409). The claimant is e-mailed the decision and the optional note.",
          security: bearer,
          params: idParams,
          body: decisionBody,
          response: { 200: successEnvelope(claimSchema), ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const reviewer = { id: request.user?._id ?? null, email: request.user?.email ?? "" };
        return { success: true as const, data: await review.decide(request.params.id, decision, request.body?.note || null, reviewer) };
      },
    );
  }
};
