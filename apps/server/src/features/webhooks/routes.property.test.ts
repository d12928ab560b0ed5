import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";
import { startReceiver, type Receiver } from "../../../test/webhook-receiver.ts";

/*
 * Hostile input against the webhook admin API, with an
 * administrator's token: never a 5xx, and a refusal stores nothing (no endpoint, no delivery, no
 * audit entry). The endpoints point at a local receiver that answers 200, so the deliveries the
 * accepted requests cause finish at once and change nothing under a later request's check.
 */

describeEachDatabase(
  "webhook admin routes under hostile input",
  (t) => {
    let admin = "";
    let receiver: Receiver | undefined;
    const ids = { patch: "", remove: "", rotate: "", test: "", resend: "", delivery: "" };
    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      receiver = await startReceiver();
      for (const key of ["patch", "remove", "rotate", "test", "resend"] as const) {
        ids[key] = (await api(app, "POST", "/api/v1/admin/webhooks", { url: receiver.url, events: ["contact.submitted"] }, admin)).body.data.endpoint
          ._id as string;
      }
      ids.delivery = (await api(app, "POST", `/api/v1/admin/webhooks/${ids.resend}/test`, undefined, admin)).body.data._id as string;
      await app.jobs.idle();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    const url = () => receiver?.url ?? "";
    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "POST /api/v1/admin/webhooks",
        () => ({
          method: "POST",
          path: "/api/v1/admin/webhooks",
          token: admin,
          body: { url: url(), events: ["contact.submitted", "presale.registered"], description: "CRM", format: "json" },
        }),
      ],
      [
        "PATCH /api/v1/admin/webhooks/{id}",
        () => ({
          method: "PATCH",
          path: "/api/v1/admin/webhooks/{id}",
          token: admin,
          params: { id: ids.patch },
          body: { url: url(), events: ["waitlist.joined"], description: "Renamed", format: "slack", status: "active" },
        }),
      ],
      ["DELETE /api/v1/admin/webhooks/{id}", () => ({ method: "DELETE", path: "/api/v1/admin/webhooks/{id}", token: admin, params: { id: ids.remove } })],
      [
        "POST /api/v1/admin/webhooks/{id}/rotate-secret",
        () => ({ method: "POST", path: "/api/v1/admin/webhooks/{id}/rotate-secret", token: admin, params: { id: ids.rotate } }),
      ],
      ["POST /api/v1/admin/webhooks/{id}/test", () => ({ method: "POST", path: "/api/v1/admin/webhooks/{id}/test", token: admin, params: { id: ids.test } })],
      [
        "POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend",
        () => ({
          method: "POST",
          path: "/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend",
          token: admin,
          params: { id: ids.resend, deliveryId: ids.delivery },
        }),
      ],
      [
        "GET /api/v1/admin/webhooks/{id}/deliveries (pages)",
        () => ({ method: "GET", path: "/api/v1/admin/webhooks/{id}/deliveries", token: admin, params: { id: ids.resend }, query: { page: "1", limit: "20" } }),
      ],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal changes nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 40 });
        await t().app.jobs.idle();
      });
    }

    it("still answers the administrator after the hostile runs", async () => {
      expect((await api(t().app, "GET", "/api/v1/admin/webhooks", undefined, admin)).status).toBe(200);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE: "1", RATE_LIMITS: "off" } },
);
