import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, listEnvelope, paginationQuery, successEnvelope } from "@vestin/shared/api";
import { LEAD_EVENT_TYPES } from "@vestin/shared/events";
import { createWebhookSchema, DELIVERY_STATUSES, updateWebhookSchema, WEBHOOK_FORMATS, WEBHOOK_STATUSES, WEBHOOK_TEST_EVENT } from "@vestin/shared/webhooks";

/*
 * /admin/webhooks: the console's webhook endpoints and their delivery logs (ADR 12).
 * Admins only (checked before anything is read); every successful write lands in the audit log
 * through the admin audit hook (features/audit), which records route and id, never a
 * body, so a secret never reaches the log.
 */

const bearer = [{ bearerAuth: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const idParams = z.object({ id: z.string().max(100) });

const endpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(LEAD_EVENT_TYPES)),
  format: z.enum(WEBHOOK_FORMATS),
  status: z.enum(WEBHOOK_STATUSES),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z.object({ status: z.enum(DELIVERY_STATUSES), at: z.string(), responseCode: z.number().nullable() }).nullable(),
});
const secretAnswer = z.object({
  endpoint: endpointSchema,
  secret: z.string().describe("The signing secret (whsec_…). Shown in this answer only: it cannot be read again, only rotated."),
});
const deliverySchema = z.object({
  _id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.union([z.enum(LEAD_EVENT_TYPES), z.literal(WEBHOOK_TEST_EVENT)]),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  responseCode: z.number().nullable(),
  error: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  resendOf: z.string().nullable(),
});

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const webhooks = app.webhooks;
  app.addHook("onRequest", app.auth.requireAdmin);
  const tags = ["admin", "webhooks"];

  app.get(
    "/admin/webhooks",
    {
      schema: {
        tags,
        summary: "Webhook endpoints with their status and last delivery (never their secrets)",
        security: bearer,
        response: { 200: successEnvelope(z.array(endpointSchema)), ...denied },
      },
    },
    async () => ({ success: true as const, data: await webhooks.list() }),
  );

  app.post(
    "/admin/webhooks",
    {
      schema: {
        tags,
        summary: "Add an endpoint: URL (https, public address), events, format (json or slack). Answers its signing secret once.",
        security: bearer,
        body: createWebhookSchema,
        response: { 201: successEnvelope(secretAnswer), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header("cache-control", "no-store")
        .send({ success: true, data: await webhooks.create(request.body, request.user?._id ?? null) }),
  );

  app.get(
    "/admin/webhooks/:id",
    {
      schema: {
        tags,
        summary: "One webhook endpoint (never its secret)",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(endpointSchema), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await webhooks.get(request.params.id) }),
  );

  app.patch(
    "/admin/webhooks/:id",
    {
      schema: {
        tags,
        summary: "Change an endpoint's URL, events, description or format; status active re-activates a failing or disabled endpoint, disabled pauses it",
        security: bearer,
        params: idParams,
        body: updateWebhookSchema,
        response: { 200: successEnvelope(endpointSchema), ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await webhooks.update(request.params.id, request.body) }),
  );

  app.delete(
    "/admin/webhooks/:id",
    {
      schema: {
        tags,
        summary: "Delete an endpoint and its delivery log",
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/admin/webhooks/:id/rotate-secret",
    {
      schema: {
        tags,
        summary: "Replace the signing secret at once; answers the new one once",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(secretAnswer), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.header("cache-control", "no-store").send({ success: true, data: await webhooks.rotateSecret(request.params.id) }),
  );

  app.post(
    "/admin/webhooks/:id/test",
    {
      schema: {
        tags,
        summary: `Send a signed ${WEBHOOK_TEST_EVENT} event to the endpoint (202: queued; its result shows in the delivery log)`,
        security: bearer,
        params: idParams,
        response: { 202: successEnvelope(deliverySchema), ...denied, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(202).send({ success: true, data: await webhooks.sendTest(request.params.id) }),
  );

  app.get(
    "/admin/webhooks/:id/deliveries",
    {
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first: status, attempts, response code, error, next retry",
        security: bearer,
        params: idParams,
        querystring: paginationQuery(20),
        response: { 200: listEnvelope(deliverySchema), ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total, pages } = await webhooks.deliveries(request.params.id, page, limit);
      return { success: true as const, data: items, total, page, limit, pages };
    },
  );

  app.post(
    "/admin/webhooks/:id/deliveries/:deliveryId/resend",
    {
      schema: {
        tags,
        summary: "Send a delivery's event again as a new delivery (same event id, so receivers can dedupe)",
        security: bearer,
        params: idParams.extend({ deliveryId: z.string().max(100) }),
        response: { 202: successEnvelope(deliverySchema), ...denied, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(202).send({ success: true, data: await webhooks.resend(request.params.id, request.params.deliveryId) }),
  );
};
