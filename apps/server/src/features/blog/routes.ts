import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorEnvelopeSchema, listEnvelope, successEnvelope } from "@vestin/shared/api";
import {
  articleSchema,
  articleSummarySchema,
  articleUpdateSchema,
  articleWriteSchema,
  blogListQuerySchema,
  categoryCountSchema,
  REDIRECT_MESSAGES,
} from "@vestin/shared/blog";
import { COUNTED } from "../../lib/cache-control.ts";
import { AppError } from "../../lib/errors.ts";
import { articleRemoved, REDIRECT_CACHE_CONTROL, slugOfPath } from "./redirects.ts";
import { LIMITS } from "../../lib/rate-limit.ts";

const idParams = z.object({ id: z.string().trim().min(1, "Blog ID is required").max(200) });
const likeResponse = successEnvelope(z.object({ likeCount: z.number().int() }));
const adminFailures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const bearer = [{ bearerAuth: [] }];
const articleList = listEnvelope(articleSummarySchema);
const categoryList = successEnvelope(z.array(categoryCountSchema));
const articleAnswer = successEnvelope(articleSchema);
const movedAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.object({
    slug: z.string().nullable().describe("The article's slug now (its page is /blog/{slug}); null when the old path leads to another page"),
    path: z.string().describe("The site page to show instead"),
  }),
});

/** The signed-in administrator, as the author of the revision a save keeps. */
const editorOf = (request: FastifyRequest) => (request.user ? { id: request.user._id, email: request.user.email } : null);

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
        description:
          "An old slug of a renamed article answers 301: `Location` is this call for the new slug, and the body `{ success: false, message, data: { slug, path } }` names the new page. A removed article answers 410 Gone at its old slug and id.",
        params: idParams,
        response: { 200: articleAnswer, 301: movedAnswer, 404: errorEnvelopeSchema, 410: errorEnvelopeSchema },
      },
    },
    // Every read counts a view, so shared caches revalidate each time (COUNTED).
    async (request, reply) => {
      try {
        // Answered early next time (before validation and this handler), it still counts the view.
        const { answer, countView } = await blog.viewAnswer(request.params.id, articleAnswer);
        return await publicCache.send(request, reply, answer, { cacheControl: COUNTED, onHit: countView });
      } catch (error) {
        // Not here: the article may have moved to another slug, or been removed.
        if (!(error instanceof AppError) || error.status !== 404) throw error;
        const fate = await blog.redirects.ofArticle(request.params.id);
        if (!fate) throw error;
        if (fate.toPath === null) throw articleRemoved();
        const slug = slugOfPath(fate.toPath) ?? null;
        return reply
          .status(301)
          .header("location", slug ? `/api/v1/blogs/${slug}` : fate.toPath)
          .header("cache-control", REDIRECT_CACHE_CONTROL)
          .send({ success: false as const, message: REDIRECT_MESSAGES.moved, data: { slug, path: fate.toPath } });
      }
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
    async (request, reply) => reply.status(201).send({ success: true, data: await blog.create(request.body, editorOf(request)) }),
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
    async (request) => ({ success: true as const, data: await blog.update(request.params.id, request.body, editorOf(request)) }),
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
