import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";
import { injectPost, signedClaimBody } from "../../../test/wallet.ts";

/*
 * Hostile input against the admin console's API, with an administrator's token: lead
 * status and notes, sign-outs, privacy export and erasure, uploads and the inbox filters never
 * answer 5xx, and a refusal changes nothing (the audit log included).
 */

describeEachDatabase(
  "admin routes under hostile input",
  (t) => {
    let admin = "";
    let memberId = "";
    let contactId = "";
    let claimIds: string[] = [];
    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      memberId = (await signedInUser(app, database.db)).id;
      const address = `inbox.${Date.now()}@example.com`;
      const lead = await api(app, "POST", "/api/v1/contacts", { firstName: "Ana", lastName: "Silva", email: address, confirmEmail: address });
      contactId = lead.body.data._id as string;
      // Two signed claims waiting for review (their usernames list no wallet): one to approve, one to reject.
      claimIds = await Promise.all(
        ["pioneer-0610", "pioneer-0611"].map(
          async (zealyUsername) =>
            (await api(app, "POST", "/api/v1/pioneer-users", await signedClaimBody(injectPost(app), { zealyUsername }))).body.data._id as string,
        ),
      );
    });

    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "PATCH /api/v1/admin/leads/{type}/{id}",
        () => ({
          method: "PATCH",
          path: "/api/v1/admin/leads/{type}/{id}",
          token: admin,
          params: { type: "enquiries", id: contactId },
          body: { status: "in_progress", note: "Called back" },
        }),
      ],
      [
        "POST /api/v1/admin/users/{id}/revoke-sessions",
        () => ({ method: "POST", path: "/api/v1/admin/users/{id}/revoke-sessions", token: admin, params: { id: memberId } }),
      ],
      [
        "POST /api/v1/admin/privacy/export",
        () => ({ method: "POST", path: "/api/v1/admin/privacy/export", token: admin, body: { email: "someone@example.com" } }),
      ],
      [
        "POST /api/v1/admin/privacy/erase",
        () => ({ method: "POST", path: "/api/v1/admin/privacy/erase", token: admin, body: { email: "gone.{unique}@example.com", confirm: true } }),
      ],
      ["POST /api/v1/admin/media (multipart)", () => ({ method: "POST", path: "/api/v1/admin/media", token: admin, multipart: true })],
      [
        "GET /api/v1/admin/leads/{type} (filters)",
        () => ({
          method: "GET",
          path: "/api/v1/admin/leads/{type}",
          token: admin,
          params: { type: "enquiries" },
          query: {
            status: "new",
            search: "silva",
            source: "newsletter",
            campaign: "spring",
            from: "2024-01-01T00:00:00.000Z",
            to: "2099-01-01T00:00:00.000Z",
            page: "1",
            limit: "25",
            sort: "last_name",
            order: "asc",
          },
        }),
      ],
      [
        "GET /api/v1/admin/leads/{type}/export.csv",
        () => ({
          method: "GET",
          path: "/api/v1/admin/leads/{type}/export.csv",
          token: admin,
          params: { type: "presale" },
          query: { search: "a", status: "new" },
        }),
      ],
      [
        "POST /api/v1/admin/airdrop/claims/{id}/approve",
        () => ({
          method: "POST",
          path: "/api/v1/admin/airdrop/claims/{id}/approve",
          token: admin,
          params: { id: claimIds[0] ?? "" },
          body: { note: "Checked with Zealy support" },
        }),
      ],
      [
        "POST /api/v1/admin/airdrop/claims/{id}/reject",
        () => ({
          method: "POST",
          path: "/api/v1/admin/airdrop/claims/{id}/reject",
          token: admin,
          params: { id: claimIds[1] ?? "" },
          body: { note: "Not the account holder" },
        }),
      ],
      [
        "GET /api/v1/admin/airdrop/claims (filters)",
        () => ({
          method: "GET",
          path: "/api/v1/admin/airdrop/claims",
          token: admin,
          query: { claimStatus: "pending_review", search: "pioneer", page: "1", limit: "10" },
        }),
      ],
      [
        "GET /api/v1/admin/sources (range)",
        () => ({ method: "GET", path: "/api/v1/admin/sources", token: admin, query: { from: "2025-01-01", to: "2025-03-31", interval: "week" } }),
      ],
      [
        "GET /api/v1/admin/users (search)",
        () => ({ method: "GET", path: "/api/v1/admin/users", token: admin, query: { search: "ada", page: "1", limit: "10" } }),
      ],
      [
        "GET /api/v1/admin/articles (search)",
        () => ({ method: "GET", path: "/api/v1/admin/articles", token: admin, query: { search: "token", status: "draft", page: "1", limit: "10" } }),
      ],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal changes nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 50 });
      });
    }

    it("still answers the administrator after the hostile runs", async () => {
      expect((await api(t().app, "GET", "/api/v1/admin/stats", undefined, admin)).status).toBe(200);
    });
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
