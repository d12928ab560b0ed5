import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, signedInUser } from "../../../test/helpers.ts";
import { assertHostileRequestsAreHarmless, type RouteUnderTest } from "../../../test/hostile-requests.ts";
import { injectPost, newAccount, walletProof } from "../../../test/wallet.ts";
import { DEMO_SPRINT } from "../leads/index.ts";

/*
 * Hostile input against learn-and-earn's writes: the quests editor, the sprint's grant setting,
 * revoking a grant (an administrator's token) and linking a wallet (a learner's) never answer 5xx,
 * and a refusal changes nothing.
 */

describeEachDatabase(
  "learn-and-earn routes under hostile input",
  (t) => {
    let admin = "";
    let learner = "";
    let questId = "";
    let linkProof: Record<string, unknown> = {};
    const sprint = DEMO_SPRINT.id;
    const window = () => ({ startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() });
    beforeAll(async () => {
      const { app, database } = t();
      admin = (await signedInUser(app, database.db, { admin: true })).token;
      learner = (await signedInUser(app, database.db)).token;
      const quest = await api(
        app,
        "POST",
        `/api/v1/admin/sprints/${sprint}/quests`,
        { kind: "placement_pass", title: "Pass the placement quiz", xp: 30, cap: null, ...window() },
        admin,
      );
      expect(quest.status, JSON.stringify(quest.body)).toBe(201);
      questId = quest.body.data.id as string;
      linkProof = (await walletProof(injectPost(app), newAccount(), "link")) as unknown as Record<string, unknown>;
    });

    const routes: Array<[string, () => RouteUnderTest]> = [
      [
        "POST /api/v1/admin/sprints/{sprintId}/quests",
        () => ({
          method: "POST",
          path: "/api/v1/admin/sprints/{sprintId}/quests",
          token: admin,
          params: { sprintId: sprint },
          body: { kind: "placement_pass", title: "Placement {unique}", xp: 25, cap: 100, ...window() },
        }),
      ],
      [
        "PATCH /api/v1/admin/quests/{id}",
        () => ({
          method: "PATCH",
          path: "/api/v1/admin/quests/{id}",
          token: admin,
          params: { id: questId },
          body: { title: "Pass the placement quiz today", cap: 50 },
        }),
      ],
      ["DELETE /api/v1/admin/quests/{id}", () => ({ method: "DELETE", path: "/api/v1/admin/quests/{id}", token: admin, params: { id: questId } })],
      [
        "PATCH /api/v1/admin/sprints/{sprintId}/learn-earn",
        () => ({
          method: "PATCH",
          path: "/api/v1/admin/sprints/{sprintId}/learn-earn",
          token: admin,
          params: { sprintId: sprint },
          body: { minAccountAgeHours: 24 },
        }),
      ],
      [
        "POST /api/v1/admin/quest-grants/{id}/revoke",
        () => ({
          method: "POST",
          path: "/api/v1/admin/quest-grants/{id}/revoke",
          token: admin,
          params: { id: "00000000-0000-4000-8000-000000000000" },
          body: { reason: "Passed from a farm of accounts" },
        }),
      ],
      ["POST /api/v1/me/wallet", () => ({ method: "POST", path: "/api/v1/me/wallet", token: learner, body: linkProof })],
    ];

    for (const [name, route] of routes) {
      it(`${name}: never a 5xx, a refusal changes nothing`, async () => {
        await assertHostileRequestsAreHarmless(t().app, t().database.db, route(), { numRuns: 40 });
      });
    }
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
