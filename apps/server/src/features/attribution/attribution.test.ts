import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTRIBUTION_FIELDS, ATTRIBUTION_VALUE_MAX, cleanAttribution } from "@vestin/shared/attribution";
import { hostileJson, hostileString, objectText } from "@vestin/shared/testing/hostile-input";
import type { DB } from "../../db/schema.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser, signedInUser } from "../../../test/helpers.ts";
import { contactBody, partnerBody, presaleBody, waitlistBody } from "../../../test/lead-payloads.ts";
import { injectPost, signedClaimBody } from "../../../test/wallet.ts";

/*
 * Campaign attribution on the server: every lead form and the sign-up store what the
 * browser sent, cleaned; bad attribution is cut or dropped and never refuses a form.
 */

const CAMPAIGN = { source: "newsletter", medium: "email", campaign: "spring-presale", content: "hero-button", ref: "ANA42", referrerHost: "news.example.org" };
const STORED = {
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "spring-presale",
  utm_content: "hero-button",
  ref: "ANA42",
  referrer_host: "news.example.org",
};
const NOTHING = { utm_source: null, utm_medium: null, utm_campaign: null, utm_content: null, ref: null, referrer_host: null };

type AttributedTable = "contacts" | "partner_applications" | "presale_registrations" | "testnet_signups" | "pioneer_users" | "users";

describe("cleanAttribution", () => {
  it("keeps the known fields, trimmed, without control characters, cut to their length; drops the rest", () => {
    expect(
      cleanAttribution({
        source: "  news\u0000let\u202eter\r\n ",
        medium: "x".repeat(ATTRIBUTION_VALUE_MAX + 50),
        campaign: "   ",
        content: 42,
        ref: ["a", "b"],
        referrerHost: "WWW.Example.COM",
        unknown: "dropped",
      }),
    ).toEqual({ source: "newsletter", medium: "x".repeat(ATTRIBUTION_VALUE_MAX), referrerHost: "www.example.com" });
    // A cut never splits a character made of two UTF-16 units.
    expect(cleanAttribution({ campaign: "🚀".repeat(ATTRIBUTION_VALUE_MAX + 1) })).toEqual({ campaign: "🚀".repeat(ATTRIBUTION_VALUE_MAX) });
    expect(cleanAttribution({ referrerHost: "evil.example/path?x=1" })).toBeUndefined();
    for (const garbage of [null, undefined, "utm_source=x", 7, true, [], ["source"], {}, { source: "" }])
      expect(cleanAttribution(garbage), JSON.stringify(garbage)).toBeUndefined();
  });
});

