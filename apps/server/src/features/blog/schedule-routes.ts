import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { articleScheduleSchema, articleScheduleStateSchema } from "@vestin/shared/article-schedule";
import { unauthorized } from "../../lib/errors.ts";

const bearer = [{ bearerAuth: [] }];
const tags = ["admin", "blog"];
const params = z.object({ id: z.string().trim().min(1).max(200) });
const answer = successEnvelope(articleScheduleStateSchema);
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * /admin/articles/{id}/schedule: an administrator schedules a draft for a future moment, moves a
 * schedule, or cancels it (back to draft). Each write stores its own audit row (old and new
 * moment) in its transaction, so the generic admin audit hook is skipped; the write hook in app.ts
 * clears the public caches as for any administrator's write.
 */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { schedule } = app.blog;
  app.addHook("onRequest", app.auth.requireAdmin);
  const actor = (user: { _id: string; email: string } | null | undefined) => {
    if (!user) throw unauthorized();
    return { id: user._id, email: user.email };
  };

  app.put(
    "/admin/articles/:id/schedule",
    {
      config: { skipAudit: true },
      schema: {
        tags,
        summary: "Schedule an article (or move its schedule) to go public at a future moment",
        description:
          "The article becomes `scheduled`: not public until `scheduledAt` (UTC), when it is published once, with its newsletter campaign if it has `sendToSubscribers`. A moment not in the future is a 400; a published article is a 409.",
        security: bearer,
        params,
        body: articleScheduleSchema,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await schedule.schedule(request.params.id, request.body.scheduledAt, actor(request.user)) }),
  );

  app.delete(
    "/admin/articles/:id/schedule",
    {
      config: { skipAudit: true },
      schema: {
        tags,
        summary: "Cancel an article's schedule: it is a draft again",
        security: bearer,
        params,
        response: { 200: answer, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await schedule.cancel(request.params.id, actor(request.user)) }),
  );
};
