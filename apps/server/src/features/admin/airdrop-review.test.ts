import { beforeAll, expect, it } from "vitest";
import { maskWallet } from "@vestin/shared/leads";
import { WALLET_MESSAGES } from "@vestin/shared/wallet";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, frozenAllowlistRow, outboxMessages, signedInUser } from "../../../test/helpers.ts";
import { injectPost, newAccount, signedClaimBody } from "../../../test/wallet.ts";
import { REVIEW_MESSAGES } from "../leads/index.ts";

describeEachDatabase(
  "airdrop review queue",
  (t) => {
    let admin = { token: "", email: "" };
    let member = "";
    const as = (token: string) => ({
      get: (url: string) => api(t().app, "GET", `/api/v1${url}`, undefined, token),
      post: (url: string, body?: unknown) => api(t().app, "POST", `/api/v1${url}`, body, token),
    });
    /** A signed claim for a username the leaderboard lists without a wallet: it waits for review. */
    const pendingClaim = async (username: string, email = `${username}@example.com`) => {
      const account = newAccount();
      const res = await api(t().app, "POST", "/api/v1/pioneer-users", await signedClaimBody(injectPost(t().app), { zealyUsername: username, account, email }));
      expect(res.body.data?.claimStatus, JSON.stringify(res.body)).toBe("pending_review");
      return { id: res.body.data._id as string, account };
    };

    beforeAll(async () => {
      const { app, database } = t();
      const signedIn = await signedInUser(app, database.db, { admin: true });
      admin = { token: signedIn.token, email: signedIn.email };
      member = (await signedInUser(app, database.db)).token;
    });

    it("is for admins only", async () => {
      const { id } = await pendingClaim("pioneer-0500");
      for (const [method, url] of [
        ["GET", "/admin/airdrop/claims"],
        ["POST", `/admin/airdrop/claims/${id}/approve`],
        ["POST", `/admin/airdrop/claims/${id}/reject`],
      ] as const) {
        expect((await api(t().app, method, `/api/v1${url}`)).status, url).toBe(401);
        expect((await api(t().app, method, `/api/v1${url}`, undefined, member)).status, url).toBe(403);
      }
      const row = await t().database.db.selectFrom("pioneer_users").select("claim_status").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.claim_status).toBe("pending_review");
    });

    it("lists pending claims with the wallet that signed and the wallet the leaderboard lists, and counts each status", async () => {
      const { account } = await pendingClaim("pioneer-0501");
      const res = await as(admin.token).get("/admin/airdrop/claims?claimStatus=pending_review&search=pioneer-0501");
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({
        zealyUsername: "pioneer-0501",
        walletAddress: account.address,
        leaderboardWallet: null,
        claimStatus: "pending_review",
        xpEarned: expect.any(Number),
      });
      expect(res.body.data[0].walletVerifiedAt).not.toBeNull();
      const all = await as(admin.token).get("/admin/airdrop/claims");
      expect((all.body.counts as { pending_review: number }).pending_review).toBeGreaterThanOrEqual(2);
      expect((await as(admin.token).get("/admin/airdrop/claims?claimStatus=maybe")).status).toBe(400);
    });

    it("approves a claim once: granted, audited, e-mailed; a second decision is a 409", async () => {
      const { id, account } = await pendingClaim("pioneer-0502", "approve.me@example.com");
      const ok = await as(admin.token).post(`/admin/airdrop/claims/${id}/approve`, { note: "Zealy support confirmed the account" });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ claimStatus: "granted", reviewedBy: admin.email, reviewNote: "Zealy support confirmed the account" });
      const audit = await t().database.db.selectFrom("audit_log").selectAll().where("target_id", "=", id).execute();
      expect(audit.map((a) => a.action)).toEqual(["AIRDROP approve claim"]);
      expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({
        zealyUsername: "pioneer-0502",
        wallet: maskWallet(account.address),
        note: "Zealy support confirmed the account",
      });
      await t().app.jobs.idle();
      const mail = outboxMessages(t().config.dataDir)
        .filter((m) => m.includes("To: approve.me@example.com"))
        .join("\n");
      expect(mail).toContain("airdrop claim is approved");

      const again = await as(admin.token).post(`/admin/airdrop/claims/${id}/reject`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("This claim has already been decided");
      expect((await as(admin.token).post("/admin/airdrop/claims/no-such-claim/approve")).status).toBe(404);
    });

    it("lets one of two admins racing on a claim decide it", async () => {
      const { id } = await pendingClaim("pioneer-0503");
      const results = await Promise.all([
        as(admin.token).post(`/admin/airdrop/claims/${id}/approve`),
        as(admin.token).post(`/admin/airdrop/claims/${id}/reject`),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await t().database.db.selectFrom("audit_log").select("id").where("target_id", "=", id).execute()).toHaveLength(1);
    });

    it("rejects a claim: the username and wallet are free again, and the claimant is told why", async () => {
      const { id } = await pendingClaim("pioneer-0504", "turned.down@example.com");
      const res = await as(admin.token).post(`/admin/airdrop/claims/${id}/reject`, { note: "The Zealy account belongs to someone else" });
      expect(res.status).toBe(200);
      expect(res.body.data.claimStatus).toBe("rejected");
      await t().app.jobs.idle();
      expect(
        outboxMessages(t().config.dataDir)
          .filter((m) => m.includes("To: turned.down@example.com"))
          .join("\n"),
      ).toContain("The Zealy account belongs to someone else");
      expect((await api(t().app, "GET", "/api/v1/airdrop/eligibility?username=pioneer-0504")).body.data.claim).toBe("unclaimed");
      const retry = await api(t().app, "POST", "/api/v1/pioneer-users", await signedClaimBody(injectPost(t().app), { zealyUsername: "pioneer-0504" }));
      expect(retry.status).toBe(201);
      expect((await as(admin.token).post(`/admin/airdrop/claims/${id}/reject`, { note: "x".repeat(501) })).status).toBe(400);
    });

    it("never approves a wallet that did not sign, one other than the leaderboard's, or a username no longer on it", async () => {
      const { db } = t().database;
      // A claim made before claims were signed (as migration 0011 left them): unproven wallet.
      const legacy = await pendingClaim("pioneer-0530");
      await db.updateTable("pioneer_users").set({ wallet_verified_at: null }).where("id", "=", legacy.id).execute();
      const unsigned = await as(admin.token).post(`/admin/airdrop/claims/${legacy.id}/approve`);
      expect(unsigned.status).toBe(409);
      expect(unsigned.body.message).toBe(REVIEW_MESSAGES.unsigned);
      expect((await as(admin.token).post(`/admin/airdrop/claims/${legacy.id}/reject`)).status).toBe(200);

      // After a re-import, the leaderboard links another wallet to the username.
      const relinked = await pendingClaim("pioneer-0531");
      await db
        .updateTable("sprint_leaderboard")
        .set({ wallet_address: newAccount().address.toLowerCase() })
        .where("username_key", "=", "pioneer-0531")
        .execute();
      const other = await as(admin.token).post(`/admin/airdrop/claims/${relinked.id}/approve`);
      expect(other.status).toBe(409);
      expect(other.body.message).toBe(REVIEW_MESSAGES.otherWallet);

      const gone = await pendingClaim("pioneer-0532");
      await db.deleteFrom("sprint_leaderboard").where("username_key", "=", "pioneer-0532").execute();
      const off = await as(admin.token).post(`/admin/airdrop/claims/${gone.id}/approve`);
      expect(off.status).toBe(409);
      expect(off.body.message).toBe(REVIEW_MESSAGES.offLeaderboard);
      for (const id of [relinked.id, gone.id]) {
        expect((await db.selectFrom("pioneer_users").select("claim_status").where("id", "=", id).executeTakeFirstOrThrow()).claim_status).toBe(
          "pending_review",
        );
      }
    });

    it("counts each status among the claims the search matches", async () => {
      const res = await as(admin.token).get("/admin/airdrop/claims?search=pioneer-0501");
      expect(res.body.counts).toEqual({ pending_review: 1, granted: 0, rejected: 0 });
    });

    it("refuses decisions while the sprint's allow-list is frozen", async () => {
      const { db } = t().database;
      const { id } = await pendingClaim("pioneer-0505");
      const sprint = await db.selectFrom("pioneer_users").select("sprint_id").where("id", "=", id).executeTakeFirstOrThrow();
      await db
        .insertInto("allowlists")
        .values(frozenAllowlistRow("review-frozen", sprint.sprint_id, admin.email))
        .execute();
      try {
        const res = await as(admin.token).post(`/admin/airdrop/claims/${id}/approve`);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(WALLET_MESSAGES.claimsClosed);
        expect((await db.selectFrom("pioneer_users").select("claim_status").where("id", "=", id).executeTakeFirstOrThrow()).claim_status).toBe(
          "pending_review",
        );
      } finally {
        await db.updateTable("allowlists").set({ status: "unfrozen" }).where("id", "=", "review-frozen").execute();
      }
    });

    it("shows wallet verification and claim status in the leads inbox, its filters and the CSV", async () => {
      const { db } = t().database;
      const typed = `typed.${Date.now()}@example.com`;
      await api(t().app, "POST", "/api/v1/presale", {
        fullName: "Typed Address",
        email: typed,
        walletAddress: newAccount().address,
        investmentRange: "$100 - $500",
        cryptoExperience: "Beginner",
        reference: "Discord",
        additionalInfo: "learning",
      });
      const unverified = await as(admin.token).get(`/admin/leads/presale?wallet=unverified&search=${encodeURIComponent(typed)}`);
      expect(unverified.body.data).toHaveLength(1);
      expect(unverified.body.data[0].walletVerifiedAt).toBeNull();
      expect((await as(admin.token).get(`/admin/leads/presale?wallet=verified&search=${encodeURIComponent(typed)}`)).body.data).toHaveLength(0);

      const pending = await as(admin.token).get("/admin/leads/airdrop-claims?claimStatus=pending_review&wallet=verified");
      expect(pending.status).toBe(200);
      expect(pending.body.data.length).toBeGreaterThan(0);
      expect(
        pending.body.data.every((c: { claimStatus: string; walletVerifiedAt: string | null }) => c.claimStatus === "pending_review" && c.walletVerifiedAt),
      ).toBe(true);
      expect((await as(admin.token).get("/admin/leads/enquiries?wallet=verified")).status).toBe(400);
      expect((await as(admin.token).get("/admin/leads/presale?claimStatus=granted")).status).toBe(400);

      const csv = await t().app.inject({
        method: "GET",
        url: "/api/v1/admin/leads/airdrop-claims/export.csv?claimStatus=rejected",
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const [header, ...rows] = csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n");
      expect(header).toContain("Wallet verified");
      expect(header).toContain("Claim status");
      expect(rows.length).toBe(
        await db
          .selectFrom("pioneer_users")
          .select("id")
          .where("claim_status", "=", "rejected")
          .execute()
          .then((r) => r.length),
      );
      expect(rows.every((r) => r.includes("rejected"))).toBe(true);
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
