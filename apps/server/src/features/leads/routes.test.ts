import { expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { describeEachDatabase } from "../../../test/harness.ts";
import { countRows } from "../../../test/helpers.ts";
import { contactBody, waitlistBody } from "../../../test/lead-payloads.ts";
import { leadRoutes } from "./testing/lead-routes.ts";

/** What every lead form shares: the body size limit, the OpenAPI document, and the per-form rate limits. */
describeEachDatabase(
  "leads",
  (t) => {
    const { counts } = leadRoutes(t);

    it("refuses a 200 KB body on every form with 413 and stores nothing", async () => {
      const before = await counts();
      for (const url of ["/contacts", "/partners", "/presale", "/testnet-signup", "/pioneer-users"]) {
        const res = await t().app.inject({
          method: "POST",
          url: `/api/v1${url}`,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ ...contactBody(), comments: "x".repeat(200 * 1024) }),
        });
        expect(res.statusCode, url).toBe(413);
        expect(res.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.bodyTooLarge });
      }
      const malformed = await t().app.inject({
        method: "POST",
        url: "/api/v1/contacts",
        headers: { "content-type": "application/json" },
        payload: '{"firstName":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it("describes every lead route in the OpenAPI document", async () => {
      const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, unknown> };
      for (const path of [
        "/api/v1/contacts",
        "/api/v1/partners",
        "/api/v1/presale",
        "/api/v1/presale/{email}",
        "/api/v1/testnet-signup",
        "/api/v1/pioneer-users",
        "/api/v1/airdrop/eligibility",
        "/api/v1/wallet/challenge",
        "/api/v1/confirm",
        "/api/v1/confirm/resend",
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
    });
  },
  { env: { RATE_LIMITS: "off" } },
);

describeEachDatabase("lead rate limits", (t) => {
  const post = (url: string, body: unknown, remoteAddress = "203.0.113.7") =>
    t().app.inject({ method: "POST", url: `/api/v1${url}`, remoteAddress, headers: { "content-type": "application/json" }, payload: JSON.stringify(body) });

  it("allows 30 submissions of a form per hour per address, each form with its own budget", async () => {
    for (let i = 0; i < 30; i++) expect((await post("/contacts", contactBody())).statusCode).toBe(201);
    const before = await countRows(t().database.db, "contacts");
    const limited = await post("/contacts", contactBody());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.tooManyRequests });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countRows(t().database.db, "contacts")).toBe(before);

    expect((await post("/testnet-signup", waitlistBody())).statusCode).toBe(201);
    expect((await post("/contacts", contactBody(), "203.0.113.8")).statusCode).toBe(201);
  });
});
