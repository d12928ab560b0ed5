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
        poolShare: 0.0185,
        vstnRewards: 1850,
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

    it("computes rewards from the sprint's combined XP and token pool", async () => {
      const { db } = t().database;
      await db.transaction().execute((trx) =>
        replaceLeaderboard(
          trx,
          { id: "test-sprint", name: "Test", period: "Now", tokenPool: 50_000 },
          [
            { zealyUsername: "Alpha", xp: 300 },
            { zealyUsername: "beta", xp: 100 },
            { zealyUsername: "gamma", xp: 600 },
          ],
          new Date().toISOString(),
        ),
      );
      try {
        const alpha = await post("/pioneer-users", await signedClaim({ zealyUsername: "ALPHA" }));
        expect(alpha.status).toBe(201);
        // 300 of 1,000 XP = 30% of 50,000 tokens
        expect(alpha.body.data).toMatchObject({ zealyUsername: "Alpha", xpEarned: 300, poolShare: 0.3, vstnRewards: 15_000 });
        const gone = await post("/pioneer-users", await signedClaim({ zealyUsername: "pioneer-0001" }));
        expect(gone.status).toBe(404);
      } finally {
        // Back to the demo sprint for the other tests.
        await db.updateTable("sprints").set({ is_active: 0 }).execute();
        await db.updateTable("sprints").set({ is_active: 1, updated_at: new Date().toISOString() }).where("id", "=", DEMO_SPRINT.id).execute();
      }
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
      // The contract's sentence, naming the claiming wallet (masked).
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
