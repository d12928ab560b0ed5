import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts";
import { CONSENT_WORDINGS, LEGAL_VERSIONS } from "@vestin/shared/consents";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api } from "../../../test/helpers.ts";

const CLIENT_ID = "vestin-test.apps.googleusercontent.com";
const provider = new OAuth2Server();
const stranger = new OAuth2Server();
let email = "pioneer@example.com";

beforeAll(async () => {
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  await stranger.issuer.keys.generate("RS256");
  await stranger.start(0, "127.0.0.1");
  // The mock signs ID tokens for sub "johndoe"; add the profile claims Google would send.
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, { email, email_verified: true, given_name: "John", family_name: "Doe" });
  });
});
afterAll(async () => {
  await provider.stop();
  await stranger.stop();
});

/** Follows the provider's authorization endpoint as a browser would and returns the redirect back to us. */
async function authorize(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

describeEachDatabase(
  "Google sign-in (OpenID Connect against a local provider)",
  (t) => {
    it("builds an authorization URL with state and an S256 PKCE challenge", async () => {
      const res = await api(t().app, "GET", "/api/v1/auth/oauth/urls");
      expect(res.status).toBe(200);
      const url = new URL(res.body.data.google.authUrl);
      expect(url.origin + url.pathname).toBe(`${provider.issuer.url}/authorize`);
      expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/callback");
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get("state")?.length).toBeGreaterThan(20);
      expect(url.searchParams.get("scope")).toBe("openid email profile");
    });

    it("completes the code flow: callback → token; the state works once", async () => {
      email = `google.${Date.now()}@example.com`;
      const authUrl = (await api(t().app, "GET", "/api/v1/auth/oauth/urls")).body.data.google.authUrl;
      const back = await authorize(authUrl);
      const code = back.searchParams.get("code");
      const state = back.searchParams.get("state");
      const res = await api(t().app, "GET", `/api/v1/auth/google/callback?code=${code}&state=${state}`);
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ email, firstName: "John", lastName: "Doe", role: "user" });
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, res.body.data.token)).status).toBe(200);

      const replay = await api(t().app, "GET", `/api/v1/auth/google/callback?code=${code}&state=${state}`);
      expect(replay.status).toBe(400);
    });

    it("refuses a code the provider does not accept with 401", async () => {
      const authUrl = (await api(t().app, "GET", "/api/v1/auth/oauth/urls")).body.data.google.authUrl;
      const state = new URL(authUrl).searchParams.get("state");
      const res = await api(t().app, "GET", `/api/v1/auth/google/callback?code=not-a-real-code&state=${state}`);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(ACCOUNT_MESSAGES.googleRefused);
    });

    it("links Google to an existing account with the same verified e-mail", async () => {
      email = `linked.${Date.now()}@example.com`;
      const registered = await api(t().app, "POST", "/api/v1/auth/register", {
        firstName: "Ada",
        lastName: "Byron",
        email,
        password: "secret-pass",
      });
      const idToken = await provider.issuer.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENT_ID, sub: `sub-${email}`, email, email_verified: true }),
      });
      const res = await api(t().app, "POST", "/api/v1/auth/google/verify", { idToken });
      expect(res.status).toBe(200);
      expect(res.body.data.user._id).toBe(registered.body.data.user._id);
      expect(res.body.data.user.firstName).toBe("Ada");
    });

    it("verifies an ID token it signed, and refuses another key, another audience or an expired token", async () => {
      const claims = (aud: string) => (_header: unknown, payload: Record<string, unknown>) =>
        Object.assign(payload, { aud, sub: "idtoken-user", email: `idtoken.${Date.now()}@example.com`, email_verified: true });

      const good = await provider.issuer.buildToken({ scopesOrTransform: claims(CLIENT_ID) });
      expect((await api(t().app, "POST", "/api/v1/auth/google/verify", { idToken: good })).status).toBe(200);

      const foreignKey = await stranger.issuer.buildToken({
        scopesOrTransform: (header, payload) => {
          claims(CLIENT_ID)(header, payload);
          payload.iss = provider.issuer.url ?? "";
        },
      });
      const wrongAudience = await provider.issuer.buildToken({ scopesOrTransform: claims("someone-else.apps.googleusercontent.com") });
      const expired = await provider.issuer.buildToken({ scopesOrTransform: claims(CLIENT_ID), expiresIn: -60 });
      for (const idToken of [foreignKey, wrongAudience, expired, "not-a-jwt"]) {
        const res = await api(t().app, "POST", "/api/v1/auth/google/verify", { idToken });
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(ACCOUNT_MESSAGES.googleRefused);
      }
      expect((await api(t().app, "POST", "/api/v1/auth/google/verify", {})).status).toBe(400);
    });

    it("records the terms and privacy policy accepted under the Google button when Google creates an account, and nothing more on a later sign-in", async () => {
      const created = `consent.${Date.now()}@example.com`;
      const idToken = await provider.issuer.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENT_ID, sub: `sub-${created}`, email: created, email_verified: true }),
      });
      const res = await api(t().app, "POST", "/api/v1/auth/google/verify", { idToken });
      expect(res.status).toBe(200);
      const rows = await t().database.db.selectFrom("consent_records").selectAll().where("user_id", "=", res.body.data.user._id).orderBy("kind").execute();
      expect(rows.map((r) => [r.kind, r.document_version])).toEqual([
        ["privacy", LEGAL_VERSIONS.privacy],
        ["terms", LEGAL_VERSIONS.terms],
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({
          action: "given",
          source_form: "google",
          source_page: null,
          wording_version: CONSENT_WORDINGS.google.version,
          wording: CONSENT_WORDINGS.google.text,
        });
        expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      }
      // Signing in again records nothing more.
      expect((await api(t().app, "POST", "/api/v1/auth/google/verify", { idToken })).status).toBe(200);
      expect(await t().database.db.selectFrom("consent_records").select("id").where("user_id", "=", res.body.data.user._id).execute()).toHaveLength(2);
    });
  },
  {
    env: () => ({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "mock-secret",
      GOOGLE_ISSUER: provider.issuer.url ?? "",
    }),
  },
);

describeEachDatabase(
  "Google sign-in with a malformed client id",
  (t) => {
    it("treats an id without the Google apps suffix as not configured (503)", async () => {
      const res = await api(t().app, "GET", "/api/v1/auth/oauth/urls");
      expect(res.status).toBe(503);
    });
  },
  { env: () => ({ GOOGLE_CLIENT_ID: "short", GOOGLE_ISSUER: provider.issuer.url ?? "" }) },
);
