import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { User } from "@vestin/shared/accounts";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import {
  accountSettingsSchema,
  type AccountSettings,
  deleteAccountSchema,
  ME_MESSAGES,
  myCourseSchema,
  myLearningSchema,
  passwordChangeSchema,
  preferencesSchema,
  profileUpdateSchema,
  sessionSchema,
} from "@vestin/shared/me";
import { unauthorized } from "../../lib/errors.ts";
import { erasePerson, personalExport } from "../admin/index.ts";

const idParams = z.object({ id: z.string().trim().min(1).max(200) });
const bearer = [{ bearerAuth: [] }];
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const message = successEnvelope(z.object({ message: z.string() }));
const settings = successEnvelope(accountSettingsSchema);

/**
 * /me: the signed-in person's own space. Every route acts on the token's user only;
 * an id in a path (a session, a lesson, a course) is checked against that user.
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, learning, assessments, newsletter } = app;

  /** The newsletter as it stands: once there is a subscription, it decides (an unsubscribe link counts). */
  async function withNewsletter(settings: AccountSettings): Promise<AccountSettings> {
    const status = await newsletter.subscriptions.statusOf(settings.email);
    return { ...settings, newsletter: status === null ? settings.newsletter : status !== "unsubscribed", newsletterStatus: status };
  }
  app.addHook("onRequest", app.auth.requireUser);
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) void reply.header("cache-control", "private, no-store");
    return payload;
  });
  const me = (request: { user: User | null; sessionId: string | null }) => {
    if (!request.user || !request.sessionId) throw unauthorized();
    return { user: request.user, sessionId: request.sessionId };
  };

  app.get(
    "/me/learning",
    {
      schema: {
        tags: ["me"],
        summary: "My learning: courses in progress (last visited first) and completed, and the placement result",
        security: bearer,
        response: { 200: successEnvelope(myLearningSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { user } = me(request);
      return {
        success: true as const,
        data: {
          ...(await learning.myLearning(user)),
          placement: await assessments.myPlacement(user),
        },
      };
    },
  );

  app.get(
    "/me/courses/:id",
    {
      schema: {
        tags: ["me"],
        summary: "One of my courses: progress, where to resume, certificate (404 when not enrolled)",
        security: bearer,
        params: idParams,
        response: { 200: successEnvelope(myCourseSchema), ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await learning.myCourse(request.params.id, me(request).user) }),
  );

  app.post(
    "/me/lessons/:id/visit",
    {
      schema: {
        tags: ["me"],
        summary: "Record the lesson I opened last in its course, to resume there (no body)",
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await learning.recordVisit(request.params.id, me(request).user);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/me/account",
    { schema: { tags: ["me"], summary: "My account settings", security: bearer, response: { 200: settings, 401: errorEnvelopeSchema } } },
    async (request) => ({ success: true as const, data: await withNewsletter(await accounts.settings(me(request).user)) }),
  );

  app.patch(
    "/me/account",
    {
      schema: { tags: ["me"], summary: "Change my first and last name", security: bearer, body: profileUpdateSchema, response: { 200: settings, ...failures } },
    },
    async (request) => ({
      success: true as const,
      data: await withNewsletter(await accounts.updateName(me(request).user, request.body.firstName, request.body.lastName)),
    }),
  );

  app.post(
    "/me/password",
    {
      schema: {
        tags: ["me"],
        summary: "Change my password (the current one required), or set one for a Google-only account; signs out my other sessions and e-mails a notice",
        security: bearer,
        body: passwordChangeSchema,
        response: { 200: message, ...failures },
      },
    },
    async (request) => {
      const { user, sessionId } = me(request);
      return {
        success: true as const,
        data: await accounts.changePassword(user, sessionId, request.body.currentPassword, request.body.newPassword, request.ip),
      };
    },
  );

  app.put(
    "/me/preferences",
    {
      schema: {
        tags: ["me"],
        summary: "My e-mail preferences (the newsletter), kept with when they changed",
        security: bearer,
        body: preferencesSchema,
        response: { 200: settings, ...failures },
      },
    },
    async (request) => {
      const { user } = me(request);
      const settings = await accounts.setNewsletter(user, request.body.newsletter);
      // On: the double opt-in e-mail (the account's address is not proven otherwise); off: withdrawn, with its record.
      if (request.body.newsletter) await newsletter.subscriptions.request(settings.email, { source: "account", page: "/account", ip: request.ip });
      else await newsletter.subscriptions.withdrawByEmail(settings.email, "account", request.ip);
      return { success: true as const, data: await withNewsletter(settings) };
    },
  );

  app.get(
    "/me/sessions",
    {
      schema: {
        tags: ["me"],
        summary: "My signed-in sessions: device, browser, when signed in and last seen",
        security: bearer,
        response: { 200: successEnvelope(z.array(sessionSchema)), 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = me(request);
      return { success: true as const, data: await accounts.sessions(user, sessionId) };
    },
  );

  app.delete(
    "/me/sessions/:id",
    {
      schema: {
        tags: ["me"],
        summary: "Sign out one of my sessions (another person's id: 404)",
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...failures },
      },
    },
    async (request, reply) => {
      await accounts.endSession(me(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/me/sessions/sign-out-others",
    {
      schema: {
        tags: ["me"],
        summary: "Sign out every session but this one (no body)",
        security: bearer,
        response: { 200: successEnvelope(z.object({ revoked: z.number().int() })), ...failures },
      },
    },
    async (request) => {
      const { user, sessionId } = me(request);
      return { success: true as const, data: { revoked: await accounts.endOtherSessions(user, sessionId) } };
    },
  );

  app.get(
    "/me/export",
    { schema: { tags: ["me"], summary: "Everything held about me, as a JSON file to download", security: bearer, response: { 401: errorEnvelopeSchema } } },
    async (request, reply) => {
      const { user } = me(request);
      const data = await personalExport(app, user.email);
      const body = JSON.stringify({ ...data, sessions: await accounts.sessionsForExport(user) }, null, 2);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="vestin-my-data-${data.exportedAt.slice(0, 10)}.json"`)
        .send(body as never);
    },
  );

  app.post(
    "/me/delete",
    {
      schema: {
        tags: ["me"],
        summary:
          "Delete my account: type my e-mail address and my password (a Google-only account: signed in within 10 minutes). Erases as the admin erasure does; certificates then show as revoked.",
        security: bearer,
        body: deleteAccountSchema,
        response: { 200: message, ...failures },
      },
    },
    async (request) => {
      const { user, sessionId } = me(request);
      const row = await accounts.confirmDeletion(user, sessionId, request.body.email, request.body.password, request.ip);
      await erasePerson(app, row.email, { id: user._id, email: row.email }, "ACCOUNT deleted by holder");
      return { success: true as const, data: { message: ME_MESSAGES.accountDeleted } };
    },
  );
};
