import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from "@vestin/shared/api";
import { articleSchema, articleSummarySchema, articleUpdateSchema, articleWriteSchema, blogListQuerySchema, categoryCountSchema } from "@vestin/shared/blog";
import { COUNTED } from "../../lib/cache-control.ts";
import { LIMITS } from "../../lib/rate-limit.ts";

const idParams = z.object({ id: z.string().trim().min(1, "Blog ID is required").max(200) });
const likeResponse = successEnvelope(z.object({ likeCount: z.number().int() }));
const adminFailures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const bearer = [{ bearerAuth: [] }];
const articleList = listEnvelope(articleSummarySchema);
const categoryList = successEnvelope(z.array(categoryCountSchema));
const articleAnswer = successEnvelope(articleSchema);

/** /blogs: the public blog and its admin writes (contract "Blog"). */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { blog, auth, limiter, publicCache } = app;

  app.get(
    "/blogs",
    {
      schema: {
        tags: ["blog"],
        summary: "Published articles, newest first, most viewed or most liked; full-text search with `search`",
        description:
          "search matches title, excerpt, content and tags, ranked by relevance (title first), case- and accent-insensitive, the last word as a prefix. limit above 100 is capped.",
        querystring: blogListQuerySchema,
        response: { 200: articleList, 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const cached = await publicCache.json(
        `blogs:${JSON.stringify(request.query)}`,
        articleList,
        async () => {
          const { items, total, pages } = await blog.list(request.query);
          return { success: true as const, data: items, total, page, limit, pages };
        },
        // Search text is anything a visitor types: kept once it is asked for again.
        { admitOnRepeat: Boolean(request.query.search) },
      );
      return publicCache.send(request, reply, cached);
    },
  );

  app.get(
    "/blogs/categories",
    { schema: { tags: ["blog"], summary: "Categories with their published article counts", response: { 200: categoryList } } },
    async (request, reply) =>
      publicCache.send(
        request,
        reply,
        await publicCache.json("blogs:categories", categoryList, async () => ({ success: true as const, data: await blog.categories() })),
      ),
  );

  app.get(
    "/blogs/:id",
    {
      schema: {
        tags: ["blog"],
        summary: "One published article by id or slug (counts a view)",
        params: idParams,
        response: { 200: articleAnswer, 404: errorEnvelopeSchema },
      },
    },
    // Every read counts a view, so shared caches revalidate each time (COUNTED).
    async (request, reply) => {
      // Answered early next time (before validation and this handler), it still counts the view.
      const { answer, countView } = await blog.viewAnswer(request.params.id, articleAnswer);
      return publicCache.send(request, reply, answer, { cacheControl: COUNTED, onHit: countView });
    },
  );

  for (const [action, delta] of [
    ["like", 1],
    ["unlike", -1],
  ] as const) {
    app.put(
      `/blogs/:id/${action}`,
      {
        schema: {
          tags: ["blog"],
          summary: action === "like" ? "Like an article (no sign-in)" : "Take a like back (never below 0)",
          description: "60 per minute per address.",
          params: idParams,
          response: { 200: likeResponse, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema },
        },
      },
      async (request) => {
        await limiter.consume(LIMITS.like, request.ip);
        return { success: true as const, data: { likeCount: await blog.like(request.params.id, delta) } };
      },
    );
  }

  app.post(
    "/blogs",
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags: ["blog", "admin"],
        summary: "Create an article (content as HTML, or markdown); sanitized on write",
        security: bearer,
        body: articleWriteSchema,
        response: { 201: successEnvelope(articleSchema), ...adminFailures },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await blog.create(request.body) }),
  );

  app.put(
    "/blogs/:id",
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags: ["blog", "admin"],
        summary: "Update an article (any subset of its fields)",
        security: bearer,
        params: idParams,
        body: articleUpdateSchema,
        response: { 200: successEnvelope(articleSchema), ...adminFailures },
      },
    },
    async (request) => ({ success: true as const, data: await blog.update(request.params.id, request.body) }),
  );

  app.delete(
    "/blogs/:id",
    {
      onRequest: auth.requireAdmin,
      schema: {
        tags: ["blog", "admin"],
        summary: "Delete an article",
        security: bearer,
        params: idParams,
        response: { 204: z.null().describe("Deleted"), ...adminFailures },
      },
    },
    async (request, reply) => {
      await blog.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
