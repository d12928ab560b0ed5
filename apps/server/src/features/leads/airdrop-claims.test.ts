import { expect, it } from "vitest";
import { LEAD_MESSAGES, maskTelegram, maskWallet } from "@vestin/shared/leads";
import { describeEachDatabase } from "../../../test/harness.ts";
import { claimBody, uniqueEmail } from "../../../test/lead-payloads.ts";
import { newAccount } from "../../../test/wallet.ts";
import { replaceLeaderboard } from "./repository.ts";
import { DEMO_SPRINT } from "./seed.ts";
import { EIP55, flipOneLetter, leadRoutes } from "./testing/lead-routes.ts";

/** Airdrop claims against the sprint leaderboard (POST /pioneer-users, GET /pioneer-users). */
describeEachDatabase(
  "airdrop claims",
  (t) => {
    const { post, get, counts, signedClaim } = leadRoutes(t);

    it("computes an airdrop claim from the leaderboard, ignoring reward fields a client sends", async () => {
      const account = newAccount();
      const input = await signedClaim({
        account,
        email: uniqueEmail("Claim").toUpperCase(),
        xpEarned: 999_999,
        vstnRewards: 1e9,
        poolShare: 1,
        verificationDate: "2020-01-01T00:00:00.000Z",
        distributionDate: "2020-01-02T00:00:00.000Z",
      });
      const started = Date.now();
      const res = await post("/pioneer-users", input);
      expect(res.status).toBe(201);
      const user = res.body.data;
      expect(user).toMatchObject({
        _id: expect.any(String),
        zealyUsername: "pioneer-0047",
        // EIP-55 in the answer.
        walletAddress: account.address,
        email: input.email.toLowerCase(),
        tgAccount: "@pioneer47",
        xpEarned: 8247,
        // The share shown, in whole hundredths of a percent; the reward does not come from it.
        poolShare: 0.0185,
        // 8,247 / 445,000 of 100,000 tokens to the base unit (the shown figure is derived from it).
        vstnRewardUnits: "1853258426966292134831",
        vstnRewards: 1853.258426966292,
      });
      const verified = Date.parse(user.verificationDate);
      expect(verified).toBeGreaterThanOrEqual(started - 1000);
      expect(verified).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(user.distributionDate) - verified).toBe(720 * 60 * 60 * 1000);

      const found = await get(`/pioneer-users?search=${encodeURIComponent(input.email)}`);
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual([{ ...user, walletAddress: maskWallet(user.walletAddress), tgAccount: "@pi…" }]);
      expect(found.body.data[0].walletAddress).toBe(`${account.address.slice(0, 6)}…${account.address.slice(-4)}`);
      expect(maskTelegram(user.tgAccount)).toBe("@pi…");
    });

    /**
     * Runs `check` with a sprint of its own active: `board`'s usernames and XP, each with a fresh
     * wallet (`accounts`, in the board's order), and an administrator who may freeze it. The demo
     * sprint is the active one again afterwards, for the other tests.
     */
    async function withOwnSprint(
      name: string,
      tokenPool: number,
      board: Array<[zealyUsername: string, xp: number]>,
      check: (sprint: { id: string; admin: string; accounts: Array<ReturnType<typeof newAccount>> }) => Promise<void>,
    ) {
      const { db } = t().database;
      const admin = `airdrop-${name.toLowerCase()}-${Date.now()}@example.com`;
      await t().app.accounts.createAdmin({ email: admin, firstName: name, lastName: "Operator" });
      const accounts = board.map(() => newAccount());
      const id = `${name.toLowerCase()}-sprint-${Date.now()}`;
      await db.transaction().execute((trx) =>
        replaceLeaderboard(
          trx,
          { id, name, period: "Now", tokenPool },
          board.map(([zealyUsername, xp], i) => ({ zealyUsername, xp, wallet: accounts[i]?.address.toLowerCase() ?? null })),
          new Date().toISOString(),
        ),
      );
      try {
        await check({ id, admin, accounts });
      } finally {
        await db.updateTable("sprints").set({ is_active: 0 }).execute();
        await db.updateTable("sprints").set({ is_active: 1, updated_at: new Date().toISOString() }).where("id", "=", DEMO_SPRINT.id).execute();
      }
    }

    /** Claims each username in turn, the i-th with the i-th wallet; answers the claims as stored. */
    async function claimEach(usernames: string[], accounts: Array<ReturnType<typeof newAccount>>) {
      const claimed = [];
      for (const [i, username] of usernames.entries()) {
        const res = await post("/pioneer-users", await signedClaim({ zealyUsername: username, account: accounts[i] }));
        expect(res.status, username).toBe(201);
        claimed.push(res.body.data);
      }
      return claimed;
    }

    it("gives each claim its exact share of the pool in base units: 1,000, 2,000 and 3,000 XP of 60,000 tokens freeze to 60,000 exactly", async () => {
      const board: Array<[string, number]> = [
        ["Alpha", 1000],
        ["beta", 2000],
        ["gamma", 3000],
      ];
      await withOwnSprint("Exact", 60_000, board, async ({ id: sprintId, admin, accounts }) => {
        const claimed = await claimEach(["ALPHA", "beta", "Gamma"], accounts);
        // The old rule rounded each share to four decimals first: 9,996, 19,998 and 30,000 (59,994).
        expect(claimed.map((c) => [c.zealyUsername, c.poolShare, c.vstnRewards, c.vstnRewardUnits, c.claimStatus])).toEqual([
          ["Alpha", 0.1666, 10_000, `10000${"0".repeat(18)}`, "granted"],
          ["beta", 0.3333, 20_000, `20000${"0".repeat(18)}`, "granted"],
          ["gamma", 0.5, 30_000, `30000${"0".repeat(18)}`, "granted"],
        ]);
        const list = await t().app.allowlist.freezeAirdrop(sprintId, admin);
        expect(list).toMatchObject({ entries: 3, totalTokens: "60000", totalUnits: `60000${"0".repeat(18)}` });
        const leaves = await t().database.db.selectFrom("allowlist_entries").select("amount").where("allowlist_id", "=", list.id).execute();
        expect(leaves.reduce((sum, leaf) => sum + BigInt(leaf.amount), 0n)).toBe(60_000n * 10n ** 18n);
      });
    });

    it("shares a pool that does not divide evenly to the base unit, the remainder by largest remainder, and freezes it whole", async () => {
      const board: Array<[string, number]> = [
        ["zed", 7],
        ["amy", 7],
        ["bob", 7],
      ];
      await withOwnSprint("Thirds", 100, board, async ({ id: sprintId, admin, accounts }) => {
        const claimed = await claimEach(["zed", "amy", "bob"], accounts);
        // 33.333… tokens each; the one base unit left goes to "amy" (equal remainders and XP: the username decides).
        expect(claimed.map((c) => c.vstnRewardUnits)).toEqual(["33333333333333333333", "33333333333333333334", "33333333333333333333"]);
        const list = await t().app.allowlist.freezeAirdrop(sprintId, admin);
        expect(list).toMatchObject({ entries: 3, totalTokens: "100", totalUnits: `100${"0".repeat(18)}` });
      });
    });

    it("refuses claims: missing fields, unknown usernames, and a second claim by username or wallet", async () => {
      const before = await counts();
      const missing = await post("/pioneer-users", { zealyUsername: "", xpEarned: 5 });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({
        zealyUsername: "This field is required",
        walletAddress: "This field is required",
        email: "This field is required",
        tgAccount: "This field is required",
      });
      const badWallet = await post("/pioneer-users", claimBody({ walletAddress: flipOneLetter(EIP55.mixed[2] ?? "") }));
      expect(badWallet.status).toBe(400);
      expect(badWallet.body.errors?.walletAddress).toBe(LEAD_MESSAGES.walletInvalid);

      const unknown = await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-5001" }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("This Zealy username is not among the sprint participants");
      expect(await counts()).toEqual(before);

      const account = newAccount();
      expect((await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-0100", account }))).status).toBe(201);
      const after = await counts();
      const sameUser = await post("/pioneer-users", await signedClaim({ zealyUsername: "PIONEER-0100" }));
      expect(sameUser.status).toBe(409);
      // The API's sentence for a granted claim, naming the claiming wallet (masked).
      expect(sameUser.body.message).toMatch(/^This airdrop has already been claimed/);
      expect(sameUser.body.message).toContain(maskWallet(account.address));
      const sameWallet = await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-0101", account }));
      expect(sameWallet.status).toBe(409);
      expect(await counts()).toEqual(after);

      const racing = await Promise.all(Array.from({ length: 4 }, () => signedClaim({ zealyUsername: "pioneer-0102" })));
      const results = await Promise.all(racing.map((body) => post("/pioneer-users", body)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it("searches claims by exact e-mail only, masking wallet and Telegram account", async () => {
      const input = await signedClaim({ zealyUsername: "pioneer-0200", tgAccount: "abcdef" });
      expect((await post("/pioneer-users", input)).status).toBe(201);
      const found = await get(`/pioneer-users?search=${encodeURIComponent(input.email)}`);
      expect(found.body.data).toHaveLength(1);
      expect(found.body.data[0]).toMatchObject({ walletAddress: `${input.walletAddress.slice(0, 6)}…${input.walletAddress.slice(-4)}`, tgAccount: "@ab…" });
      expect(JSON.stringify(found.body).toLowerCase()).not.toContain(input.walletAddress.toLowerCase());

      const partial = await get(`/pioneer-users?search=${encodeURIComponent(input.email.slice(1))}`);
      expect(partial.status).toBe(200);
      expect(partial.body.data).toEqual([]);
      for (const query of ["", "?search=", "?search=not-an-email"]) {
        const bad = await get(`/pioneer-users${query}`);
        expect(bad.status, query).toBe(400);
        expect(bad.body.message).toBe("A valid email address is required");
      }
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
