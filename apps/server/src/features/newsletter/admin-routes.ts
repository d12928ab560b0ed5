import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from "@vestin/shared/api";
import {
  campaignPreviewSchema,
  campaignSchema,
  campaignsQuerySchema,
  createCampaignSchema,
  importAnswerSchema,
  importSchema,
  sendCampaignSchema,
  subscriberSchema,
  subscribersQuerySchema,
  subscriberStatsSchema,
  testSendAnswerSchema,
  updateCampaignSchema,
} from "@vestin/shared/newsletter";
import { stringify } from "csv-stringify";
import { csvSafe } from "../../lib/csv.ts";
import { unauthorized } from "../../lib/errors.ts";

/*
 * /admin/newsletter: subscribers (list, chart, CSV out and in) and campaigns (drafts, preview,
 * test, send or schedule, progress). Admins only; writes land in the audit log through the admin
 * audit hook (features/audit).
 */
const bearer = [{ bearerAuth: [] }];
const tags = ["admin", "newsletter"];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const idParams = z.object({ id: z.string().max(100) });
const campaign = successEnvelope(campaignSchema);
const refused = { ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

export const newsletterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { newsletter } = app;
  const { subscriptions, campaigns } = newsletter;
  app.addHook("onRequest", app.auth.requireAdmin);
  const me = (request: { user: { _id: string; email: string } | null }) => {
    if (!request.user) throw unauthorized();
    return request.user;
  };

  app.get(
    "/admin/newsletter/stats",
    {
      schema: {
        tags,
        summary: "Subscriber counts, and confirmed subscribers per day over 90 days",
        security: bearer,
        response: { 200: successEnvelope(subscriberStatsSchema), ...denied },
      },
    },
    async () => ({ success: true as const, data: await subscriptions.stats() }),
  );

  app.get(
    "/admin/newsletter/subscribers",
    {
      schema: {
        tags,
        summary: "Subscribers, newest first, by status and address",
        security: bearer,
        querystring: subscribersQuerySchema,
        response: { 200: listEnvelope(subscriberSchema), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await subscriptions.list(request.query, request.query.page, request.query.limit)) }),
  );

  app.get(
    "/admin/newsletter/subscribers.csv",
    {
      schema: {
        tags,
        summary: "Subscribers as CSV (the same filters; formula cells escaped)",
        security: bearer,
        querystring: subscribersQuerySchema.omit({ page: true, limit: true }),
        response: { ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const rows = await subscriptions.all(request.query);
      const csv = stringify({ header: true, bom: true, columns: ["email", "status", "source", "sourcePage", "createdAt", "confirmedAt", "unsubscribedAt"] });
      for (const row of rows) csv.write(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, csvSafe(v)])));
      csv.end();
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="vestin-newsletter-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header("cache-control", "no-store")
        .send(csv as never);
    },
  );

  app.post(
    "/admin/newsletter/subscribers/import",
    {
      schema: {
        tags,
        summary: "Import addresses from CSV: each new one is sent the double opt-in e-mail",
        description:
          "A column named email (or the first column). A bad line refuses the whole file (400 naming the line). Confirmed, pending and unsubscribed addresses are left as they are.",
        security: bearer,
        body: importSchema,
        response: { 200: successEnvelope(importAnswerSchema), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await newsletter.import(request.body.csv, request.body.consentSource, request.ip) }),
  );

  app.get(
    "/admin/newsletter/campaigns",
    {
      schema: {
        tags,
        summary: "Campaigns, newest first, with their progress",
        security: bearer,
        querystring: campaignsQuerySchema,
        response: { 200: listEnvelope(campaignSchema), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await campaigns.list(request.query.page, request.query.limit)) }),
  );

  app.post(
    "/admin/newsletter/campaigns",
    {
      schema: {
        tags,
        summary: "A new draft: an article (excerpt or full text) or a Markdown message",
        security: bearer,
        body: createCampaignSchema,
        response: { 201: campaign, ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await campaigns.create(request.body, me(request)._id) }),
  );

  app.get(
    "/admin/newsletter/campaigns/:id",
    { schema: { tags, summary: "One campaign", security: bearer, params: idParams, response: { 200: campaign, ...refused } } },
    async (request) => ({
      success: true as const,
      data: await campaigns.get(request.params.id),
    }),
  );

  app.patch(
    "/admin/newsletter/campaigns/:id",
    { schema: { tags, summary: "Change a draft", security: bearer, params: idParams, body: updateCampaignSchema, response: { 200: campaign, ...refused } } },
    async (request) => ({ success: true as const, data: await campaigns.update(request.params.id, request.body) }),
  );

  app.delete(
    "/admin/newsletter/campaigns/:id",
    { schema: { tags, summary: "Delete a draft", security: bearer, params: idParams, response: { 204: z.null(), ...refused } } },
    async (request, reply) => {
      await campaigns.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/admin/newsletter/campaigns/:id/preview",
    {
      schema: {
        tags,
        summary: "The e-mail as a subscriber gets it: subject, HTML and plain text",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(campaignPreviewSchema), ...refused },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.preview(request.params.id) }),
  );

  app.post(
    "/admin/newsletter/campaigns/:id/test",
    {
      schema: {
        tags,
        summary: "Send a test copy to the signed-in admin's own address",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(testSendAnswerSchema), ...refused },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.sendTest(request.params.id, me(request).email) }),
  );

  app.post(
    "/admin/newsletter/campaigns/:id/send",
    {
      schema: {
        tags,
        summary: "Send a draft to every confirmed subscriber, now or at scheduledAt",
        description:
          "Throttled to NEWSLETTER_RATE messages a minute on the job queue; resumes after a restart without sending anyone twice. 409 unless the campaign is a draft.",
        security: bearer,
        params: idParams,
        body: sendCampaignSchema,
        response: { 200: campaign, ...refused },
      },
    },
    async (request) => ({ success: true as const, data: await campaigns.send(request.params.id, request.body ?? {}) }),
  );

  app.post(
    "/admin/newsletter/campaigns/:id/cancel",
    { schema: { tags, summary: "Take a scheduled campaign back to draft", security: bearer, params: idParams, response: { 200: campaign, ...refused } } },
    async (request) => ({ success: true as const, data: await campaigns.cancel(request.params.id) }),
  );
};
