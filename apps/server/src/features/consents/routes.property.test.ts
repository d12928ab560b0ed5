import { beforeAll, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against the cookie-choice record: never a 5xx, and a refusal stores no
 * consent record.
 */

describeEachDatabase(
  "consent routes under hostile input",
  (t) => {
    let token = "";
    beforeAll(async () => {
      token = (await signedInUser(t().app, t().database.db)).token;
    });

    const routes: Array<[string, () => RouteUnderTest]> = [
      ["PUT /api/v1/me/consents/cookies", () => ({ method: "PUT", path: "/api/v1/me/consents/cookies", token, body: { analytics: true } })],
    ];
    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal stores nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 40 });
      });
    }
  },
  { env: { RATE_LIMITS: "off" } },
);
