import { expect, it } from "vitest";
import { parseSiweMessage } from "viem/siwe";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { WALLET_MESSAGES, WALLET_PROOF } from "@vestin/shared/wallet";
import { describeEachDatabase } from "../../../test/harness.ts";
import { countRows, groupAround, statementsSentToPostgres } from "../../../test/helpers.ts";
import { presaleBody } from "../../../test/lead-payloads.ts";
import { injectPost, newAccount, signedClaimBody, signedPresaleBody } from "../../../test/wallet.ts";
import { sha256 } from "../../lib/ids.ts";
import { linkWallet, nonceRow, walletRoutes } from "./testing/wallet-routes.ts";

/** The wallet challenge, and the forms that take a signed wallet: the presale registration and the eligibility checker. */
describeEachDatabase(
  "wallet challenges, signed presale registrations and the eligibility checker",
  (ctx) => {
    const { post, get, counts, sign } = walletRoutes(ctx);

    it("hands out an EIP-4361 message for this site, Base and the wallet, with a nonce stored only as a hash", async () => {
      const account = newAccount();
      const res = await post("/wallet/challenge", { address: account.address.toLowerCase(), purpose: "airdrop-claim", zealyUsername: "Pioneer-0047" });
      expect(res.status).toBe(201);
      expect(res.headers["cache-control"]).toBe("no-store");
      const { message, nonce, chainId, issuedAt, expiresAt } = res.body.data;
      const parsed = parseSiweMessage(message);
      expect(parsed).toMatchObject({ domain: "localhost:3000", uri: "http://localhost:3000", address: account.address, chainId: 8453, version: "1", nonce });
      expect(parsed.statement).toContain("Zealy user Pioneer-0047");
      expect(chainId).toBe(WALLET_PROOF.chainId);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBe(10 * 60_000);
      const row = await nonceRow(ctx(), message);
      expect(row).toMatchObject({
        address: account.address.toLowerCase(),
        purpose: "airdrop-claim",
        subject: "pioneer-0047",
        used_at: null,
        message_hash: sha256(message),
      });
      const stored = JSON.stringify(await ctx().database.db.selectFrom("wallet_nonces").selectAll().execute());
      expect(stored).not.toContain(nonce);
    });

    it("stores every challenge of a moment, each with its own nonce; on PostgreSQL in one commit", async () => {
      const accounts = Array.from({ length: 6 }, () => newAccount());
      const { value: challenges, texts } = await statementsSentToPostgres(() =>
        Promise.all(accounts.map((account) => ctx().app.wallet.challenge({ address: account.address, purpose: "presale" }, "203.0.113.9"))),
      );
      for (const [i, challenge] of challenges.entries()) {
        expect(await nonceRow(ctx(), challenge.message)).toMatchObject({ address: accounts[i]?.address.toLowerCase(), purpose: "presale", used_at: null });
      }
      expect(new Set(challenges.map((c) => c.nonce)).size).toBe(accounts.length);
      if (ctx().dialect === "postgres") {
        expect(groupAround(texts, 'insert into "wallet_nonces"', accounts.length)).toEqual(["begin", ...accounts.map(() => "write"), "commit"]);
      }
    });

    it("refuses a challenge for a malformed address, an unknown purpose, or a claim without a username", async () => {
      const before = await countRows(ctx().database.db, "wallet_nonces");
      const badAddress = await post("/wallet/challenge", { address: "0x123", purpose: "presale" });
      expect(badAddress.status).toBe(400);
      expect(badAddress.body.errors?.address).toBe(LEAD_MESSAGES.walletInvalid);
      const badChecksum = await post("/wallet/challenge", { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", purpose: "presale" });
      expect(badChecksum.status).toBe(400);
      expect((await post("/wallet/challenge", { address: newAccount().address, purpose: "withdraw" })).status).toBe(400);
      const noUser = await post("/wallet/challenge", { address: newAccount().address, purpose: "airdrop-claim" });
      expect(noUser.status).toBe(400);
      expect(noUser.body.errors?.zealyUsername).toBe(WALLET_MESSAGES.usernameRequired);
      expect(await countRows(ctx().database.db, "wallet_nonces")).toBe(before);
    });

    it("verifies a presale wallet by signature, and keeps a typed address as unverified", async () => {
      const { db } = ctx().database;
      const account = newAccount();
      const verified = await post("/presale", await signedPresaleBody(injectPost(ctx().app), { account }));
      expect(verified.status).toBe(201);
      const row = await db.selectFrom("presale_registrations").selectAll().where("id", "=", verified.body.data._id).executeTakeFirstOrThrow();
      expect(row.wallet_address).toBe(account.address.toLowerCase());
      expect(row.wallet_verified_at).not.toBeNull();

      const typed = await post("/presale", presaleBody());
      expect(typed.status).toBe(201);
      expect(
        (await db.selectFrom("presale_registrations").select("wallet_verified_at").where("id", "=", typed.body.data._id).executeTakeFirstOrThrow())
          .wallet_verified_at,
      ).toBeNull();

      const before = await counts();
      const stranger = newAccount();
      const wrongWallet = await post("/presale", { ...presaleBody(), walletProof: await sign(stranger, "presale") });
      expect(wrongWallet.status).toBe(400);
      expect(wrongWallet.body.errors?.walletAddress).toBe(WALLET_MESSAGES.addressMismatch);
      const claimProof = await post("/presale", {
        ...presaleBody({ walletAddress: stranger.address }),
        walletProof: await sign(stranger, "airdrop-claim", "pioneer-0001"),
      });
      expect(claimProof.status).toBe(400);
      expect(claimProof.body.errors?.walletAddress).toBe(WALLET_MESSAGES.purposeMismatch);
      expect(await counts()).toEqual(before);
    });

    it("answers the eligibility checker by username or wallet, without personal data", async () => {
      const owner = newAccount();
      await linkWallet(ctx(), "pioneer-0047", null);
      await linkWallet(ctx(), "pioneer-0100", owner.address);
      const byName = await get("/airdrop/eligibility?username=PIONEER-0100");
      expect(byName.status).toBe(200);
      expect(byName.body.data).toMatchObject({ eligible: true, walletLinked: true, claim: "unclaimed", sprint: { participants: 5000 } });
      expect(byName.body.data.rank).toBeGreaterThan(0);
      const byWallet = await get(`/airdrop/eligibility?wallet=${owner.address}`);
      expect(byWallet.body.data).toEqual(byName.body.data);

      const claim = await signedClaimBody(injectPost(ctx().app), {
        zealyUsername: "pioneer-0100",
        account: owner,
        email: "private.person@example.com",
        tgAccount: "@secret_handle",
      });
      expect((await post("/pioneer-users", claim)).status).toBe(201);
      const after = await get("/airdrop/eligibility?username=pioneer-0100");
      expect(after.body.data.claim).toBe("claimed");
      const text = JSON.stringify(after.body);
      for (const secret of ["private.person", "secret_handle", owner.address.toLowerCase().slice(2, 12), owner.address.slice(2, 12)])
        expect(text).not.toContain(secret);

      // A wallet that the leaderboard does not list, holding a claim under review, is found by its claim.
      const reviewer = newAccount();
      await linkWallet(ctx(), "pioneer-0101", null);
      expect((await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0101", account: reviewer }))).status).toBe(
        201,
      );
      const pending = await get(`/airdrop/eligibility?wallet=${reviewer.address.toLowerCase()}`);
      expect(pending.body.data).toMatchObject({ eligible: true, walletLinked: false, claim: "pending_review" });

      const nobody = await get(`/airdrop/eligibility?wallet=${newAccount().address}`);
      expect(nobody.body.data).toMatchObject({ eligible: false, rank: null, claim: null });
      expect(nobody.body.data.sprint).not.toBeNull();
      expect((await get("/airdrop/eligibility?username=not-a-pioneer")).body.data.eligible).toBe(false);
      for (const query of ["", "?username=a&wallet=0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "?wallet=0x12"]) {
        expect((await get(`/airdrop/eligibility${query}`)).status, query).toBe(400);
      }
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
