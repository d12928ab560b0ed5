import { beforeAll, describe, expect, it } from "vitest";
import { SOURCES_MESSAGES, type SourcesReport } from "@vestin/shared/attribution";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser, signedInUser } from "../../../test/helpers.ts";
import { contactBody, presaleBody, waitlistBody } from "../../../test/lead-payloads.ts";
import { periodStarts, sourcesRange } from "./sources.ts";

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe("the Sources page's range and periods", () => {
  it("defaults to the 30 days ending today and refuses reversed or over-long ranges", () => {
    expect(sourcesRange({}, new Date("2025-03-10T15:00:00Z"))).toEqual({ from: "2025-02-09", to: "2025-03-10" });
    expect(sourcesRange({ to: "2025-01-31" })).toEqual({ from: "2025-01-02", to: "2025-01-31" });
    expect(() => sourcesRange({ from: "2025-02-01", to: "2025-01-31" })).toThrow(SOURCES_MESSAGES.rangeReversed);
    expect(() => sourcesRange({ from: "2024-01-01", to: "2025-01-01" })).toThrow(SOURCES_MESSAGES.rangeTooLong);
    expect(sourcesRange({ from: "2024-01-02", to: "2025-01-01" })).toEqual({ from: "2024-01-02", to: "2025-01-01" });
  });

  it("counts in days, or in weeks from Monday with the first week starting on the first day", () => {
    expect(periodStarts("2025-05-01", "2025-05-03", "day")).toEqual(["2025-05-01", "2025-05-02", "2025-05-03"]);
    // 1 May 2025 is a Thursday: that partial week, then the weeks of Monday 5, 12 and 19 May.
    expect(periodStarts("2025-05-01", "2025-05-20", "week")).toEqual(["2025-05-01", "2025-05-05", "2025-05-12", "2025-05-19"]);
  });
});

