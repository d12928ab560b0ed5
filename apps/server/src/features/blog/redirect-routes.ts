import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from "@vestin/shared/api";
import { redirectSchema, redirectWriteSchema } from "@vestin/shared/blog";

const bearer = [{ bearerAuth: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const tags = ["admin", "blog"];
const listQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 200)),
});

/**
 * /admin/redirects: the console's list of redirects (old path → new path, or 410 Gone), the
 * automatic ones of slug changes and removals and the manual ones. Administrators with their
 * second factor only (checked before anything is read); every successful write lands in the
 * audit log through the admin audit hook (features/audit), and clears the rendered pages (app.ts).
 */
export const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { redirects } = app.blog;
  app.addHook("onRequest", app.auth.requireAdmin);

  app.get(
    "/admin/redirects",
    {
      schema: {
        tags,
        summary: "Redirects, newest first: old path → new path (toPath null: 410 Gone)",
        security: bearer,
        querystring: listQuery,
        response: { 200: listEnvelope(redirectSchema), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total, pages } = await redirects.list(page, limit);
      return { success: true as const, data: items, total, page, limit, pages };
    },
  );

  app.post(
    "/admin/redirects",
    {
      schema: {
        tags,
        summary: "Add a manual redirect from an old site path to a new one (301)",
        description:
          "Both are paths on this site starting with `/` (no scheme or host). Refused: a path to itself, a loop, an old path that already redirects (409), a published article's page, /api and /admin paths. A new path that itself redirects is followed, so chains collapse.",
        security: bearer,
        body: redirectWriteSchema,
        response: { 201: successEnvelope(redirectSchema), ...denied, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await redirects.add(request.body) }),
  );

  app.delete(
    "/admin/redirects/:id",
    {
      schema: {
        tags,
        summary: "Delete a redirect (its old path answers 404 from then on)",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null().describe("Deleted"), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await redirects.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
