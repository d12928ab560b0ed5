import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { SESSION_TTL_MS, sessionTokens } from "./tokens.ts";

/*
 * Hostile input against every accounts route: registration, sign-in, sign-out, password reset, a
 * password link's description and Google sign-in never answer 5xx, and a refusal stores nothing.
 */

const CLIENT_ID = "vestin-property.apps.googleusercontent.com";
const provider = new OAuth2Server();

beforeAll(async () => {
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
});
afterAll(async () => {
  await provider.stop();
});

describeEachDatabase(
  "accounts routes under hostile input",
  (t) => {
    const known = newUser();
    let userId = "";
    beforeAll(async () => {
      const res = await api(t().app, "POST", "/api/v1/auth/register", known);
      userId = res.body.data.user._id as string;
    });

    /** A new session of the known user without hashing a password (sign-out uses one up per request). */
    const freshToken = async () => {
      const id = newId();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await t()
        .database.db.insertInto("sessions")
        .values({ id, user_id: userId, created_at: nowIso(), expires_at: expiresAt.toISOString(), revoked_at: null })
        .execute();
      return sessionTokens(t().config.jwtSecret).sign(userId, id, expiresAt);
    };

    const routes = (): RouteUnderTest[] => [
      { method: "POST", path: "/api/v1/auth/register", body: newUser({ email: "ada.{unique}@example.com", subscribeNewsletter: true, role: "user" }) },
      { method: "POST", path: "/api/v1/auth/login", body: { email: known.email, password: known.password } },
      { method: "POST", path: "/api/v1/auth/logout", freshToken },
      { method: "GET", path: "/api/v1/auth/verify", freshToken },
      { method: "POST", path: "/api/v1/auth/forgot-password", body: { email: known.email } },
      { method: "PUT", path: "/api/v1/auth/reset-password", body: { token: "a-token-nobody-was-sent", password: "new password" } },
      { method: "POST", path: "/api/v1/auth/password-link", body: { token: "a-token-nobody-was-sent" } },
      { method: "POST", path: "/api/v1/auth/google/verify", body: { idToken: "eyJhbGciOiJSUzI1NiJ9.e30.e30" } },
      { method: "GET", path: "/api/v1/auth/google/callback", query: { code: "not-a-real-code", state: "not-a-state" } },
    ];

    it("covers the write routes of the feature", () => {
      const covered = routes().map((r) => `${r.method} ${r.path}`);
      for (const route of [
        "POST /api/v1/auth/register",
        "POST /api/v1/auth/login",
        "POST /api/v1/auth/logout",
        "POST /api/v1/auth/forgot-password",
        "PUT /api/v1/auth/reset-password",
        "POST /api/v1/auth/password-link",
        "POST /api/v1/auth/google/verify",
      ]) {
        expect(covered).toContain(route);
      }
    });

    for (const route of routes()) {
      it(`${route.method} ${route.path}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route, { numRuns: 50 });
      });
    }

    it("a genuine Google ID token still signs in after the hostile runs", async () => {
      const idToken = await provider.issuer.buildToken({
        scopesOrTransform: (_header, payload) =>
          Object.assign(payload, { aud: CLIENT_ID, sub: "property-user", email: `property.${Date.now()}@example.com`, email_verified: true }),
      });
      expect((await api(t().app, "POST", "/api/v1/auth/google/verify", { idToken })).status).toBe(200);
    });
  },
  {
    env: () => ({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "mock-secret",
      GOOGLE_ISSUER: provider.issuer.url ?? "",
      RATE_LIMITS: "off",
      FORM_GUARD: "off",
    }),
  },
);
