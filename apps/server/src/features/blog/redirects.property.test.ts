import { beforeAll, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against the console's redirects: never a 5xx, and a refusal stores nothing.
 */

describeEachDatabase(
  "redirect routes under hostile input",
  (t) => {
    let admin = "";
    let deletable = "";
    beforeAll(async () => {
      admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
      deletable = (await api(t().app, "POST", "/api/v1/admin/redirects", { fromPath: "/hostile-old", toPath: "/articles" }, admin)).body.data._id as string;
    });

    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "POST /api/v1/admin/redirects",
        () => ({ method: "POST", path: "/api/v1/admin/redirects", token: admin, body: { fromPath: "/campaign-{unique}", toPath: "/presale" } }),
      ],
      ["DELETE /api/v1/admin/redirects/{id}", () => ({ method: "DELETE", path: "/api/v1/admin/redirects/{id}", token: admin, params: { id: deletable } })],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 50 });
      });
    }
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
