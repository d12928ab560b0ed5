import { beforeAll, expect, it } from "vitest";
import type { AuthoredQuestion } from "@vestin/shared/assessments";
import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, latestMailTo, signedInUser } from "../../../test/helpers.ts";
import { injectPost, newAccount, walletProof } from "../../../test/wallet.ts";
import { DEMO_SPRINT } from "../leads/index.ts";

const QUESTIONS: AuthoredQuestion[] = Array.from({ length: 5 }, (_, i) => ({
  id: `q${i}`,
  type: "truefalse" as const,
  prompt: `Statement ${i} is true.`,
  answer: true,
  explanation: "It is.",
}));
const answers = (right: number) => QUESTIONS.map((q, i) => ({ questionId: q.id, answer: i < right }));

describeEachDatabase("learn-earn", (t) => {
  let admin = "";
  let course = { id: "", lessons: [] as string[] };
  const sprint = DEMO_SPRINT.id;
  beforeAll(async () => {
    admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    course = await createCourse(t().app, admin, 1);
    const put = await api(
      t().app,
      "PUT",
      `/api/v1/admin/courses/${course.id}/assessment`,
      { passMark: 50, maxAttempts: 3, timeLimitMinutes: null, questionsPerAttempt: QUESTIONS.length, questions: QUESTIONS },
      admin,
    );
    expect(put.status).toBe(200);
  });

  /** A learner ready to take the course's assessment; `eligible` links a wallet, confirms the e-mail (a Google account) and ages the account two days. */
  const learner = async ({ eligible = true } = {}) => {
    const user = await signedInUser(t().app, t().database.db);
    const db = t().database.db;
    if (eligible) {
      await db
        .updateTable("users")
        .set({ google_sub: `sub-${user.id}`, created_at: new Date(Date.now() - 48 * 3_600_000).toISOString() })
        .where("id", "=", user.id)
        .execute();
    }
    let wallet: string | null = null;
    if (eligible) {
      const account = newAccount();
      const link = await api(t().app, "POST", "/api/v1/me/wallet", await walletProof(injectPost(t().app), account, "link"), user.token);
      expect(link.status).toBe(200);
      wallet = account.address;
    }
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    for (const lesson of course.lessons) expect((await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, user.token)).status).toBe(200);
    return { ...user, wallet };
  };
  const pass = async (token: string, right: number) => {
    const started = await api(t().app, "POST", `/api/v1/courses/${course.id}/assessment/attempts`, undefined, token);
    expect(started.status).toBe(201);
    const submitted = await api(t().app, "POST", `/api/v1/assessment-attempts/${started.body.data.id}/submit`, { answers: answers(right) }, token);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return submitted;
  };
  const createQuest = (body: Record<string, unknown>) =>
    api(
      t().app,
      "POST",
      `/api/v1/admin/sprints/${sprint}/quests`,
      {
        kind: "assessment_pass",
        title: "Pass the test course",
        courseId: course.id,
        bands: [
          { minScore: 90, xp: 150 },
          { minScore: 75, xp: 100 },
          { minScore: 0, xp: 50 },
        ],
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        ...body,
      },
      admin,
    );
  const myStatus = async (token: string) => (await api(t().app, "GET", "/api/v1/me/learn-earn", undefined, token)).body.data;
  const questOf = async (token: string, id: string) => ((await myStatus(token)).quests as Array<{ id: string; grant: unknown }>).find((q) => q.id === id);

  it("answers 401 signed out and 403 to a learner on the admin routes", async () => {
    expect((await api(t().app, "GET", "/api/v1/me/learn-earn")).status).toBe(401);
    expect((await api(t().app, "POST", "/api/v1/me/wallet", {})).status).toBe(401);
    expect((await api(t().app, "GET", `/api/v1/admin/sprints/${sprint}/quests`)).status).toBe(401);
    expect((await api(t().app, "GET", "/api/v1/admin/sprints")).status).toBe(401);
    const user = await signedInUser(t().app, t().database.db);
    for (const [method, url] of [
      ["GET", "/api/v1/admin/sprints"],
      ["GET", `/api/v1/admin/sprints/${sprint}/quests`],
      ["POST", `/api/v1/admin/sprints/${sprint}/quests`],
      ["GET", `/api/v1/admin/sprints/${sprint}/learning-xp.csv`],
      ["GET", `/api/v1/admin/sprints/${sprint}/suspicious`],
      ["POST", "/api/v1/admin/quest-grants/x/revoke"],
    ] as const)
      expect((await api(t().app, method, url, method === "POST" ? {} : undefined, user.token)).status, url).toBe(403);
  });

  it("lists every sprint to administrators, newest first, running or not, with its minimum account age", async () => {
    const created = new Date(Date.now() + 60_000).toISOString();
    await t()
      .database.db.insertInto("sprints")
      .values({
        id: "listed-later",
        name: "Later sprint",
        period: "2027",
        token_pool: 10,
        total_xp: 0,
        participant_count: 0,
        is_active: 0,
        created_at: created,
        updated_at: created,
      })
      .execute();
    expect((await api(t().app, "PATCH", "/api/v1/admin/sprints/listed-later/learn-earn", { minAccountAgeHours: 6 }, admin)).status).toBe(200);
    const res = await api(t().app, "GET", "/api/v1/admin/sprints", undefined, admin);
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<{ id: string }>;
    expect(rows[0]).toEqual({ id: "listed-later", name: "Later sprint", isActive: false, frozen: false, minAccountAgeHours: 6 });
    expect(rows.find((r) => r.id === sprint)).toEqual({ id: sprint, name: DEMO_SPRINT.name, isActive: true, frozen: false, minAccountAgeHours: 24 });
    const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, Record<string, { responses: object }>> };
    expect(Object.keys(doc.paths["/api/v1/admin/sprints"]?.get?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "403"]));
  });

  it("refuses a malformed quest with 400 and stores nothing", async () => {
    const before = (await api(t().app, "GET", `/api/v1/admin/sprints/${sprint}/quests`, undefined, admin)).body.data.length;
    expect((await createQuest({ bands: undefined })).status).toBe(400);
    expect((await createQuest({ xp: 10 })).status).toBe(400);
    expect((await createQuest({ endsAt: new Date(Date.now() - 7_200_000).toISOString() })).status).toBe(400);
    expect((await createQuest({ courseId: "no-such-course" })).status).toBe(400);
    expect(
      (
        await api(
          t().app,
          "POST",
          "/api/v1/admin/sprints/no-sprint/quests",
          { kind: "placement_pass", title: "x", xp: 5, startsAt: "2026-01-01", endsAt: "2026-02-01" },
          admin,
        )
      ).status,
    ).toBe(404);
    expect((await api(t().app, "GET", `/api/v1/admin/sprints/${sprint}/quests`, undefined, admin)).body.data).toHaveLength(before);
  });

  it("links one wallet per account and one account per wallet", async () => {
    const a = await signedInUser(t().app, t().database.db);
    const b = await signedInUser(t().app, t().database.db);
    const wallet = newAccount();
    const linked = await api(t().app, "POST", "/api/v1/me/wallet", await walletProof(injectPost(t().app), wallet, "link"), a.token);
    expect(linked.status).toBe(200);
    expect(linked.body.data.address).toBe(wallet.address);
    expect((await api(t().app, "GET", "/api/v1/me/wallet", undefined, a.token)).body.data.address).toBe(wallet.address);
    const second = await api(t().app, "POST", "/api/v1/me/wallet", await walletProof(injectPost(t().app), newAccount(), "link"), a.token);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(LEARN_EARN_MESSAGES.accountHasWallet);
    const taken = await api(t().app, "POST", "/api/v1/me/wallet", await walletProof(injectPost(t().app), wallet, "link"), b.token);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(LEARN_EARN_MESSAGES.walletTaken);
    // A presale signature does not link a wallet.
    const wrongPurpose = await api(t().app, "POST", "/api/v1/me/wallet", await walletProof(injectPost(t().app), newAccount(), "presale"), b.token);
    expect(wrongPurpose.status).toBe(400);
    expect((await api(t().app, "GET", "/api/v1/me/wallet", undefined, b.token)).status).toBe(404);
  });

  it("grants the band of the passing score, withholds without a wallet, and revokes with an audit entry and an e-mail job", async () => {
    const quest = (await createQuest({})).body.data;
    const good = await learner();
    const other = await learner({ eligible: false });
    expect((await pass(good.token, 4)).body.data.result.passed).toBe(true); // 80 %
    expect((await pass(other.token, 5)).body.data.result.passed).toBe(true);
    await t().app.jobs.idle();
    expect(await questOf(good.token, quest.id)).toMatchObject({ grant: { xp: 100, status: "granted", reason: null, reasonCode: null } });
    expect(await questOf(other.token, quest.id)).toMatchObject({
      grant: { xp: 150, status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.no_wallet, reasonCode: "no_wallet" },
    });
    // A later better score adds nothing: one grant per quest.
    await pass(good.token, 5);
    await t().app.jobs.idle();
    expect(await questOf(good.token, quest.id)).toMatchObject({ grant: { xp: 100, status: "granted" } });
    const status = await myStatus(good.token);
    expect(status).toMatchObject({ learningXp: 100, totalXp: 100, wallet: good.wallet });

    const csv = await t().app.inject({ method: "GET", url: `/api/v1/admin/sprints/${sprint}/learning-xp.csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("wallet,learning_xp,quests");
    expect(csv.body).toContain(`${good.wallet},100,1`);

    const grants = (await api(t().app, "GET", `/api/v1/admin/quests/${quest.id}/grants`, undefined, admin)).body.data as Array<{ id: string; userId: string }>;
    const grant = grants.find((g) => g.userId === good.id);
    expect(grant).toBeDefined();
    expect((await api(t().app, "POST", `/api/v1/admin/quest-grants/${grant?.id}/revoke`, { reason: " " }, admin)).status).toBe(400);
    const revoked = await api(t().app, "POST", `/api/v1/admin/quest-grants/${grant?.id}/revoke`, { reason: "Shared answers" }, admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ status: "revoked", reason: "Shared answers" });
    expect((await api(t().app, "POST", `/api/v1/admin/quest-grants/${grant?.id}/revoke`, { reason: "Again" }, admin)).status).toBe(409);
    const audit = await t()
      .database.db.selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", grant?.id ?? "")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["quest grant revoked"]);
    expect((await myStatus(good.token)).learningXp).toBe(0);
    await t().app.jobs.idle();
    expect(latestMailTo(t().config.dataDir, good.email)).toContain("Shared answers");
  });

  it("gives the last slot of a capped quest to exactly one of two concurrent passes", async () => {
    const quest = (await createQuest({ cap: 1, title: "First come" })).body.data;
    const [a, b] = await Promise.all([learner(), learner()]);
    await Promise.all([pass(a.token, 5), pass(b.token, 5)]);
    await t().app.jobs.idle();
    const grants = (await api(t().app, "GET", `/api/v1/admin/quests/${quest.id}/grants`, undefined, admin)).body.data as Array<{ status: string }>;
    expect(grants.filter((g) => g.status === "granted")).toHaveLength(1);
    expect((await questOf(a.token, quest.id)) as unknown).toMatchObject({ capLeft: 0 });
  });

  it("makes no grant for a pass outside the quest's window", async () => {
    const quest = (
      await createQuest({ title: "Ended", startsAt: new Date(Date.now() - 7_200_000).toISOString(), endsAt: new Date(Date.now() - 3_600_000).toISOString() })
    ).body.data;
    const user = await learner();
    await pass(user.token, 5);
    await t().app.jobs.idle();
    expect(await questOf(user.token, quest.id)).toMatchObject({ grant: null });
  });
});
