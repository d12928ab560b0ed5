import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { CONSENT_MESSAGES, cookieChoiceAnswerSchema, cookieChoiceSchema } from "@vestin/shared/consents";
import { unauthorized } from "../../lib/errors.ts";

const bearer = [{ bearerAuth: [] }];

/**
 * Consent records a signed-in person makes themselves. Terms and privacy are recorded
 * by sign-up, the contact form's consent by the contact form; a person's records are part of their
 * data export (GET /me/export, POST /admin/privacy/export). Anonymous cookie choices stay in the
 * browser: this route answers 401 without a token.
 */
export const consentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { consents } = app;

  app.put(
    "/me/consents/cookies",
    {
      onRequest: app.auth.requireUser,
      schema: {
        tags: ["me"],
        summary: "Record my cookie choice (analytics; functional is always on) with the cookie policy's version",
        description:
          "Called by the cookie settings when the person is signed in. The analytics category, when its state changed, is recorded " +
          "as given or withdrawn, with the cookie policy's version, the toggle's wording, the time and a keyed hash of the IP; " +
          "a repeated choice records nothing (`recorded` lists what was). The embedded-videos choice is kept in the browser only. " +
          "120 calls per hour per account.",
        security: bearer,
        body: cookieChoiceSchema,
        response: {
          200: successEnvelope(cookieChoiceAnswerSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      void reply.header("cache-control", "private, no-store");
      return {
        success: true as const,
        data: await consents.recordCookieChoice(request.user, request.body, request.ip),
        message: CONSENT_MESSAGES.cookieChoiceSaved,
      };
    },
  );
};
