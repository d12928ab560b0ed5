import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FORM_GUARD_MESSAGES, FORM_GUARD_LIMITS } from "@vestin/shared/form-guard";
import type { DB } from "../../db/schema.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, countRows, newUser } from "../../../test/helpers.ts";
import { formToken, guarded } from "../../../test/form-guard.ts";
import { contactBody, freshClaimUsername, freshWallet, partnerBody, presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";
import { injectPost, signedClaimBody, type Post } from "../../../test/wallet.ts";
import { checkFormToken, formTokenKey, signFormToken } from "./tokens.ts";

const TABLES = [
  "contacts",
  "partner_applications",
  "presale_registrations",
  "testnet_signups",
  "pioneer_users",
  "users",
  "form_token_uses",
] as const satisfies ReadonlyArray<keyof DB>;

let currentSigner: Post | undefined;
const signer = (): Post => {
  if (!currentSigner) throw new Error("the suite has not set its signer");
  return currentSigner;
};

/** One valid body per guarded form, each with its own e-mail (and wallet or pioneer). */
const FORMS = {
  "/contacts": () => contactBody(),
  "/partners": () => partnerBody(),
  "/presale": () => presaleBody(),
  "/testnet-signup": () => waitlistBody(),
  // A claim is signed by its wallet: the suite sets `signer` to post to its own app.
  "/pioneer-users": () => signedClaimBody(signer(), { zealyUsername: freshClaimUsername() }),
  "/auth/register": () => newUser(),
} as const;
type FormPath = keyof typeof FORMS;
const PATHS = Object.keys(FORMS) as FormPath[];
/** The forms that e-mail a confirmation and so refuse disposable addresses. */
const CONFIRMED: FormPath[] = ["/presale", "/testnet-signup", "/pioneer-users"];

describe("form tokens", () => {
  const key = formTokenKey("a-secret-that-is-long-enough-for-the-tests-here");
  const now = Date.parse("2025-06-01T12:00:00.000Z");

  it("accepts a token between 3 s and 24 h old, signed with the same key", () => {
    expect(checkFormToken(key, signFormToken(key, now - FORM_GUARD_LIMITS.minFillMs), now)).toMatchObject({ ok: true, issuedAt: now - 3000 });
    expect(checkFormToken(key, signFormToken(key, now - FORM_GUARD_LIMITS.maxAgeMs), now).ok).toBe(true);
  });

  it("says why it refuses one", () => {
    expect(checkFormToken(key, signFormToken(key, now - 2999), now)).toEqual({ ok: false, reason: "too-fast" });
    expect(checkFormToken(key, signFormToken(key, now + 60_000), now)).toEqual({ ok: false, reason: "too-fast" });
    expect(checkFormToken(key, signFormToken(key, now - FORM_GUARD_LIMITS.maxAgeMs - 1), now)).toEqual({ ok: false, reason: "expired" });
    expect(checkFormToken(key, undefined, now)).toEqual({ ok: false, reason: "missing" });
    const token = signFormToken(key, now - 5000);
    const [v, issued, nonce, mac] = token.split(".") as [string, string, string, string];
    for (const forged of [
      `${v}.${(now - 10 * 86_400_000).toString(36)}.${nonce}.${mac}`, // an older issue time under the same signature
      `${v}.${issued}.${nonce}.${mac.slice(0, -2)}AA`,
      signFormToken(formTokenKey("another-secret-that-is-long-enough-too"), now - 5000),
      "v1.abc",
      `${token}.extra`,
      "",
    ]) {
      expect(checkFormToken(key, forged, now).ok, forged).toBe(false);
    }
  });
});

describeEachDatabase(
  "form guard",
  (t) => {
    const post = (path: string, body: unknown) => api(t().app, "POST", `/api/v1${path}`, body);
    beforeEach(() => {
      currentSigner = injectPost(t().app);
    });
    const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await countRows(t().database.db, table)])));

    it("issues a token from an uncached endpoint, with no challenge unless one is configured", async () => {
      const res = await api(t().app, "GET", "/api/v1/form-token");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body.data).toEqual({ token: expect.stringMatching(/^v1\.[0-9a-z]+\.[\w-]{16,64}\.[\w-]+$/), minFillMs: 3000, challenge: null });
      const again = await api(t().app, "GET", "/api/v1/form-token");
      expect(again.body.data.token).not.toBe(res.body.data.token);
      const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, unknown> };
      expect(doc.paths["/api/v1/form-token"]).toBeDefined();
      expect(JSON.stringify(doc.paths["/api/v1/presale"])).toContain("formToken");
    });

    it("refuses a filled honeypot on every form with a sentence a person can act on, storing nothing", async () => {
      const before = await counts();
      for (const path of PATHS) {
        for (const website of ["https://spam.example", 42, { url: "x" }]) {
          const res = await post(path, { ...guarded(t().config, await FORMS[path]()), website });
          expect(res.status, `${path} ${JSON.stringify(website)}`).toBe(400);
          expect(res.body).toEqual({ success: false, requestId: expect.any(String), message: FORM_GUARD_MESSAGES.honeypot });
        }
      }
      expect(await counts()).toEqual(before);
      // Empty is what people send.
      for (const website of ["", "   ", null])
        expect((await post("/contacts", { ...guarded(t().config, await FORMS["/contacts"]()), website })).status).toBe(201);
    });

    it("refuses a submission without a token, with a forged one, or one older than 24 hours", async () => {
      const before = await counts();
      for (const path of PATHS) {
        for (const formToken_ of [
          undefined,
          "not-a-token",
          formToken({ jwtSecret: "some-other-secret-that-is-long-enough" }),
          formToken(t().config, FORM_GUARD_LIMITS.maxAgeMs + 60_000),
        ]) {
          const res = await post(path, { ...(await FORMS[path]()), formToken: formToken_ });
          expect(res.status, `${path} ${formToken_}`).toBe(400);
          expect(res.body).toEqual({
            success: false,
            requestId: expect.any(String),
            message: FORM_GUARD_MESSAGES.expired,
            errors: { formToken: FORM_GUARD_MESSAGES.expired },
          });
        }
      }
      const wrongType = await post("/contacts", { ...(await FORMS["/contacts"]()), formToken: 12 });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors?.formToken).toBe(FORM_GUARD_MESSAGES.expired);
      expect(await counts()).toEqual(before);
    });

    it("refuses a form sent within 3 seconds of being shown, and takes the same token once the person has taken their time", async () => {
      const before = await counts();
      const { token } = (await api(t().app, "GET", "/api/v1/form-token")).body.data as { token: string };
      const body = { ...(await FORMS["/presale"]()), formToken: token, website: "" };
      const fast = await post("/presale", body);
      expect(fast.status).toBe(400);
      expect(fast.body).toEqual({
        success: false,
        requestId: expect.any(String),
        message: FORM_GUARD_MESSAGES.tooFast,
        errors: { formToken: FORM_GUARD_MESSAGES.tooFast },
      });
      for (const path of PATHS) {
        const res = await post(path, { ...(await FORMS[path]()), formToken: formToken(t().config, 1_000) });
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toBe(FORM_GUARD_MESSAGES.tooFast);
      }
      expect(await counts()).toEqual(before);

      // A refusal does not spend the token: the person waits and sends the same form again. A fixed
      // pause on purpose: the token itself carries its issue time, signed, so only time can age it.
      await new Promise((r) => setTimeout(r, FORM_GUARD_LIMITS.minFillMs + 200));
      const later = await post("/presale", body);
      expect(later.status).toBe(201);
    });

    it("accepts a token once: a replay on any form is refused and stores nothing", async () => {
      for (const path of PATHS) {
        const token = formToken(t().config);
        const first = await post(path, { ...(await FORMS[path]()), formToken: token });
        expect(first.status, path).toBe(201);
        const before = await counts();
        const replay = await post(path, { ...(await FORMS[path]()), formToken: token });
        expect(replay.status, path).toBe(400);
        expect(replay.body).toEqual({
          success: false,
          requestId: expect.any(String),
          message: FORM_GUARD_MESSAGES.reused,
          errors: { formToken: FORM_GUARD_MESSAGES.reused },
        });
        const elsewhere = await post("/contacts", { ...(await FORMS["/contacts"]()), formToken: token });
        expect(elsewhere.body.message, path).toBe(FORM_GUARD_MESSAGES.reused);
        expect(await counts()).toEqual(before);
      }
    });

    it("spends a token only with the row it let in: replays racing each other get one 201", async () => {
      // Past the check for a spent token, the racers meet at its insert, which leaves with the
      // statement after it: each form turns that refusal into the reuse text, not its own 409.
      type Racer = { path: string; body: () => Promise<Record<string, unknown>> | Record<string, unknown>; accepted: number };
      const racing: Racer[] = [
        ...PATHS.map((path) => ({ path, body: FORMS[path], accepted: 201 })),
        { path: "/newsletter/subscriptions", body: () => ({ email: `racer.${crypto.randomUUID()}@example.com`, form: "footer", page: "/" }), accepted: 202 },
      ];
      for (const { path, body, accepted } of racing) {
        const token = formToken(t().config);
        const bodies = await Promise.all(Array.from({ length: 4 }, async () => ({ ...(await body()), formToken: token })));
        const results = await Promise.all(bodies.map((b) => post(path, b)));
        expect(results.map((r) => r.status).sort(), path).toEqual([accepted, 400, 400, 400].sort());
        for (const r of results.filter((r) => r.status === 400)) expect(r.body.message, path).toBe(FORM_GUARD_MESSAGES.reused);
      }

      // A refused duplicate (409) leaves its token unspent.
      const taken = await FORMS["/presale"]();
      expect((await post("/presale", guarded(t().config, taken))).status).toBe(201);
      const retry = formToken(t().config);
      const duplicate = await post("/presale", { ...taken, walletAddress: freshWallet(), formToken: retry });
      expect(duplicate.status).toBe(409);
      expect((await post("/presale", { ...(await FORMS["/presale"]()), formToken: retry })).status).toBe(201);
      const row = await t()
        .database.db.selectFrom("form_token_uses")
        .selectAll()
        .where("nonce", "=", retry.split(".")[2] ?? "")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ form: "presale" });
      expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    });

    it("refuses disposable e-mail domains on the presale, waitlist and claim forms only", async () => {
      const before = await counts();
      for (const path of CONFIRMED) {
        for (const domain of ["mailinator.com", "Guerrillamail.com", "inbox.mailinator.com", "yopmail.com"]) {
          const res = await post(path, guarded(t().config, { ...(await FORMS[path]()), email: uniqueEmail("throwaway", domain) }));
          expect(res.status, `${path} ${domain}`).toBe(400);
          expect(res.body).toEqual({
            success: false,
            requestId: expect.any(String),
            message: FORM_GUARD_MESSAGES.disposableEmail,
            errors: { email: FORM_GUARD_MESSAGES.disposableEmail },
          });
        }
      }
      expect(await counts()).toEqual(before);
      const contact = await FORMS["/contacts"]();
      const email = uniqueEmail("enquiry", "mailinator.com");
      expect((await post("/contacts", guarded(t().config, { ...contact, email, confirmEmail: email }))).status).toBe(201);
      for (const path of CONFIRMED)
        expect((await post(path, guarded(t().config, { ...(await FORMS[path]()), email: uniqueEmail("real", "proton.me") }))).status, path).toBe(201);
    });

    it("answers the form's own field errors first, so a person sees what to fix", async () => {
      const res = await post("/presale", { ...guarded(t().config, await FORMS["/presale"]()), walletAddress: "0x12" });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ walletAddress: "Wallet address must be 42 characters long (including 0x)" });
    });
  },
  { env: { FORM_GUARD: "on", RATE_LIMITS: "off" } },
);

