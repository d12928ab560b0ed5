import { generate } from "otplib";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";

/*
 * Hostile input against two-factor sign-in: never a 5xx, and a refusal stores nothing. Each route
 * gets a person of its own, enrolled where the route needs it.
 */

describeEachDatabase(
  "two-factor routes under hostile input",
  (t) => {
    const people: Record<string, { token: string; email: string; password: string; secret: string; challenge: string }> = {};

    async function person(enrolled: boolean) {
      const body = newUser();
      const token = (await api(t().app, "POST", "/api/v1/auth/register", body)).body.data.token as string;
      let secret = "";
      let challenge = "";
      if (enrolled) {
        secret = (await api(t().app, "POST", "/api/v1/me/2fa/setup", undefined, token)).body.data.secret as string;
        await api(t().app, "POST", "/api/v1/me/2fa/enable", { code: await generate({ secret }) }, token);
        challenge = (await api(t().app, "POST", "/api/v1/auth/login", { email: body.email, password: body.password })).body.data.challenge as string;
      }
      return { token, email: body.email, password: body.password, secret, challenge };
    }

    beforeAll(async () => {
      people.verify = await person(true);
      people.setup = await person(false);
      people.enable = await person(false);
      await api(t().app, "POST", "/api/v1/me/2fa/setup", undefined, people.enable.token);
      people.codes = await person(true);
      people.disable = await person(true);
    });

    const later = () => generate({ secret: people.verify?.secret ?? "", epoch: Math.floor(Date.now() / 1000) + 30 });
    const routes: Array<[string, () => Promise<RouteUnderTest>]> = [
      [
        "POST /api/v1/auth/2fa",
        async () => ({ method: "POST", path: "/api/v1/auth/2fa", body: { challenge: people.verify!.challenge, code: await later(), rememberDevice: false } }),
      ],
      ["POST /api/v1/me/2fa/setup", async () => ({ method: "POST", path: "/api/v1/me/2fa/setup", token: people.setup!.token })],
      ["POST /api/v1/me/2fa/enable", async () => ({ method: "POST", path: "/api/v1/me/2fa/enable", token: people.enable!.token, body: { code: "123456" } })],
      [
        "POST /api/v1/me/2fa/recovery-codes",
        async () => ({ method: "POST", path: "/api/v1/me/2fa/recovery-codes", token: people.codes!.token, body: { code: "123456" } }),
      ],
      ["POST /api/v1/me/2fa/disable", async () => ({ method: "POST", path: "/api/v1/me/2fa/disable", token: people.disable!.token, body: { code: "123456" } })],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal changes nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, await route(), { numRuns: 25 });
      });
    }

    it("still answers the enrolled person after the hostile runs", async () => {
      expect((await api(t().app, "GET", "/api/v1/me/2fa", undefined, people.codes!.token)).body.data.enabled).toBe(true);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