describeEachDatabase(
  "admin Sources report and the inbox's attribution",
  (t) => {
    let admin = "";
    let member = "";
    const ids: Record<string, string> = {};
    const get = (url: string, token = admin) => api(t().app, "GET", `/api/v1${url}`, undefined, token);
    const report = async (query: string) => {
      const res = await get(`/admin/sources${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as SourcesReport;
    };
    const moveBack = async (table: "presale_registrations" | "testnet_signups", id: string, daysAgo: number) => {
      await t()
        .database.db.updateTable(table)
        .set({ created_at: `${day(daysAgo)}T12:00:00.000Z` })
        .where("id", "=", id)
        .execute();
    };

    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      member = (await signedInUser(app, database.db)).token;
      const post = async (url: string, body: unknown) => {
        const res = await api(app, "POST", `/api/v1${url}`, body);
        expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(201);
        return String(res.body.data._id ?? res.body.data.user._id);
      };
      const spring = { source: "newsletter", medium: "email", campaign: "spring" };
      ids.presaleToday = await post("/presale", presaleBody({ attribution: spring }));
      ids.presaleEarlier = await post("/presale", presaleBody({ attribution: spring }));
      ids.waitlistOld = await post("/testnet-signup", waitlistBody({ attribution: spring }));
      ids.waitlistToday = await post("/testnet-signup", waitlistBody({ attribution: { source: "newsletter", campaign: "autumn" } }));
      ids.contactTwitter = await post("/contacts", contactBody({ attribution: { source: "twitter", campaign: "launch", referrerHost: "t.co" } }));
      ids.contactDirect = await post("/contacts", contactBody());
      ids.signup = await post("/auth/register", newUser({ attribution: { source: "twitter", campaign: "launch" } }));
      await moveBack("presale_registrations", ids.presaleEarlier ?? "", 10);
      await moveBack("testnet_signups", ids.waitlistOld ?? "", 40);
    });

    it("counts leads by kind and sign-ups per source and campaign within the range, most first", async () => {
      const data = await report(`?from=${day(13)}&to=${day(0)}`);
      expect(data).toMatchObject({ from: day(13), to: day(0), interval: "day" });
      // The admin's and the member's own sign-ups carry no source.
      expect(data.totals).toEqual({
        leads: 5,
        signups: 3,
        withSource: 5,
        byKind: { enquiries: 2, partnerships: 0, presale: 2, waitlist: 1, "airdrop-claims": 0 },
      });
      expect(data.rows).toEqual([
        { source: null, campaign: null, leads: 1, signups: 2, byKind: { enquiries: 1, partnerships: 0, presale: 0, waitlist: 0, "airdrop-claims": 0 } },
        {
          source: "newsletter",
          campaign: "spring",
          leads: 2,
          signups: 0,
          byKind: { enquiries: 0, partnerships: 0, presale: 2, waitlist: 0, "airdrop-claims": 0 },
        },
        {
          source: "twitter",
          campaign: "launch",
          leads: 1,
          signups: 1,
          byKind: { enquiries: 1, partnerships: 0, presale: 0, waitlist: 0, "airdrop-claims": 0 },
        },
        {
          source: "newsletter",
          campaign: "autumn",
          leads: 1,
          signups: 0,
          byKind: { enquiries: 0, partnerships: 0, presale: 0, waitlist: 1, "airdrop-claims": 0 },
        },
      ]);
    });

    it("answers every day (or week) of the range, zero-filled, with each period's sources", async () => {
      const daily = await report(`?from=${day(13)}&to=${day(0)}&interval=day`);
      expect(daily.series.map((p) => p.period)).toEqual(Array.from({ length: 14 }, (_, i) => day(13 - i)));
      expect(daily.series.find((p) => p.period === day(10))).toEqual({
        period: day(10),
        leads: 1,
        signups: 0,
        sources: [{ source: "newsletter", leads: 1, signups: 0 }],
      });
      expect(daily.series.find((p) => p.period === day(5))).toEqual({ period: day(5), leads: 0, signups: 0, sources: [] });
      expect(daily.series.at(-1)).toEqual({
        period: day(0),
        leads: 4,
        signups: 3,
        sources: [
          { source: null, leads: 1, signups: 2 },
          { source: "newsletter", leads: 2, signups: 0 },
          { source: "twitter", leads: 1, signups: 1 },
        ],
      });

      const weekly = await report(`?from=${day(13)}&to=${day(0)}&interval=week`);
      expect(weekly.series.map((p) => p.period)).toEqual(periodStarts(day(13), day(0), "week"));
      expect(weekly.series.reduce((sum, p) => sum + p.leads, 0)).toBe(5);
      expect(weekly.series.reduce((sum, p) => sum + p.signups, 0)).toBe(3);
    });

    it("keeps to the date range: the default 30 days leave out the lead of 40 days ago, a wider range finds it", async () => {
      const recent = await report("");
      expect(recent).toMatchObject({ from: day(29), to: day(0) });
      expect(recent.totals.byKind.waitlist).toBe(1);
      const wide = await report(`?from=${day(45)}&to=${day(0)}`);
      expect(wide.totals.byKind.waitlist).toBe(2);
      expect(wide.rows.find((r) => r.source === "newsletter" && r.campaign === "spring")?.byKind).toMatchObject({ presale: 2, waitlist: 1 });
      const onlyOld = await report(`?from=${day(41)}&to=${day(39)}`);
      expect(onlyOld.totals).toMatchObject({ leads: 1, signups: 0 });
    });

    it("refuses a reversed, over-long or malformed range with the API's error envelope", async () => {
      const reversed = await get(`/admin/sources?from=${day(0)}&to=${day(3)}`);
      expect(reversed.status).toBe(400);
      expect(reversed.body).toEqual({
        success: false,
        requestId: expect.any(String),
        message: SOURCES_MESSAGES.rangeReversed,
        errors: { from: SOURCES_MESSAGES.rangeReversed },
      });
      expect((await get(`/admin/sources?from=${day(400)}&to=${day(0)}`)).body.message).toBe(SOURCES_MESSAGES.rangeTooLong);
      expect((await get("/admin/sources?from=yesterday")).status).toBe(400);
      expect((await get("/admin/sources?interval=month")).status).toBe(400);
    });

    it("is for administrators only: 401 without a token, 403 for a member", async () => {
      expect((await t().app.inject({ method: "GET", url: "/api/v1/admin/sources" })).statusCode).toBe(401);
      expect((await get("/admin/sources", member)).status).toBe(403);
    });

    it("the inbox filters by source and campaign and shows every attribution field", async () => {
      const presale = await get("/admin/leads/presale?source=newsletter&campaign=spring");
      expect(presale.status).toBe(200);
      expect(presale.body.data.map((l: { _id: string }) => l._id).sort()).toEqual([ids.presaleToday, ids.presaleEarlier].sort());
      expect(presale.body.data[0]).toMatchObject({
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "spring",
        utmContent: null,
        ref: null,
        referrerHost: null,
      });
      expect((await get("/admin/leads/waitlist?source=newsletter")).body.total).toBe(2);
      expect((await get("/admin/leads/waitlist?campaign=autumn")).body.data.map((l: { _id: string }) => l._id)).toEqual([ids.waitlistToday]);
      // Exact values: no partial or case-insensitive match.
      expect((await get("/admin/leads/waitlist?source=News")).body.total).toBe(0);
      const contacts = await get("/admin/leads/enquiries?source=twitter");
      expect(contacts.body.data).toEqual([expect.objectContaining({ _id: ids.contactTwitter, utmCampaign: "launch", referrerHost: "t.co" })]);
    });

    it("the CSV export carries the attribution columns and follows the source filter", async () => {
      const res = await t().app.inject({
        method: "GET",
        url: "/api/v1/admin/leads/enquiries/export.csv?source=twitter",
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toMatch(/,Status,Note,Source,Medium,Campaign,Content,Ref,Referrer$/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/,new,,twitter,,launch,,,t\.co$/);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
