import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { sourcesQuerySchema, sourcesReportSchema } from "@vestin/shared/attribution";
import { sourcesRange, sourcesReport } from "./sources.ts";

const bearer = [{ bearerAuth: [] }];

/** /admin/sources: campaign attribution of leads and sign-ups (registered inside the admin scope: admins only). */
export const sourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/sources",
    {
      schema: {
        tags: ["admin"],
        summary: "Leads (by kind) and sign-ups by source and campaign, per day or week of a date range (UTC)",
        description:
          "Source is the first visit's utm_source and campaign its utm_campaign, as the browser sent them with the form or sign-up; null when none was recorded (no analytics consent, or a visit without campaign parameters).",
        security: bearer,
        querystring: sourcesQuerySchema,
        response: { 200: successEnvelope(sourcesReportSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const range = sourcesRange(request.query);
      return { success: true as const, data: await sourcesReport(app.database.db, { ...range, interval: request.query.interval }) };
    },
  );
};
