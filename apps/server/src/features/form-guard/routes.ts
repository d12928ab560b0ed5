import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { successEnvelope } from "@vestin/shared/api";
import { FORM_GUARD_LIMITS, formTokenSchema } from "@vestin/shared/form-guard";

/** GET /form-token: what a public form fetches when it is shown (never part of cached HTML). */
export const formGuardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/form-token",
    {
      schema: {
        tags: ["forms"],
        summary: "A token for one submission of a public form (and the challenge to show, if any)",
        description:
          `Fetch it when the form is shown and send it as formToken with the submission (sign-up, contact, partnership, presale, waitlist, airdrop claim). ` +
          `It is accepted once, no sooner than ${FORM_GUARD_LIMITS.minFillMs / 1000} s and no later than ${FORM_GUARD_LIMITS.maxAgeMs / 3_600_000} h after it was issued. ` +
          `Leave the hidden honeypot field (website) empty. challenge is null unless a challenge provider is configured; then send the widget's answer as challengeToken. ` +
          `With FORM_GUARD=off the server ignores all of this. Not cached.`,
        response: { 200: successEnvelope(formTokenSchema) },
      },
    },
    async (_request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: app.formGuard.issue() };
    },
  );
};
