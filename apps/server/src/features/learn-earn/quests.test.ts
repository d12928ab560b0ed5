import { beforeAll, expect, it } from "vitest";
import type { AuthoredQuestion } from "@vestin/shared/assessments";
import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn";
import { TRACKS } from "@vestin/shared/learning";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../../test/helpers.ts";
import { storedJobs } from "../../../test/support/jobs.ts";
import { newAccount, walletProof, type Post } from "../../../test/wallet.ts";
import { DEMO_SPRINT } from "../leads/index.ts";
import { GRANT_JOB } from "./service.ts";

const QUESTIONS: AuthoredQuestion[] = Array.from({ length: 5 }, (_, i) => ({
  id: `q${i}`,
  type: "truefalse" as const,
  prompt: `Statement ${i} is true.`,
  answer: true,
  explanation: "It is.",
}));
const RIGHT = QUESTIONS.map((q) => ({ questionId: q.id, answer: true }));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The grant rules beyond the assessment band: eligibility reasons, the other quest kinds, one grant per wallet, re-evaluation on link, the sybil review. */
describeEachDatabase("learn-earn quests and grant rules", (t) => {
  const sprint = DEMO_SPRINT.id;
  const track = TRACKS[0] as (typeof TRACKS)[number];
  let admin = "";
  let course = { id: "", slug: "", lessons: [] as string[] };
  const db = () => t().database.db;

  /** POST from a given client address (the link records its network). */
  const postFrom =
    (ip: string): Post =>
    async (url, body) => {
      const res = await t().app.inject({ method: "POST", url, payload: body as object, remoteAddress: ip });
      return { status: res.statusCode, body: res.json() };
    };
  const linkWallet = async (token: string, ip = "127.0.0.1", account = newAccount()) => {
    const proof = await walletProof(postFrom(ip), account, "link");
    const res = await t().app.inject({
      method: "POST",
      url: "/api/v1/me/wallet",
      payload: proof,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return account;
  };
  /** A learner enrolled in the course: e-mail confirmed (a Google sign-in) and two days old unless told otherwise; a wallet linked from `ip` unless `wallet` is false. */
  const learner = async ({ confirmed = true, ageHours = 48, wallet = true, ip = "127.0.0.1" } = {}) => {
    const user = await signedInUser(t().app, db());
    await db()
      .updateTable("users")
      .set({ google_sub: confirmed ? `sub-${user.id}` : null, created_at: new Date(Date.now() - ageHours * HOUR).toISOString() })
      .where("id", "=", user.id)
      .execute();
    const account = wallet ? await linkWallet(user.token, ip) : null;
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    return { ...user, wallet: account?.address ?? null };
  };
  const completeLessons = async (token: string) => {
    for (const lesson of course.lessons) expect((await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, token)).status).toBe(200);
  };
  /** Passes the course's assessment with every answer right; `minutes`: how long the attempt took. */
  const pass = async (user: { id: string; token: string }, minutes = 0) => {
    const started = await api(t().app, "POST", `/api/v1/courses/${course.id}/assessment/attempts`, undefined, user.token);
    expect(started.status).toBe(201);
    if (minutes)
      await db()
        .updateTable("assessment_attempts")
        .set({ started_at: new Date(Date.now() - minutes * 60_000).toISOString() })
        .where("id", "=", started.body.data.id)
        .execute();
    const submitted = await api(t().app, "POST", `/api/v1/assessment-attempts/${started.body.data.id}/submit`, { answers: RIGHT }, user.token);
    expect(submitted.body.data.result.passed).toBe(true);
  };
  const createQuest = async (body: Record<string, unknown>) => {
    const res = await api(
      t().app,
      "POST",
      `/api/v1/admin/sprints/${sprint}/quests`,
      { startsAt: new Date(Date.now() - HOUR).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString(), cap: null, ...body },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string };
  };
  const grantOf = async (token: string, questId: string) =>
    ((await api(t().app, "GET", "/api/v1/me/learn-earn", undefined, token)).body.data.quests as Array<{ id: string; grant: unknown }>).find(
      (q) => q.id === questId,
    )?.grant;
  const grantsOf = async (questId: string) =>
    (await api(t().app, "GET", `/api/v1/admin/quests/${questId}/grants`, undefined, admin)).body.data as Array<{
      userId: string;
      status: string;
      flags: string[];
    }>;

  let assessmentQuest = { id: "" };
  beforeAll(async () => {
    admin = (await signedInUser(t().app, db(), { admin: true })).token;
    course = await createCourse(t().app, admin, 2);
    const put = await api(
      t().app,
      "PUT",
      `/api/v1/admin/courses/${course.id}/assessment`,
      { passMark: 50, maxAttempts: 5, timeLimitMinutes: null, questionsPerAttempt: QUESTIONS.length, questions: QUESTIONS },
      admin,
    );
    expect(put.status).toBe(200);
    assessmentQuest = await createQuest({ kind: "assessment_pass", title: "Pass it", courseId: course.id, bands: [{ minScore: 0, xp: 40 }] });
  });

  /** The grant jobs stored for this learner's events, whatever their state (pending, waiting, done). */
  const grantJobsOf = (userId: string): Promise<number> => storedJobs(db(), t().dialect, GRANT_JOB, { userId });

  it("stores a grant job for a completed lesson only while a quest a completion can satisfy is open", async () => {
    // Only the assessment's quest is open: no lesson completion can satisfy it.
    const first = await learner({ wallet: false });
    await completeLessons(first.token);
    expect(await grantJobsOf(first.id)).toBe(0);
    // A track quest opens (for a track this course is not in): every completion may now finish
    // the track, so each one stores its job, which finds nothing to grant.
    const trackQuest = await createQuest({ kind: "track_complete", title: "Open for a while", trackId: track.slug, xp: 5 });
    const second = await learner({ wallet: false });
    await completeLessons(second.token);
    expect(await grantJobsOf(second.id)).toBe(course.lessons.length);
    await t().app.jobs.idle();
    expect(await grantsOf(trackQuest.id)).toEqual([]);
    expect((await api(t().app, "DELETE", `/api/v1/admin/quests/${trackQuest.id}`, undefined, admin)).status).toBe(204);
    // Once the quest is gone, completions store no job again.
    const third = await learner({ wallet: false });
    await completeLessons(third.token);
    expect(await grantJobsOf(third.id)).toBe(0);
  });

  it("withholds a grant for an unconfirmed e-mail and for a too-new account, with the reason shown", async () => {
    const unconfirmed = await learner({ confirmed: false });
    const young = await learner({ ageHours: 2 });
    await completeLessons(unconfirmed.token);
    await completeLessons(young.token);
    await pass(unconfirmed);
    await pass(young);
    await t().app.jobs.idle();
    expect(await grantOf(unconfirmed.token, assessmentQuest.id)).toMatchObject({ status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.email_unconfirmed });
    expect(await grantOf(young.token, assessmentQuest.id)).toMatchObject({ status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.account_too_new });
  });

  it("grants withheld-for-want-of-a-wallet grants once the wallet is linked, and only those", async () => {
    const late = await learner({ wallet: false });
    await completeLessons(late.token);
    await pass(late);
    await t().app.jobs.idle();
    expect(await grantOf(late.token, assessmentQuest.id)).toMatchObject({ status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.no_wallet });
    await linkWallet(late.token);
    await t().app.jobs.idle();
    expect(await grantOf(late.token, assessmentQuest.id)).toMatchObject({ status: "granted", reason: null, xp: 40 });
  });

  it("gives one grant per quest per wallet, even if a wallet moved to another account", async () => {
    const first = await learner();
    await completeLessons(first.token);
    await pass(first);
    await t().app.jobs.idle();
    expect(await grantOf(first.token, assessmentQuest.id)).toMatchObject({ status: "granted" });
    // Links are unique both ways; an operator moving the wallet by hand must not earn the quest twice for it.
    const second = await learner({ wallet: false });
    await db().updateTable("account_wallets").set({ user_id: second.id }).where("user_id", "=", first.id).execute();
    await completeLessons(second.token);
    await pass(second);
    await t().app.jobs.idle();
    const forWallet = await db()
      .selectFrom("learn_earn_grants")
      .select(["user_id", "status"])
      .where("quest_id", "=", assessmentQuest.id)
      .where("wallet_address", "=", (first.wallet ?? "").toLowerCase())
      .execute();
    expect(forWallet).toEqual([{ user_id: first.id, status: "granted" }]);
    expect(await grantOf(second.token, assessmentQuest.id)).not.toMatchObject({ status: "granted" });
  });

  it("links each quest's subject to the web's page of it: a course and a track by slug, the placement quiz", async () => {
    const trackQuest = await createQuest({ kind: "track_complete", title: "Track link", trackId: track.slug, xp: 5 });
    const placement = await createQuest({ kind: "placement_pass", title: "Placement link", xp: 5 });
    const user = await signedInUser(t().app, db());
    const quests = (await api(t().app, "GET", "/api/v1/me/learn-earn", undefined, user.token)).body.data.quests as Array<{ id: string; subject: unknown }>;
    const subjectOf = (id: string) => quests.find((q) => q.id === id)?.subject;
    expect(course.slug).not.toBe(course.id);
    expect(subjectOf(assessmentQuest.id)).toEqual({ id: course.id, title: expect.any(String), href: `/learn/course/${course.slug}` });
    expect(subjectOf(trackQuest.id)).toEqual({ id: track.slug, title: track.title, href: `/learn/track/${track.slug}` });
    expect(subjectOf(placement.id)).toEqual({ id: "placement", title: "Placement quiz", href: "/learn/placement" });
  });

  it("grants the placement, streak and track quests when their facts happen", async () => {
    const placement = await createQuest({ kind: "placement_pass", title: "Place yourself", xp: 25 });
    const streak = await createQuest({ kind: "learning_streak", title: "Three days", streakDays: 3, xp: 30 });
    const trackQuest = await createQuest({ kind: "track_complete", title: "Finish the track", trackId: track.slug, xp: 200 });
    // The track is this course alone: the seeded courses of its category are taken out of it.
    await db().updateTable("courses").set({ category: "Advanced Topics" }).where("category", "=", track.title).where("id", "<>", course.id).execute();
    await db().updateTable("courses").set({ category: track.title }).where("id", "=", course.id).execute();

    const user = await learner();
    // Completions (of another course) on the two UTC days before today make today's the third day of a streak.
    const elsewhere = await createCourse(t().app, admin, 2);
    await db()
      .insertInto("lesson_completions")
      .values(
        [2, 1].map((daysAgo, i) => ({
          id: `old-${user.id}-${daysAgo}`,
          user_id: user.id,
          lesson_id: elsewhere.lessons[i] ?? "",
          course_id: elsewhere.id,
          completed_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
        })),
      )
      .execute();
    await completeLessons(user.token);

    const quiz = await api(t().app, "GET", "/api/v1/placement");
    const questions = quiz.body.data.questions as Array<{ id: string; type: string }>;
    const probe = await api(t().app, "POST", "/api/v1/placement", {
      answers: questions.map((q) => ({ questionId: q.id, answer: q.type === "truefalse" ? true : "0" })),
    });
    const right = new Map((probe.body.data.questions as Array<{ questionId: string; rightAnswer: unknown }>).map((r) => [r.questionId, r.rightAnswer]));
    expect(
      (await api(t().app, "POST", "/api/v1/placement", { answers: questions.map((q) => ({ questionId: q.id, answer: right.get(q.id) })) }, user.token)).status,
    ).toBe(200);
    await t().app.jobs.idle();

    expect(await grantOf(user.token, placement.id)).toMatchObject({ status: "granted", xp: 25 });
    expect(await grantOf(user.token, streak.id)).toMatchObject({ status: "granted", xp: 30 });
    expect(await grantOf(user.token, trackQuest.id)).toMatchObject({ status: "granted", xp: 200 });

    // A learner with one day of completions and no placement gets none of them.
    const other = await learner();
    await completeLessons(other.token);
    await t().app.jobs.idle();
    expect(await grantOf(other.token, streak.id)).toBeNull();
    expect(await grantOf(other.token, placement.id)).toBeNull();
    // Finishing the track's one course is finishing the track.
    expect(await grantOf(other.token, trackQuest.id)).toMatchObject({ status: "granted" });
  });

  it("flags grants whose wallets were linked from one network, and passes in seconds, in the sybil review", async () => {
    const quest = await createQuest({ kind: "assessment_pass", title: "Review me", courseId: course.id, bands: [{ minScore: 0, xp: 10 }] });
    const [a, b] = [await learner({ ip: "203.0.113.10" }), await learner({ ip: "203.0.113.77" })]; // one /24
    const alone = await learner({ ip: "198.51.100.5" });
    for (const u of [a, b, alone]) await completeLessons(u.token);
    await pass(a); // seconds
    await pass(b, 10);
    await pass(alone, 10);
    await t().app.jobs.idle();

    const flags = new Map((await grantsOf(quest.id)).map((g) => [g.userId, g.flags]));
    expect(flags.get(a.id)?.sort()).toEqual(["fast_pass", "shared_network"]);
    expect(flags.get(b.id)).toEqual(["shared_network"]);
    expect(flags.get(alone.id)).toEqual([]);
    const report = await api(t().app, "GET", `/api/v1/admin/sprints/${sprint}/suspicious`, undefined, admin);
    expect(report.status).toBe(200);
    const mine = (report.body.data as Array<{ questId: string; userId: string; network: string; sameNetworkUserIds: string[] }>).filter(
      (g) => g.questId === quest.id,
    );
    expect(mine.map((g) => g.userId).sort()).toEqual([a.id, b.id].sort());
    expect(mine.find((g) => g.userId === a.id)).toMatchObject({ network: "203.0.113.0/24", sameNetworkUserIds: [b.id] });
  });

  it("exports a person's linked wallet and grants, and erases both with the person", async () => {
    const person = await learner();
    await completeLessons(person.token);
    await pass(person);
    await t().app.jobs.idle();
    expect(await grantOf(person.token, assessmentQuest.id)).toMatchObject({ status: "granted", xp: 40 });

    const exported = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: person.email }, admin);
    expect(exported.status).toBe(200);
    expect(exported.body.data.learnAndEarn.linkedWallet.address.toLowerCase()).toBe(person.wallet?.toLowerCase());
    const grants = exported.body.data.learnAndEarn.grants as unknown[];
    expect(grants).toEqual(expect.arrayContaining([expect.objectContaining({ questId: assessmentQuest.id, xp: 40, status: "granted" })]));

    const erased = await api(t().app, "POST", "/api/v1/admin/privacy/erase", { email: person.email, confirm: true }, admin);
    expect(erased.status).toBe(200);
    expect(await db().selectFrom("account_wallets").select("user_id").where("user_id", "=", person.id).execute()).toEqual([]);
    expect(await db().selectFrom("learn_earn_grants").select("id").where("user_id", "=", person.id).execute()).toEqual([]);
    // The wallet is free again, and its learning XP went with the grants.
    expect(
      await db()
        .selectFrom("account_wallets")
        .select("user_id")
        .where("address", "=", (person.wallet ?? "").toLowerCase())
        .execute(),
    ).toEqual([]);
    const audit = await db()
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "PRIVACY erase")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.details))).toMatchObject({ learnAndEarn: { grants: grants.length, wallet: true } });
  });
});
