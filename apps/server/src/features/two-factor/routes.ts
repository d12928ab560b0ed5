import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import {
  recoveryCodesSchema,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  twoFactorConfirmSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "@vestin/shared/two-factor";
import type { User } from "@vestin/shared/accounts";
import { unauthorized } from "../../lib/errors.ts";

const bearer = [{ bearerAuth: [] }];
const tags = ["me", "two-factor"];
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const LIMITED = "Wrong codes count toward 10 per person per 15 minutes (429).";

/** /me/2fa: a signed-in person's own two-factor sign-in (ADR 14). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { twoFactor, accounts } = app;
  app.addHook("onRequest", app.auth.requireUser);
  const me = (request: { user: User | null; sessionId: string | null }) => {
    if (!request.user || !request.sessionId) throw unauthorized();
    return { user: request.user, sessionId: request.sessionId };
  };

  app.get(
    "/me/2fa",
    {
      schema: {
        tags,
        summary: "Whether two-factor sign-in is on, recovery codes left, remembered devices",
        security: bearer,
        response: { 200: successEnvelope(twoFactorStatusSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => ({ success: true as const, data: await twoFactor.status(me(request).user) }),
  );

  app.post(
    "/me/2fa/setup",
    {
      schema: {
        tags,
        summary: "Start setting it up: a new secret as a QR code (it takes effect only once a code made from it is sent to /me/2fa/enable)",
        security: bearer,
        response: { 200: successEnvelope(twoFactorSetupSchema), ...failures },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await twoFactor.setup(me(request).user) };
    },
  );

  app.post(
    "/me/2fa/enable",
    {
      schema: {
        tags,
        summary: `Turn it on with the first code from the app: answers ${TWO_FACTOR.recoveryCodes} recovery codes (shown once) and signs out every other session`,
        description: LIMITED,
        security: bearer,
        body: twoFactorEnableSchema,
        response: { 200: successEnvelope(recoveryCodesSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = me(request);
      const codes = await twoFactor.enable(user, request.body.code);
      // Sessions opened with the password alone end: from now on a session needs the second step.
      await accounts.endOtherSessions(user, sessionId);
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: codes, message: TWO_FACTOR_MESSAGES.enabled };
    },
  );

  app.post(
    "/me/2fa/recovery-codes",
    {
      schema: {
        tags,
        summary: "New recovery codes after a current code (the old ones stop working)",
        description: LIMITED,
        security: bearer,
        body: twoFactorConfirmSchema,
        response: { 200: successEnvelope(recoveryCodesSchema), ...failures },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await twoFactor.regenerateCodes(me(request).user, request.body), message: TWO_FACTOR_MESSAGES.codesRegenerated };
    },
  );

  app.post(
    "/me/2fa/disable",
    {
      schema: {
        tags,
        summary: "Turn it off after a current code (members only: administrators must keep it)",
        description: LIMITED,
        security: bearer,
        body: twoFactorConfirmSchema,
        response: { 200: successEnvelope(z.object({ message: z.string() })), ...failures },
      },
    },
    async (request) => {
      await twoFactor.disable(me(request).user, request.body);
      return { success: true as const, data: { message: TWO_FACTOR_MESSAGES.disabled } };
    },
  );
};
