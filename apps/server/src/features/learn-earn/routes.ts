import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { stringify } from "csv-stringify";
import { z } from "zod";
import type { User } from "@vestin/shared/accounts";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import {
  adminSprintSchema,
  createQuestSchema,
  learnEarnOffersSchema,
  learnEarnStatusSchema,
  linkedWalletSchema,
  linkWalletSchema,
  questGrantSchema,
  questSchema,
  revokeGrantSchema,
  sprintLearnEarnSettingsSchema,
  suspiciousGrantSchema,
  updateQuestSchema,
} from "@vestin/shared/learn-earn";
import { csvSafe } from "../../lib/csv.ts";
import { unauthorized } from "../../lib/errors.ts";

/*
 * Learn-and-earn (ADR 36): the learner's quests and wallet link under /me, the public offers, and
 * the administrators' quests, reports, revocations and exports under /admin (admin role).
 */
const bearer = [{ bearerAuth: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const idParams = z.object({ id: z.string().max(100) });
const sprintParams = z.object({ sprintId: z.string().max(200) });
const fail = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const DISCLAIMER = "XP counts toward the sprint's airdrop, subject to the sprint's terms and eligibility.";

const userOf = (request: { user: User | null }): User => {
  if (!request.user) throw unauthorized();
  return request.user;
};

/** GET /learn-earn/offers: public and cached like the catalogue. */
export const learnEarnPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/learn-earn/offers",
    {
      schema: {
        tags: ["learn-earn"],
        summary: "The XP the active sprint's open quests offer, per course, track and the placement quiz",
        description: `Empty when no sprint is active. Cached for 10 s like other public reads. ${DISCLAIMER}`,
        response: { 200: successEnvelope(learnEarnOffersSchema) },
      },
    },
    async (request, reply) =>
      app.publicCache.send(
        request,
        reply,
        await app.publicCache.json("learn-earn:offers", successEnvelope(learnEarnOffersSchema), async () => ({
          success: true as const,
          data: await app.learnEarn.offers(),
        })),
      ),
  );
};