describeEachDatabase(
  "form guard off",
  (t) => {
    it("lets trusted clients submit without a token, and ignores the honeypot and disposable domains", async () => {
      const email = uniqueEmail("load", "mailinator.com");
      const res = await api(t().app, "POST", "/api/v1/testnet-signup", { username: "Load Test", email, website: "x" });
      expect(res.status).toBe(201);
      expect((await api(t().app, "POST", "/api/v1/auth/register", { ...newUser(), website: "filled" })).status).toBe(201);
      expect(await countRows(t().database.db, "form_token_uses")).toBe(0);
      // The browser need not hold a quick submission back either.
      expect((await api(t().app, "GET", "/api/v1/form-token")).body.data.minFillMs).toBe(0);
    });
  },
  { env: { FORM_GUARD: "off" } },
);

/** A local stand-in for the provider's siteverify endpoint: "pass" passes, "down" answers 500. */
type Verification = { secret: string | null; response: string | null; remoteip: string | null; sitekey: string | null };
let standIn: Server;
const verifications: Verification[] = [];

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const seen = { secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip"), sitekey: form.get("sitekey") };
      verifications.push(seen);
      if (seen.response === "down") {
        res.writeHead(500).end();
        return;
      }
      const ok = req.url === "/siteverify" && seen.secret === "stand-in-secret" && seen.response === "pass";
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(ok ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

for (const provider of ["turnstile", "hcaptcha"] as const) {
  describeEachDatabase(
    `challenge (${provider}, local stand-in)`,
    (t) => {
      const post = (path: string, body: unknown) => api(t().app, "POST", `/api/v1${path}`, body);

      it("names the provider and site key to the form", async () => {
        const res = await api(t().app, "GET", "/api/v1/form-token");
        expect(res.body.data.challenge).toEqual({ provider, siteKey: "stand-in-site-key" });
      });

      it("verifies the widget's answer on the server before storing anything", async () => {
        const before = await countRows(t().database.db, "presale_registrations");
        const missing = await post("/presale", guarded(t().config, await FORMS["/presale"]()));
        expect(missing.status).toBe(400);
        expect(missing.body).toEqual({
          success: false,
          requestId: expect.any(String),
          message: FORM_GUARD_MESSAGES.challengeRequired,
          errors: { challengeToken: FORM_GUARD_MESSAGES.challengeRequired },
        });
        const failed = await post("/presale", { ...guarded(t().config, await FORMS["/presale"]()), challengeToken: "forged" });
        expect(failed.status).toBe(400);
        expect(failed.body.message).toBe(FORM_GUARD_MESSAGES.challengeFailed);
        const down = await post("/presale", { ...guarded(t().config, await FORMS["/presale"]()), challengeToken: "down" });
        expect(down.status).toBe(503);
        expect(down.body.message).toBe(FORM_GUARD_MESSAGES.challengeUnavailable);
        expect(Number(down.headers["retry-after"])).toBeGreaterThan(0);
        expect(await countRows(t().database.db, "presale_registrations")).toBe(before);

        verifications.length = 0;
        const passed = await post("/presale", { ...guarded(t().config, await FORMS["/presale"]()), challengeToken: "pass" });
        expect(passed.status).toBe(201);
        expect(verifications).toEqual([
          { secret: "stand-in-secret", response: "pass", remoteip: "127.0.0.1", sitekey: provider === "hcaptcha" ? "stand-in-site-key" : null },
        ]);
        expect((await post("/auth/register", { ...guarded(t().config, newUser()), challengeToken: "pass" })).status).toBe(201);
      });

      it("checks the cheap defences first: a bot without a token never reaches the provider", async () => {
        verifications.length = 0;
        expect((await post("/contacts", { ...(await FORMS["/contacts"]()), challengeToken: "pass" })).status).toBe(400);
        expect((await post("/contacts", { ...guarded(t().config, await FORMS["/contacts"]()), website: "x", challengeToken: "pass" })).status).toBe(400);
        expect(verifications).toEqual([]);
      });
    },
    {
      env: () => ({
        FORM_GUARD: "on",
        RATE_LIMITS: "off",
        CHALLENGE_PROVIDER: provider,
        CHALLENGE_SITE_KEY: "stand-in-site-key",
        CHALLENGE_SECRET: "stand-in-secret",
        CHALLENGE_VERIFY_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/siteverify`,
      }),
    },
  );
}

describeEachDatabase(
  "form rate limits with the guard on",
  (t) => {
    it("counts refused bot submissions against the form's hourly budget too", async () => {
      const post = (body: unknown) =>
        t().app.inject({
          method: "POST",
          url: "/api/v1/testnet-signup",
          remoteAddress: "198.51.100.9",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
      for (let i = 0; i < 30; i++) expect((await post({ ...(await FORMS["/testnet-signup"]()), website: "spam" })).statusCode).toBe(400);
      const limited = await post(guarded(t().config, await FORMS["/testnet-signup"]()));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    });
  },
  { env: { FORM_GUARD: "on" } },
);
