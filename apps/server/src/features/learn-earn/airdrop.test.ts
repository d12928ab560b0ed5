import { spawnSync } from "node:child_process";
import path from "node:path";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { getAddress } from "viem";
import { beforeAll, expect, it } from "vitest";
import { allocateRewards, TOKEN_UNIT } from "@vestin/shared/airdrop-rewards";
import { LEAF_ENCODING } from "@vestin/shared/allowlist";
import type { AuthoredQuestion } from "@vestin/shared/assessments";
import { ROOT_DIR } from "../../config.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, createCourse, signedInUser } from "../../../test/helpers.ts";
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

/**
 * Learning XP in the airdrop: the eligibility checker's combined XP and rank, and a freeze that
 * splits the sprint's pool over Zealy XP plus learning XP (the demo sprint: 5,000 entries, 445,000
 * XP, pool 100,000; pioneer-0047 has 8,247 XP and pioneer-0032 8,397).
 */
describeEachDatabase("learn-earn in the airdrop", (t) => {
  const sprint = DEMO_SPRINT.id;
  const zealyMember = newAccount(); // pioneer-0047's wallet on the leaderboard, also linked by a learner
  const learnerOnly = newAccount(); // a wallet with learning XP only
  let admin = { token: "", email: "" };
  let course = { id: "", lessons: [] as string[] };

  const db = () => t().database.db;
  const eligibility = async (query: string) => {
    const res = await api(t().app, "GET", `/api/v1/airdrop/eligibility?${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  /** A learner of `wallet` (e-mail confirmed by a Google sign-in, two days old) who passes the course's assessment with `right` of 5. */
  const learnAndPass = async (wallet: ReturnType<typeof newAccount>, right: number) => {
    const user = await signedInUser(t().app, db());
    await db()
      .updateTable("users")
      .set({ google_sub: `sub-${user.id}`, created_at: new Date(Date.now() - 48 * 3_600_000).toISOString() })
      .where("id", "=", user.id)
      .execute();
    expect((await api(t().app, "POST", "/api/v1/me/wallet", await walletProof(injectPost(t().app), wallet, "link"), user.token)).status).toBe(200);
    expect((await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, user.token)).status).toBe(201);
    for (const lesson of course.lessons) expect((await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, user.token)).status).toBe(200);
    const started = await api(t().app, "POST", `/api/v1/courses/${course.id}/assessment/attempts`, undefined, user.token);
    const submitted = await api(t().app, "POST", `/api/v1/assessment-attempts/${started.body.data.id}/submit`, { answers: answers(right) }, user.token);
    expect(submitted.body.data.result.passed).toBe(true);
    return user;
  };

  /** The pool rule computed here from the leaderboard's rows and the expected learning XP (wallet → XP). */
  const expectedUnits = async (learning: Record<string, number>) => {
    const rows = await db().selectFrom("sprint_leaderboard").select(["username_key", "xp", "wallet_address"]).where("sprint_id", "=", sprint).execute();
    const entries = rows.map((r) => ({ zealyUsername: r.username_key, xp: r.xp + (r.wallet_address ? (learning[r.wallet_address] ?? 0) : 0) }));
    const listed = new Set(rows.flatMap((r) => (r.wallet_address ? [r.wallet_address] : [])));
    for (const [wallet, xp] of Object.entries(learning)) if (!listed.has(wallet)) entries.push({ zealyUsername: wallet, xp });
    const units = allocateRewards(entries, DEMO_SPRINT.tokenPool);
    return new Map(entries.map((e, i) => [e.zealyUsername, (units[i] ?? 0n).toString()]));
  };

  beforeAll(async () => {
    const signedIn = await signedInUser(t().app, db(), { admin: true });
    admin = { token: signedIn.token, email: signedIn.email };
    course = await createCourse(t().app, admin.token, 1);
    const put = await api(
      t().app,
      "PUT",
      `/api/v1/admin/courses/${course.id}/assessment`,
      { passMark: 50, maxAttempts: 3, timeLimitMinutes: null, questionsPerAttempt: QUESTIONS.length, questions: QUESTIONS },
      admin.token,
    );
    expect(put.status).toBe(200);
    await db()
      .updateTable("sprint_leaderboard")
      .set({ wallet_address: zealyMember.address.toLowerCase() })
      .where("sprint_id", "=", sprint)
      .where("username_key", "=", "pioneer-0047")
      .execute();
    const quest = await api(
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
        cap: null,
      },
      admin.token,
    );
    expect(quest.status).toBe(201);
  });

  it("answers the leaderboard's own XP and rank while the sprint has no learning XP", async () => {
    expect(await eligibility(`wallet=${zealyMember.address}`)).toMatchObject({
      eligible: true,
      xp: 8247,
      zealyXp: 8247,
      learningXp: 0,
      totalXp: 8247,
      rank: 47,
    });
    expect(await eligibility(`wallet=${learnerOnly.address}`)).toMatchObject({ eligible: false, zealyXp: 0, learningXp: 0, totalXp: 0, rank: null });
  });

  it("sums Zealy and learning XP per wallet and ranks over the combined totals", async () => {
    await learnAndPass(zealyMember, 5); // 100 % → 150 XP
    await learnAndPass(learnerOnly, 4); // 80 % → 100 XP
    await t().app.jobs.idle();
    const units = await expectedUnits({ [zealyMember.address.toLowerCase()]: 150, [learnerOnly.address.toLowerCase()]: 100 });

    const member = await eligibility(`wallet=${zealyMember.address}`);
    // 8,397 XP ties with pioneer-0032: equal totals share rank 32.
    expect(member).toMatchObject({ eligible: true, xp: 8247, zealyXp: 8247, learningXp: 150, totalXp: 8397, rank: 32, claim: "unclaimed" });
    expect(member.vstnRewardUnits).toBe(units.get("pioneer-0047"));
    expect(await eligibility("username=Pioneer-0047")).toEqual(member);

    const above = await db()
      .selectFrom("sprint_leaderboard")
      .select(db().fn.countAll<number | string>().as("n"))
      .where("sprint_id", "=", sprint)
      .where("xp", ">", 100)
      .executeTakeFirstOrThrow();
    const learner = await eligibility(`wallet=${learnerOnly.address}`);
    expect(learner).toMatchObject({ eligible: true, xp: null, zealyXp: 0, learningXp: 100, totalXp: 100, rank: Number(above.n) + 1, claim: null });
    expect(learner.vstnRewardUnits).toBe(units.get(learnerOnly.address.toLowerCase()));
  });

  it("freezes the pool split over combined XP: claims, learning-only wallets and unclaimed Zealy XP, each proven by the tree", async () => {
    const unclaimed = newAccount(); // pioneer-0100's listed wallet, never claimed, with learning XP
    await db()
      .updateTable("sprint_leaderboard")
      .set({ wallet_address: unclaimed.address.toLowerCase() })
      .where("sprint_id", "=", sprint)
      .where("username_key", "=", "pioneer-0100")
      .execute();
    await learnAndPass(unclaimed, 3); // 60 % → 50 XP
    await t().app.jobs.idle();
    const now = new Date().toISOString();
    await db()
      .insertInto("pioneer_users")
      .values({
        id: "claim-pioneer-0047",
        sprint_id: sprint,
        zealy_username: "pioneer-0047",
        username_key: "pioneer-0047",
        wallet_address: zealyMember.address.toLowerCase(),
        email: "pioneer-0047@example.com",
        tg_account: "@pioneer_0047",
        xp_earned: 8247,
        pool_share_bp: 185,
        vstn_rewards: 1853,
        vstn_reward_units: "1853000000000000000000",
        verification_date: now,
        distribution_date: now,
        status: "new",
        note: null,
        verified_at: now,
        claim_status: "granted",
        wallet_verified_at: now,
        reviewed_at: null,
        reviewed_by: null,
        review_note: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const [member, only, partial] = [zealyMember, learnerOnly, unclaimed].map((a) => a.address.toLowerCase()) as [string, string, string];
    const units = await expectedUnits({ [member]: 150, [only]: 100, [partial]: 50 });
    const zealy0100 = await db()
      .selectFrom("sprint_leaderboard")
      .select("xp")
      .where("sprint_id", "=", sprint)
      .where("username_key", "=", "pioneer-0100")
      .executeTakeFirstOrThrow();

    const list = await t().app.allowlist.freezeAirdrop(sprint, admin.email);
    expect(list.entries).toBe(3);
    const expected: Array<[string, string]> = [
      [member, units.get("pioneer-0047") ?? ""],
      [only, units.get(only) ?? ""],
      [partial, ((BigInt(units.get("pioneer-0100") ?? "0") * 50n) / BigInt(zealy0100.xp + 50)).toString()],
    ];
    // The combined share, not the reward stored with the claim.
    expect(expected[0]?.[1]).not.toBe("1853000000000000000000");
    for (const [address, amount] of expected) {
      const proof = await api(t().app, "GET", `/api/v1/airdrop/proof/${address}`);
      expect(proof.status).toBe(200);
      expect(proof.body.data).toMatchObject({ address: getAddress(address), amount, root: list.root });
      expect(StandardMerkleTree.verify(list.root, [...LEAF_ENCODING], [getAddress(address), amount], proof.body.data.proof)).toBe(true);
    }
    expect(BigInt(list.totalUnits)).toBe(expected.reduce((sum, [, amount]) => sum + BigInt(amount), 0n));

    // The frozen sprint gets no new grant: its list no longer changes.
    const late = await learnAndPass(newAccount(), 5);
    await t().app.jobs.idle();
    expect(await db().selectFrom("learn_earn_grants").select("id").where("user_id", "=", late.id).execute()).toEqual([]);
  });

  it("freezes a sprint whose only XP is learning XP through the operators' command, as the server would", { timeout: 60_000 }, async () => {
    const other = "learning-only-sprint";
    const now = new Date().toISOString();
    await db()
      .insertInto("sprints")
      .values({
        id: other,
        name: "Learning only",
        period: "2026",
        token_pool: 1_000,
        total_xp: 0,
        participant_count: 0,
        is_active: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const quest = await api(
      t().app,
      "POST",
      `/api/v1/admin/sprints/${other}/quests`,
      {
        kind: "assessment_pass",
        title: "Pass it for the other sprint",
        courseId: course.id,
        bands: [{ minScore: 0, xp: 70 }],
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        cap: null,
      },
      admin.token,
    );
    expect(quest.status).toBe(201);
    const wallet = newAccount();
    const learner = await learnAndPass(wallet, 5);
    // The pass's grant is written by a job, which a busy moment may retry later: wait for the grant.
    const grantOfPass = () =>
      db()
        .selectFrom("learn_earn_grants")
        .select(["status", "xp", "wallet_address"])
        .where("quest_id", "=", quest.body.data.id)
        .where("user_id", "=", learner.id)
        .executeTakeFirst();
    await expect.poll(grantOfPass, { timeout: 30_000, interval: 50 }).toEqual({ status: "granted", xp: 70, wallet_address: wallet.address.toLowerCase() });

    const freeze = spawnSync(
      process.execPath,
      [path.join(ROOT_DIR, "apps/server/src/features/admin/cli.ts"), "allowlist", "freeze", "--sprint", other, "--admin", admin.email],
      { env: { ...process.env, DATABASE_URL: t().databaseUrl, DATA_DIR: t().config.dataDir, LOG_LEVEL: "silent" }, encoding: "utf8", timeout: 60_000 },
    );
    expect(freeze.status, freeze.stderr || freeze.stdout).toBe(0);
    expect(freeze.stdout).toMatch(/Frozen \S+: 1 address, 1,000 tokens in all/);
    const list = await db().selectFrom("allowlists").select(["id", "root"]).where("sprint_id", "=", other).executeTakeFirstOrThrow();
    const entries = await db().selectFrom("allowlist_entries").select(["address", "amount"]).where("allowlist_id", "=", list.id).execute();
    // The only participant: its learning XP takes the whole pool.
    const amount = (1_000n * TOKEN_UNIT).toString();
    expect(entries.map((e) => [e.address.toLowerCase(), e.amount])).toEqual([[wallet.address.toLowerCase(), amount]]);
    expect(StandardMerkleTree.of([[getAddress(wallet.address), amount]], [...LEAF_ENCODING]).root).toBe(list.root);
    // The console's sprint list says which sprints are frozen.
    const sprints = (await api(t().app, "GET", "/api/v1/admin/sprints", undefined, admin.token)).body.data as Array<{ id: string; frozen: boolean }>;
    expect(sprints.find((s) => s.id === other)).toMatchObject({ isActive: false, frozen: true });
    expect(sprints.find((s) => s.id === sprint)).toMatchObject({ isActive: true, frozen: true });
  });
});