/** /me/learn-earn and /me/wallet: the signed-in learner's own. */
export const learnEarnMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", app.auth.requireUser);
  const tags = ["learn-earn", "me"];
  app.get(
    "/me/learn-earn",
    {
      schema: {
        tags,
        summary: "My quests in the active sprint, their grants, and my learning, Zealy and total XP and rank",
        description: DISCLAIMER,
        security: bearer,
        response: { 200: successEnvelope(learnEarnStatusSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await app.learnEarn.status(userOf(request)) }),
  );
  app.get(
    "/me/wallet",
    {
      schema: {
        tags,
        summary: "The wallet linked to my account",
        security: bearer,
        response: { 200: successEnvelope(linkedWalletSchema), 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await app.learnEarn.linkedWallet(userOf(request)) }),
  );
  app.post(
    "/me/wallet",
    {
      schema: {
        tags,
        summary: "Link a wallet to my account, proven by its signature (purpose link)",
        description:
          "Body: the message from POST /wallet/challenge with purpose link, and the wallet's signature. 409 when the account already has a wallet or the wallet is linked to another account. " +
          "A wallet cannot be unlinked once XP is granted to it. Grants withheld for want of a wallet are looked at again after the link.",
        security: bearer,
        body: linkWalletSchema,
        response: { 200: successEnvelope(linkedWalletSchema), 401: errorEnvelopeSchema, ...fail },
      },
    },
    async (request) => ({ success: true as const, data: await app.learnEarn.linkWallet(userOf(request), request.body, request.ip) }),
  );
};

/** /admin quests, reports, revocations, sybil review and the learning-XP CSV: administrators only. */
export const learnEarnAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", app.auth.requireAdmin);
  const tags = ["admin", "learn-earn"];
  const { learnEarn } = app;

  app.get(
    "/admin/sprints",
    {
      schema: {
        tags,
        summary: "Every sprint, newest first: whether it is running or frozen, and its minimum account age for a grant",
        security: bearer,
        response: { 200: successEnvelope(z.array(adminSprintSchema)), ...denied },
      },
    },
    async () => ({ success: true as const, data: await learnEarn.sprints() }),
  );
  app.get(
    "/admin/sprints/:sprintId/quests",
    {
      schema: {
        tags,
        summary: "A sprint's quests",
        security: bearer,
        params: sprintParams,
        response: { 200: successEnvelope(z.array(questSchema)), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await learnEarn.quests(request.params.sprintId) }),
  );
  app.post(
    "/admin/sprints/:sprintId/quests",
    {
      schema: {
        tags,
        summary: "Define a quest of a sprint",
        description:
          "assessment_pass: courseId and bands; track_complete: trackId and xp; placement_pass: xp; learning_streak: streakDays and xp. cap null: unlimited.",
        security: bearer,
        params: sprintParams,
        body: createQuestSchema,
        response: { 201: successEnvelope(questSchema), ...denied, ...fail },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await learnEarn.createQuest(request.params.sprintId, request.body, userOf(request)._id) }),
  );
  app.patch(
    "/admin/quests/:id",
    {
      schema: {
        tags,
        summary: "Change a quest (not its kind)",
        security: bearer,
        params: idParams,
        body: updateQuestSchema,
        response: { 200: successEnvelope(questSchema), ...denied, ...fail },
      },
    },
    async (request) => ({ success: true as const, data: await learnEarn.updateQuest(request.params.id, request.body) }),
  );
  app.delete(
    "/admin/quests/:id",
    { schema: { tags, summary: "Delete a quest that has no grants", security: bearer, params: idParams, response: { 204: z.null(), ...denied, ...fail } } },
    async (request, reply) => {
      await learnEarn.deleteQuest(request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    "/admin/quests/:id/grants",
    {
      schema: {
        tags,
        summary: "A quest's grants: person, wallet, XP, when, status and review flags",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(z.array(questGrantSchema)), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await learnEarn.questGrants(request.params.id) }),
  );
  app.post(
    "/admin/quest-grants/:id/revoke",
    {
      config: { skipAudit: true },
      schema: {
        tags,
        summary: "Revoke a grant: audited, and the person is e-mailed the reason",
        security: bearer,
        params: idParams,
        body: revokeGrantSchema,
        response: { 200: successEnvelope(questGrantSchema), ...denied, ...fail },
      },
    },
    async (request) => ({ success: true as const, data: await learnEarn.revoke(request.params.id, request.body.reason, userOf(request)) }),
  );
  app.get(
    "/admin/sprints/:sprintId/suspicious",
    {
      schema: {
        tags,
        summary: "Grants the sybil review flags: a wallet-link network shared with another account, or an assessment passed in seconds",
        security: bearer,
        params: sprintParams,
        response: { 200: successEnvelope(z.array(suspiciousGrantSchema)), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await learnEarn.suspicious(request.params.sprintId) }),
  );
  app.patch(
    "/admin/sprints/:sprintId/learn-earn",
    {
      schema: {
        tags,
        summary: "A sprint's grant settings (minimum account age)",
        security: bearer,
        params: sprintParams,
        body: sprintLearnEarnSettingsSchema,
        response: { 200: successEnvelope(sprintLearnEarnSettingsSchema), ...denied, ...fail },
      },
    },
    async (request) => ({ success: true as const, data: await learnEarn.saveSettings(request.params.sprintId, request.body.minAccountAgeHours) }),
  );
  app.get(
    "/admin/sprints/:sprintId/learning-xp.csv",
    {
      schema: {
        tags,
        summary: "Learning XP per wallet of a sprint (CSV: wallet, learning_xp, quests)",
        security: bearer,
        params: sprintParams,
        response: { ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const rows = await learnEarn.learningXp(request.params.sprintId);
      const csv = stringify({ header: true, columns: ["wallet", "learning_xp", "quests"] });
      for (const row of rows) csv.write({ wallet: csvSafe(row.wallet), learning_xp: row.learningXp, quests: row.quests });
      csv.end();
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="learning-xp-${request.params.sprintId.replace(/[^a-zA-Z0-9-]/g, "_")}.csv"`)
        .header("cache-control", "no-store")
        .send(csv as never);
    },
  );
};
