import type { FastifyRequest } from "fastify";
import { ACCOUNT_MESSAGES, type User } from "@vestin/shared/accounts";
import { TWO_FACTOR_MESSAGES } from "@vestin/shared/two-factor";
import { AppError, forbidden, unauthorized } from "../../lib/errors.ts";
import type { AccountsService } from "./service.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
    /** Whether the signed-in person has two-factor sign-in on (read with the session). */
    twoFactorOn: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || undefined;
}

/**
 * onRequest hooks, so authentication (401) and role (403) are decided before the body is read or
 * validated (400): the API checks the route, then authentication, then role, then input.
 */
export function authHooks(accounts: AccountsService) {
  const signedIn = (options: { fresh: boolean }) => async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ACCOUNT_MESSAGES.authRequired);
    const found = await accounts.authenticate(token, options);
    if (!found) throw unauthorized(ACCOUNT_MESSAGES.tokenInvalid);
    request.user = found.user;
    request.sessionId = found.sessionId;
    request.twoFactorOn = found.twoFactorOn;
  };
  const requireUser = signedIn({ fresh: false });
  return {
    requireUser,
    /**
     * For the token check itself (GET /auth/verify): the session is read from the database, never
     * from memory, so the answer is the database's own, and a database that is down answers 503.
     */
    requireVerifiedUser: signedIn({ fresh: true }),
    /** Reads the user when a valid token is sent; an absent or invalid token just means "anonymous". */
    optionalUser: async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return;
      const found = await accounts.authenticate(token, { fresh: false });
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        request.twoFactorOn = found.twoFactorOn;
      }
    },
    /**
     * Administrators, and only once they have turned on two-factor sign-in: until then
     * every admin route answers 403 with errors.twoFactor = "required", and the console sends them
     * to set it up. A session of an admin with it on was opened through the second step (ADR 14).
     */
    requireAdmin: async (request: FastifyRequest) => {
      await requireUser(request);
      if (request.user?.role !== "admin") throw forbidden("Administrator access required");
      // A refusal is confirmed from the database: the session kept in memory may predate an enrolment
      // made a moment ago (on PostgreSQL the change notice arrives a little later).
      if (!request.twoFactorOn) await signedIn({ fresh: true })(request);
      if (!request.twoFactorOn) throw new AppError(403, TWO_FACTOR_MESSAGES.adminMustEnrol, { twoFactor: "required" });
    },
  };
}

export type AuthHooks = ReturnType<typeof authHooks>;
