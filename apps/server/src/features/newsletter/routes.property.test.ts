import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser, subscriberRow } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";
import { sha256 } from "../../lib/ids.ts";
import { newsletterKeys } from "./tokens.ts";

/*
 * Hostile input against the newsletter's routes: never a 5xx,
 * and a refusal stores nothing (no subscriber, consent record, campaign or job). Sending comes
 * first, while there is no confirmed subscriber: a send is refused, so no campaign runs under a
 * later request's check.
 */

describeEachDatabase(
  "newsletter routes under hostile input",
  (t) => {
    let admin = "";
    const ids = { patch: "", remove: "", test: "", send: "", cancel: "" };
    const confirmToken = "property-confirm-token-property-confirm-token";
    let unsubscribeToken = "";
    beforeAll(async () => {
      const { app, database, config } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      for (const key of Object.keys(ids) as Array<keyof typeof ids>) {
        ids[key] = (await api(app, "POST", "/api/v1/admin/newsletter/campaigns", { kind: "markdown", subject: `Property ${key}`, body: "Text." }, admin)).body
          .data._id as string;
      }
      const at = new Date().toISOString();
      await database.db
        .insertInto("newsletter_subscribers")
        .values([
          {
            ...subscriberRow("prop-pending", "pending.property@example.com", "pending", at),
            confirm_token_hash: sha256(confirmToken),
            confirm_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          },
          subscriberRow("prop-leaving", "leaving.property@example.com", "unsubscribed", at),
        ])
        .execute();
      unsubscribeToken = newsletterKeys(config.jwtSecret).unsubscribeToken("prop-leaving");
    });

    const campaign = (key: keyof typeof ids) => ({ id: ids[key] });
    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "POST /api/v1/admin/newsletter/campaigns/{id}/send",
        () => ({ method: "POST", path: "/api/v1/admin/newsletter/campaigns/{id}/send", token: admin, params: campaign("send"), body: {} }),
      ],
      [
        "POST /api/v1/admin/newsletter/campaigns/{id}/cancel",
        () => ({ method: "POST", path: "/api/v1/admin/newsletter/campaigns/{id}/cancel", token: admin, params: campaign("cancel") }),
      ],
      [
        "POST /api/v1/newsletter/subscriptions",
        () => ({ method: "POST", path: "/api/v1/newsletter/subscriptions", body: { email: "unique.{unique}@example.com", form: "article", page: "/blog/x" } }),
      ],
      ["POST /api/v1/newsletter/confirm", () => ({ method: "POST", path: "/api/v1/newsletter/confirm", body: { token: confirmToken } })],
      ["POST /api/v1/newsletter/unsubscribe", () => ({ method: "POST", path: "/api/v1/newsletter/unsubscribe", query: { token: unsubscribeToken }, body: {} })],
      [
        "POST /api/v1/admin/newsletter/subscribers/import",
        () => ({
          method: "POST",
          path: "/api/v1/admin/newsletter/subscribers/import",
          token: admin,
          body: { csv: "email\nimport.{unique}@example.com", consentSource: "Asked at the Lisbon meetup" },
        }),
      ],
      [
        "POST /api/v1/admin/newsletter/campaigns",
        () => ({ method: "POST", path: "/api/v1/admin/newsletter/campaigns", token: admin, body: { kind: "markdown", subject: "Hello", body: "Words." } }),
      ],
      [
        "PATCH /api/v1/admin/newsletter/campaigns/{id}",
        () => ({
          method: "PATCH",
          path: "/api/v1/admin/newsletter/campaigns/{id}",
          token: admin,
          params: campaign("patch"),
          body: { subject: "Renamed", body: "New words." },
        }),
      ],
      [
        "DELETE /api/v1/admin/newsletter/campaigns/{id}",
        () => ({ method: "DELETE", path: "/api/v1/admin/newsletter/campaigns/{id}", token: admin, params: campaign("remove") }),
      ],
      [
        "POST /api/v1/admin/newsletter/campaigns/{id}/test",
        () => ({ method: "POST", path: "/api/v1/admin/newsletter/campaigns/{id}/test", token: admin, params: campaign("test") }),
      ],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal changes nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 25 });
        await t().app.jobs.idle();
      });
    }

    it("still answers the administrator after the hostile runs", async () => {
      expect((await api(t().app, "GET", "/api/v1/admin/newsletter/campaigns", undefined, admin)).status).toBe(200);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
