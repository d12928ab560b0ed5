import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { createdPreviewLinkSchema, previewLinkCreateSchema, previewLinkSchema, previewSchema, previewSubjectSchema } from "@vestin/shared/previews";
import { unauthorized } from "../../lib/errors.ts";
import { LIMITS } from "../../lib/rate-limit.ts";

const bearer = [{ bearerAuth: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const tags = ["admin", "previews"];
/** A preview's answer is one token holder's: no shared cache keeps it, and no search engine lists it. */
const PREVIEW_HEADERS = { "cache-control": "private, no-store", "x-robots-tag": "noindex" } as const;

/**
 * Preview links. The console's routes (/admin/previews: create, list, revoke) are for
 * administrators with their second factor; creating and revoking write their own audit rows in
 * the same transaction (so the generic admin audit hook skips them). The public read
 * (/previews/{token}) needs no account, is rate limited per address, and is never cached.
 */
export const previewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { previews, limiter } = app;

  app.get(
    "/previews/:token",
    {
      schema: {
        tags: ["previews"],
        summary: "What a preview link shows: a draft article, course or lesson's current content",
        description:
          "No account needed: the token is the secret. An unknown, expired or revoked token (or a subject deleted since) answers the same 404. " +
          "`publicPath` names the public page when the subject is published already. Answered with `Cache-Control: private, no-store` and " +
          "`X-Robots-Tag: noindex`; 60 reads a minute per address.",
        params: z.object({ token: z.string().max(200) }),
        response: { 200: successEnvelope(previewSchema), 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.headers(PREVIEW_HEADERS);
      await limiter.consume(LIMITS.secretLinkRead, request.ip);
      return { success: true as const, data: await previews.open(request.params.token) };
    },
  );

  await app.register(previewAdminRoutes);
};

/** The console's side: administrators with their second factor only (checked before anything is read). */
const previewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { previews } = app;
  app.addHook("onRequest", app.auth.requireAdmin);

  app.get(
    "/admin/previews",
    {
      schema: {
        tags,
        summary: "A subject's preview links, newest first (never their tokens)",
        security: bearer,
        querystring: previewSubjectSchema,
        response: { 200: successEnvelope(z.array(previewLinkSchema)), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "private, no-store");
      return { success: true as const, data: await previews.list(request.query) };
    },
  );

  app.post(
    "/admin/previews",
    {
      config: { skipAudit: true },
      schema: {
        tags,
        summary: "Make a preview link for a draft article, course or lesson",
        description:
          "`lifetime` is 1h, 1d, 7d (the default) or 30d. The answer's `url` holds the secret token: it is shown this once, only its hash is stored.",
        security: bearer,
        body: previewLinkCreateSchema,
        response: { 201: successEnvelope(createdPreviewLinkSchema), ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      void reply.header("cache-control", "private, no-store");
      return reply.status(201).send({ success: true, data: await previews.create(request.body, request.user) });
    },
  );

  app.post(
    "/admin/previews/:id/revoke",
    {
      config: { skipAudit: true },
      schema: {
        tags,
        summary: "Revoke a preview link: it stops working at once",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: successEnvelope(previewLinkSchema), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { success: true as const, data: await previews.revoke(request.params.id, request.user) };
    },
  );
};
