import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts";
import { describeEachDatabase, startTestApp } from "../test/harness.ts";
import { api, newUser, withoutRequestId } from "../test/helpers.ts";
import { pageCsp } from "./web/ssr.ts";

/*
 * The browser-facing controls of SECURITY.md: same-origin only (no CORS), headers on
 * every kind of answer, HSTS only behind HTTPS, no cookies, and the page CSP's script rules.
 */

const FOREIGN = "https://evil.example";

describeEachDatabase(
  "security headers and cross-origin requests",
  (t) => {
    it("grants no cross-origin access: no Access-Control-* header on reads, writes or preflights", async () => {
      const { app } = t();
      const answers = [
        await app.inject({ method: "GET", url: "/api/v1/blogs", headers: { origin: FOREIGN } }),
        await app.inject({ method: "GET", url: "/api/v1/health", headers: { origin: "null" } }),
        await app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          headers: { origin: FOREIGN, "content-type": "application/json" },
          payload: JSON.stringify({ email: "a@b.co", password: "x" }),
        }),
        await app.inject({
          method: "OPTIONS",
          url: "/api/v1/auth/login",
          headers: { origin: FOREIGN, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
        }),
        await app.inject({ method: "OPTIONS", url: "/api/v1/blogs", headers: { origin: FOREIGN, "access-control-request-method": "GET" } }),
      ];
      for (const res of answers) {
        const cors = Object.keys(res.headers).filter((name) => name.startsWith("access-control-"));
        expect(cors, `${res.statusCode} ${res.body.slice(0, 80)}`).toEqual([]);
      }
      // A preflight is not answered with a success a browser could take as permission.
      expect(answers[3]?.statusCode).toBeGreaterThanOrEqual(400);
    });

    it("sends nosniff, the referrer policy, frame protection and no X-Powered-By on successes, refusals and router errors", async () => {
      const { app } = t();
      const answers = {
        ok: await app.inject({ method: "GET", url: "/api/v1/blogs?limit=1" }),
        invalid: await app.inject({ method: "GET", url: "/api/v1/blogs?page=0" }),
        unknown: await app.inject({ method: "GET", url: "/api/v1/nothing-here" }),
        unauthenticated: await app.inject({ method: "GET", url: "/api/v1/auth/verify" }),
        malformed: await app.inject({ method: "POST", url: "/api/v1/auth/login", headers: { "content-type": "application/json" }, payload: "{" }),
        brokenUrl: await app.inject({ method: "GET", url: "/api/v1/blogs/%E0%A4%A" }),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect(res.headers["x-content-type-options"], name).toBe("nosniff");
        expect(res.headers["referrer-policy"], name).toBe("strict-origin-when-cross-origin");
        expect(res.headers["x-powered-by"], name).toBeUndefined();
        expect(String(res.headers["content-type"]), name).toMatch(/^application\/json/);
      }
      for (const name of ["ok", "invalid", "unknown", "unauthenticated", "malformed"] as const) {
        const res = answers[name];
        expect(String(res.headers["content-security-policy"]), name).toContain("frame-ancestors 'self'");
        expect(res.headers["x-frame-options"], name).toBe("SAMEORIGIN");
        expect(res.headers["cross-origin-opener-policy"], name).toBe("same-origin");
      }
    });

    it("sends only headers a current browser acts on, and a deny-all CSP on JSON answers", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/blogs/categories" });
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      for (const legacy of ["x-xss-protection", "x-download-options", "x-permitted-cross-domain-policies", "x-dns-prefetch-control", "origin-agent-cluster"]) {
        expect(res.headers[legacy], legacy).toBeUndefined();
      }
    });

    it("sends no Strict-Transport-Security when the site's address is plain http (local runs)", async () => {
      const res = await t().app.inject({ method: "GET", url: "/api/v1/health" });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    });

    it("sets no cookie: the session token travels only in the JSON body and the Authorization header", async () => {
      const { app } = t();
      const user = newUser();
      const registered = await api(app, "POST", "/api/v1/auth/register", user);
      const login = await api(app, "POST", "/api/v1/auth/login", { email: user.email, password: user.password });
      const verify = await api(app, "GET", "/api/v1/auth/verify", undefined, login.body.data.token as string);
      for (const res of [registered, login, verify]) expect(res.headers["set-cookie"]).toBeUndefined();
      expect(login.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      // The token is not accepted from a cookie or the query string, only from the header.
      const token = login.body.data.token as string;
      const viaCookie = await app.inject({ method: "GET", url: "/api/v1/auth/verify", headers: { cookie: `token=${token}` } });
      const viaQuery = await app.inject({ method: "GET", url: `/api/v1/auth/verify?token=${token}&access_token=${token}` });
      expect(viaCookie.statusCode).toBe(401);
      expect(viaQuery.statusCode).toBe(401);
    });

    it("does not tell which e-mails have accounts: login and forgot-password answer alike", async () => {
      const { app } = t();
      const user = newUser();
      await api(app, "POST", "/api/v1/auth/register", user);
      const stranger = `nobody.${Date.now()}@example.com`;
      const wrongPassword = await api(app, "POST", "/api/v1/auth/login", { email: user.email, password: "not-the-password" });
      const unknownEmail = await api(app, "POST", "/api/v1/auth/login", { email: stranger, password: "not-the-password" });
      expect([wrongPassword.status, unknownEmail.status]).toEqual([401, 401]);
      expect(withoutRequestId(wrongPassword.body)).toEqual(withoutRequestId(unknownEmail.body));
      expect(wrongPassword.body.message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
      const known = await api(app, "POST", "/api/v1/auth/forgot-password", { email: user.email });
      const unknown = await api(app, "POST", "/api/v1/auth/forgot-password", { email: stranger });
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      const taken = await api(app, "POST", "/api/v1/auth/register", { ...user, password: "another-pass" });
      // Registration must say the address is taken (the spec's 409); it is rate limited instead.
      expect(taken.status).toBe(409);
    });
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);

describe("behind HTTPS", () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    ctx = await startTestApp("sqlite", { env: { PUBLIC_URL: "https://vestin.example", RATE_LIMITS: "off" } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("sends Strict-Transport-Security for at least 180 days, subdomains included", async () => {
    const res = await ctx?.app.inject({ method: "GET", url: "/api/v1/health" });
    const hsts = String(res?.headers["strict-transport-security"]);
    expect(hsts).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(hsts).toContain("includeSubDomains");
  });
});

describe("the page CSP", () => {
  const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
  const csp = pageCsp([HASH], false);
  const directive = (name: string) =>
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? "";

  it("runs scripts only from this origin or with a listed hash: no unsafe-inline, no unsafe-eval, no wildcard, no nonce", () => {
    expect(directive("script-src")).toBe(`script-src 'self' ${HASH}`);
    expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|\*|data:|https?:(?!\/\/))/);
  });

  it("keeps frames, <base>, forms and plugins to this origin", () => {
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(directive("base-uri")).toBe("base-uri 'self'");
    expect(directive("form-action")).toBe("form-action 'self'");
    expect(directive("object-src")).toBe("object-src 'self'");
    expect(directive("default-src")).toBe("default-src 'self'");
  });

  it("allows eval only to the development server (Vite), never in production", () => {
    expect(pageCsp([HASH], true)).toContain("'unsafe-eval'");
    expect(pageCsp([HASH], false)).not.toContain("'unsafe-eval'");
  });
});