describeEachDatabase(
  "campaign attribution",
  (t) => {
    const post = (url: string, body: unknown) => api(t().app, "POST", `/api/v1${url}`, body);
    const row = (table: AttributedTable, id: string) =>
      t()
        .database.db.selectFrom(table as keyof DB & AttributedTable)
        .select(["utm_source", "utm_medium", "utm_campaign", "utm_content", "ref", "referrer_host"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();

    const forms: Array<[name: string, table: AttributedTable, send: (attribution: unknown) => Promise<{ status: number; id: string }>]> = [
      ["contact", "contacts", async (attribution) => asCreated(await post("/contacts", contactBody({ attribution })))],
      ["partnership", "partner_applications", async (attribution) => asCreated(await post("/partners", partnerBody({ attribution })))],
      ["presale", "presale_registrations", async (attribution) => asCreated(await post("/presale", presaleBody({ attribution })))],
      ["waitlist", "testnet_signups", async (attribution) => asCreated(await post("/testnet-signup", waitlistBody({ attribution })))],
      [
        "airdrop claim",
        "pioneer_users",
        async (attribution) =>
          asCreated(
            await post(
              "/pioneer-users",
              await signedClaimBody(injectPost(t().app), { attribution, zealyUsername: `pioneer-${String(2000 + ++claims).padStart(4, "0")}` }),
            ),
          ),
      ],
      [
        "sign-up",
        "users",
        async (attribution) => {
          const res = await post("/auth/register", newUser({ attribution }));
          return { status: res.status, id: String(res.body.data?.user?._id ?? "") };
        },
      ],
    ];
    let claims = 0;

    for (const [name, table, send] of forms) {
      it(`${name}: stores the first visit's source, medium, campaign, content, ref and referrer host with the row`, async () => {
        const sent = await send(CAMPAIGN);
        expect(sent.status).toBe(201);
        expect(await row(table, sent.id)).toEqual(STORED);
      });

      it(`${name}: cuts over-long values, strips control characters and drops garbage, answering 201, never 400`, async () => {
        const messy = await send({
          source: `\u0007 twitter\u0000 `,
          campaign: "c".repeat(5000),
          medium: { nested: true },
          ref: "\u200b",
          referrerHost: "not a host",
          extra: "x".repeat(10_000),
        });
        expect(messy.status).toBe(201);
        expect(await row(table, messy.id)).toEqual({ ...NOTHING, utm_source: "twitter", utm_campaign: "c".repeat(ATTRIBUTION_VALUE_MAX) });

        for (const garbage of ["utm_source=twitter", 12, ["twitter"], null, {}]) {
          const sent = await send(garbage);
          expect(sent.status, JSON.stringify(garbage)).toBe(201);
          expect(await row(table, sent.id)).toEqual(NOTHING);
        }
      });
    }

    it("whatever arrives as attribution, a valid form is stored (201) with at most cleaned values: never a 400 or a 5xx", async () => {
      // Prototype-pollution keys are refused by the JSON parser for every body (SECURITY.md); they are no UTM value.
      const attribution = fc.oneof(
        fc.record(Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, hostileString])), { requiredKeys: [] }).map((fields) => JSON.stringify(fields)),
        hostileJson.filter((text) => !/proto|constructor/.test(text)),
      );
      await fc.assert(
        fc.asyncProperty(attribution, async (text) => {
          const form = contactBody();
          const payload = `${objectText(Object.entries(form).map(([k, v]) => [k, JSON.stringify(v)] as const)).slice(0, -1)},"attribution":${text}}`;
          const res = await t().app.inject({ method: "POST", url: "/api/v1/contacts", headers: { "content-type": "application/json" }, payload });
          if (Buffer.byteLength(payload) > 100 * 1024) {
            expect(res.statusCode).toBe(413);
            return;
          }
          expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
          const stored = await row("contacts", res.json().data._id as string);
          for (const value of Object.values(stored)) {
            if (value === null) continue;
            expect(value.length).toBeLessThanOrEqual(253);
            expect(value).not.toMatch(/\p{Cc}/u);
          }
        }),
        { numRuns: 60 },
      );
    });

    it("a form sent without attribution stores none", async () => {
      const res = await post("/contacts", contactBody());
      expect(res.status).toBe(201);
      expect(await row("contacts", res.body.data._id)).toEqual(NOTHING);
    });

    it("still refuses a form's own bad fields with their messages when attribution is fine", async () => {
      const res = await post("/presale", presaleBody({ walletAddress: "1234", attribution: CAMPAIGN }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toEqual(["walletAddress"]);
    });

    describe("privacy export", () => {
      let admin = "";
      beforeAll(async () => {
        admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
      });

      it("includes the attribution of the person's leads and account", async () => {
        const person = newUser({ attribution: CAMPAIGN });
        expect((await post("/auth/register", person)).status).toBe(201);
        expect((await post("/testnet-signup", waitlistBody({ email: person.email, attribution: { source: "podcast" } }))).status).toBe(201);
        const res = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: person.email }, admin);
        expect(res.status).toBe(200);
        expect(res.body.data.account.user.attribution).toEqual(CAMPAIGN);
        expect(res.body.data.leads.waitlist).toEqual([expect.objectContaining({ utmSource: "podcast", utmCampaign: null, referrerHost: null })]);
      });
    });
  },
  { env: { RATE_LIMITS: "off" } },
);

function asCreated(res: { status: number; body: { data?: { _id?: unknown; user?: { _id?: unknown } } } }): { status: number; id: string } {
  return { status: res.status, id: String(res.body.data?._id ?? res.body.data?.user?._id ?? "") };
}
