import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import {
  adminAuthorSchema,
  authorPageEnvelope,
  authorUpdateSchema,
  authorWriteSchema,
  publishedTopicsSchema,
  tagPageEnvelope,
  topicPageQuerySchema,
} from "@vestin/shared/authors";

const bearer = [{ bearerAuth: [] }];
const denied = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const slugParams = z.object({ slug: z.string().trim().min(1).max(120) });
const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const topicsAnswer = successEnvelope(publishedTopicsSchema);

/**
 * Authors' and tags' public pages as data: an author's profile with a page of their published
 * articles, a tag's published articles, and the authors and tags that have any (the sitemap).
 * Answers are the same for everyone: kept by the public cache, which administrators' writes clear.
 */
export const authorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { blog, publicCache } = app;

  app.get(
    "/authors/:slug",
    {
      schema: {
        tags: ["blog"],
        summary: "An author's profile and their published articles, newest first (12 a page)",
        params: slugParams,
        querystring: topicPageQuerySchema,
        response: { 200: authorPageEnvelope, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const cached = await publicCache.json(`author:${slug}:${request.query.page}:${request.query.limit}`, authorPageEnvelope, async () => ({
        success: true as const,
        data: await blog.authorPage(slug, request.query),
      }));
      return publicCache.send(request, reply, cached);
    },
  );

  app.get(
    "/tags/:slug",
    {
      schema: {
        tags: ["blog"],
        summary: "A tag's published articles, newest first (12 a page); a tag no published article carries is 404",
        params: slugParams,
        querystring: topicPageQuerySchema,
        response: { 200: tagPageEnvelope, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const cached = await publicCache.json(`tag:${slug}:${request.query.page}:${request.query.limit}`, tagPageEnvelope, async () => ({
        success: true as const,
        data: await blog.tagPage(slug, request.query),
      }));
      return publicCache.send(request, reply, cached);
    },
  );

  app.get(
    "/blog-topics",
    {
      schema: {
        tags: ["blog"],
        summary: "Authors and tags with at least one published article, and when they last had one (the sitemap)",
        response: { 200: topicsAnswer },
      },
    },
    async (request, reply) =>
      publicCache.send(
        request,
        reply,
        await publicCache.json("blog-topics", topicsAnswer, async () => ({ success: true as const, data: await blog.authors.publishedTopics() })),
      ),
  );
};

/**
 * /admin/authors: the console's authors. Administrators only (checked before anything is read);
 * every successful write is in the audit log (the admin audit hook) and clears the public
 * answers and pages (app.ts).
 */
export const adminAuthorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { authors } = app.blog;
  app.addHook("onRequest", app.auth.requireAdmin);
  const tags = ["admin", "blog"];
  const answer = successEnvelope(adminAuthorSchema);

  app.get(
    "/admin/authors",
    {
      schema: {
        tags,
        summary: "Every author by name, with their article count and linked account",
        security: bearer,
        response: { 200: successEnvelope(z.array(adminAuthorSchema)), ...denied },
      },
    },
    async () => ({ success: true as const, data: await authors.list() }),
  );

  app.get(
    "/admin/authors/:id",
    {
      schema: { tags, summary: "One author", security: bearer, params: idParams, response: { 200: answer, ...denied, 404: errorEnvelopeSchema } },
    },
    async (request) => ({ success: true as const, data: await authors.get(request.params.id) }),
  );

  app.post(
    "/admin/authors",
    {
      schema: {
        tags,
        summary: "Add an author",
        description:
          "Links are https addresses only. `accountEmail` links the author to the account with that address (400 when none has it, 409 when it is another author's). Without `slug`, one is made from the name.",
        security: bearer,
        body: authorWriteSchema,
        response: { 201: answer, ...denied, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ success: true, data: await authors.create(request.body) }),
  );

  app.put(
    "/admin/authors/:id",
    {
      schema: {
        tags,
        summary: "Change an author (any subset of the fields); a new name is the new byline of their articles",
        security: bearer,
        params: idParams,
        body: authorUpdateSchema,
        response: { 200: answer, ...denied, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await authors.update(request.params.id, request.body) }),
  );

  app.delete(
    "/admin/authors/:id",
    {
      schema: {
        tags,
        summary: "Delete an author without articles (409 while any article names them)",
        security: bearer,
        params: idParams,
        response: { 204: z.null().describe("Deleted"), ...denied, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await authors.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
