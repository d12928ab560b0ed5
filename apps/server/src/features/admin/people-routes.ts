import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorEnvelopeSchema, successEnvelope } from "@vestin/shared/api";
import { readAuditLog, recordAudit } from "../audit/index.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { sha256 } from "../../lib/ids.ts";
import { erasePerson, personalExport } from "./privacy.ts";
import { any, anyList, bearer, denied, limit, page } from "./route-schemas.ts";

const emailBody = z.object({
  email: z
    .email({ error: "A valid email address is required" })
    .trim()
    .transform((e) => e.toLowerCase()),
});

/** /admin/users, /admin/privacy and /admin/audit: accounts, a person's data, and who did what (registered inside the admin scope: admins only). */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/users",
    {
      schema: {
        tags: ["admin"],
        summary: "Accounts, newest first, searchable by name or e-mail",
        security: bearer,
        querystring: z.object({ search: z.string().trim().max(200).optional(), page, limit }),
        response: { 200: anyList, ...denied },
      },
    },
    async (request) => {
      const { items, total, pages } = await app.accounts.listUsers(request.query);
      return { success: true as const, data: items, total, pages, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get(
    "/admin/users/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One account with its enrolments, progress and certificates",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: successEnvelope(any), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await app.accounts.userById(request.params.id);
      if (!user) throw notFound("User not found");
      return { success: true as const, data: { user, ...(await app.learning.learnerSummary(user._id)) } };
    },
  );

  app.post(
    "/admin/users/:id/revoke-sessions",
    {
      schema: {
        tags: ["admin"],
        summary: "Sign a user out everywhere",
        security: bearer,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: successEnvelope(z.object({ revoked: z.number() })), ...denied, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!(await app.accounts.userById(request.params.id))) throw notFound("User not found");
      return { success: true as const, data: { revoked: await app.accounts.revokeAllSessions(request.params.id) } };
    },
  );

  app.post(
    "/admin/privacy/export",
    {
      config: { skipAudit: true },
      schema: {
        tags: ["admin"],
        summary: "Everything held about one e-mail address, as JSON",
        security: bearer,
        body: emailBody,
        response: { 200: successEnvelope(any), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const email = request.body.email;
      const data = await personalExport(app, email);
      await recordAudit(app.database.db, {
        actorId: request.user?._id ?? null,
        actorEmail: request.user?.email ?? "",
        action: "PRIVACY export",
        targetType: "person",
        targetId: sha256(email),
      });
      return { success: true as const, data };
    },
  );

  app.post(
    "/admin/privacy/erase",
    {
      config: { skipAudit: true },
      schema: {
        tags: ["admin"],
        summary: "Erase every lead, the account and its learning records of one e-mail address",
        description:
          "The audit log keeps who erased and when, with a hash of the address instead of the address itself. " +
          "Consent records go too, except one record by the address's hash that a newsletter or contact-communications consent is withdrawn.",
        security: bearer,
        body: emailBody.extend({ confirm: z.literal(true, { error: "Confirm the erasure" }) }),
        response: { 200: successEnvelope(any), ...denied, 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const email = request.body.email;
      if (request.user?.email === email) throw badRequest("You cannot erase your own administrator account here.");
      const erased = await erasePerson(app, email, { id: request.user?._id ?? null, email: request.user?.email ?? "" }, "PRIVACY erase");
      return { success: true as const, data: { erased: { leads: erased.leads, account: erased.account } } };
    },
  );

  app.get(
    "/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "The audit log, newest first",
        security: bearer,
        querystring: z.object({ page, limit }),
        response: { 200: anyList, ...denied },
      },
    },
    async (request) => {
      const { page: p, limit: l } = request.query;
      const { entries, total } = await readAuditLog(app.database.db, p, l);
      return {
        success: true as const,
        data: entries,
        total,
        page: p,
        limit: l,
        pages: Math.ceil(total / l),
      };
    },
  );
};
