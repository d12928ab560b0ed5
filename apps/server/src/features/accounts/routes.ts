import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TWO_FACTOR, twoFactorChallengeSchema, twoFactorVerifySchema } from "@vestin/shared/two-factor";
import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  forgotPasswordSchema,
  ADMIN_PASSWORD_MIN,
  googleCallbackQuerySchema,
  PASSWORD_MIN,
  passwordLinkSchema,
  googleVerifySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sessionSchema,
  userSchema,
} from "@vestin/shared/accounts";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { unauthorized } from "../../lib/errors.ts";

const messageOnly = z.object({ success: z.literal(true), message: z.string() });
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const bearer = [{ bearerAuth: [] }];

/** /auth: registration, sign-in, sessions, password reset and Google sign-in (contract "Accounts"). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, auth } = app;

  /**
   * Sign-up's "subscribe to the newsletter": the double opt-in e-mail to the new account's address
   * (nothing else proves it). The account is made already: a failure here is logged, not answered.
   */
  async function subscribeNewAccount(email: string, ip: string): Promise<void> {
    try {
      await app.newsletter.subscriptions.request(email, { source: "signup", page: "/signup", ip });
    } catch (err) {
      app.log.error({ err }, "could not ask a new account to confirm its newsletter subscription");
    }
  }

  app.post(
    "/auth/register",
    {
      schema: {
        tags: ["accounts"],
        summary: "Create an account (role is always user)",
        description:
          "Registering accepts the Terms and the Privacy Policy in force: both are recorded (consent_records) with their versions, " +
          "the time, the form and a keyed hash of the IP. Send agreeToTerms: true when the person ticked the sign-up form's box, " +
          "so the record carries its wording; agreeToTerms: false is refused (400).",
        body: registerSchema,
        response: { 201: successEnvelope(sessionSchema), ...failures },
      },
    },
    async (request, reply) => {
      const session = await accounts.register(request.body, request.ip, request.headers["user-agent"]);
      if (request.body.subscribeNewsletter) await subscribeNewAccount(request.body.email, request.ip);
      return reply.status(201).send({ success: true, data: session, message: ACCOUNT_MESSAGES.accountCreated });
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with e-mail and password",
        description:
          "10 failed attempts per 15 minutes per (address, e-mail) pair; then 429 with Retry-After. " +
          "With two-factor sign-in on (and no remembered deviceToken), the answer is { twoFactorRequired, challenge } instead of a session: send the code to POST /auth/2fa.",
        body: loginSchema,
        response: { 200: successEnvelope(z.union([sessionSchema, twoFactorChallengeSchema])), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await accounts.login(request.body.email, request.body.password, request.ip, request.headers["user-agent"], request.body.deviceToken),
    }),
  );

  app.post(
    "/auth/2fa",
    {
      schema: {
        tags: ["accounts"],
        summary: "The second step of a sign-in: the code from the authenticator app (or a recovery code) for the challenge",
        description:
          `The challenge lasts ${TWO_FACTOR.challengeMinutes} minutes and takes ${TWO_FACTOR.attemptsPerChallenge} tries (then 401: sign in again); ` +
          "10 wrong codes per person per 15 minutes (429). A code is taken once: the same code again is refused. " +
          `rememberDevice answers a deviceToken that skips this step for ${TWO_FACTOR.rememberDays} days when sent with POST /auth/login.`,
        body: twoFactorVerifySchema,
        response: { 200: successEnvelope(sessionSchema.extend({ deviceToken: z.string().nullable() })), ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await accounts.completeTwoFactor(request.body, request.headers["user-agent"]) }),
  );

  app.post(
    "/auth/logout",
    {
      onRequest: auth.requireUser,
      schema: {
        tags: ["accounts"],
        summary: "Revoke this token (other sessions stay)",
        security: bearer,
        response: { 200: messageOnly, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!request.sessionId) throw unauthorized();
      await accounts.logout(request.sessionId);
      return { success: true as const, message: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  app.get(
    "/auth/verify",
    {
      onRequest: auth.requireVerifiedUser,
      schema: {
        tags: ["accounts"],
        summary: "The user behind a token",
        security: bearer,
        response: {
          200: successEnvelope(
            z.object({
              user: userSchema,
              twoFactorEnabled: z.boolean().describe("Whether this person signs in with a second step (required before an administrator's console opens)"),
            }),
          ),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return { success: true as const, data: { user: request.user, twoFactorEnabled: request.twoFactorOn } };
    },
  );

  app.post(
    "/auth/forgot-password",
    {
      schema: {
        tags: ["accounts"],
        summary: "E-mail a password-reset link",
        description: "Answers the same whether or not an account exists. The link is never returned here.",
        body: forgotPasswordSchema,
        response: { 200: messageOnly, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email, request.ip);
      return { success: true as const, message: ACCOUNT_MESSAGES.resetEmailSent };
    },
  );

  app.put(
    "/auth/reset-password",
    {
      schema: {
        tags: ["accounts"],
        summary: "Set a new password with an e-mailed token; revokes every earlier session",
        body: resetPasswordSchema,
        response: { 200: messageOnly, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  app.post(
    "/auth/password-link",
    {
      schema: {
        tags: ["accounts"],
        summary: "What a password link is for, before it is used: an administrator's invitation or a reset, and its password rule",
        description:
          "The token of a /reset-password link, in the body (never the address). purpose is invitation for an administrator who has no password yet. " +
          `An administrator's password needs minLength (${ADMIN_PASSWORD_MIN}) characters and must not be a common or breached password; a learner's ${PASSWORD_MIN}. ` +
          "The link is not used: PUT /auth/reset-password does that. 400 when it is unknown, used or expired.",
        body: passwordLinkSchema,
        response: {
          200: successEnvelope(
            z.object({ purpose: z.enum(["invitation", "reset"]), administrator: z.boolean(), email: z.string(), minLength: z.number().int() }),
          ),
          400: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: await accounts.describePasswordLink(request.body.token) };
    },
  );

  app.get(
    "/auth/oauth/urls",
    {
      schema: {
        tags: ["accounts"],
        summary: "Where to send the browser for Google sign-in (state + S256 PKCE)",
        response: { 200: successEnvelope(z.object({ google: z.object({ authUrl: z.string() }) })), 503: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      void reply.header("cache-control", "no-store");
      return { success: true as const, data: { google: { authUrl: await accounts.googleAuthorizationUrl() } } };
    },
  );

  app.get(
    "/auth/google/callback",
    {
      schema: {
        tags: ["accounts"],
        summary: "Finish Google sign-in with the code and state from the redirect",
        querystring: googleCallbackQuerySchema,
        response: { 200: successEnvelope(z.union([sessionSchema, twoFactorChallengeSchema])), ...failures },
      },
    },
    async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return {
        success: true as const,
        data: await accounts.googleCallback(
          request.query.code,
          request.query.state,
          { ip: request.ip, userAgent: request.headers["user-agent"] },
          request.query.attribution,
        ),
      };
    },
  );

  app.post(
    "/auth/google/verify",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with a Google ID token",
        body: googleVerifySchema,
        response: { 200: successEnvelope(z.union([sessionSchema, twoFactorChallengeSchema])), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await accounts.googleVerify(request.body.idToken, { ip: request.ip, userAgent: request.headers["user-agent"] }, request.body.attribution),
    }),
  );
};
