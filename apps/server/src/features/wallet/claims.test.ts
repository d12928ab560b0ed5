import { expect, it } from "vitest";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { maskWallet } from "@vestin/shared/leads";
import { WALLET_MESSAGES } from "@vestin/shared/wallet";
import { describeEachDatabase } from "../../../test/harness.ts";
import { frozenAllowlistRow, outboxMessages } from "../../../test/helpers.ts";
import { guarded } from "../../../test/form-guard.ts";
import { claimBody } from "../../../test/lead-payloads.ts";
import { injectPost, newAccount, signedClaimBody } from "../../../test/wallet.ts";
import { sha256 } from "../../lib/ids.ts";
import { linkWallet, nonceRow, walletRoutes } from "./testing/wallet-routes.ts";

/** Airdrop claims proven by the wallet's signature. */
describeEachDatabase(
  "wallet-signed airdrop claims",
  (ctx) => {
    const { post, counts, sign } = walletRoutes(ctx);

    it("grants the claim to the wallet the leaderboard lists, and refuses the same username claimed with anyone else's wallet", async () => {
      const owner = newAccount();
      const attacker = newAccount();
      await linkWallet(ctx(), "pioneer-0047", owner.address);
      const before = await counts();

      // The hijack: a public username, the attacker's own wallet, a perfectly valid signature.
      const hijack = await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0047", account: attacker });
      const refused = await post("/pioneer-users", hijack);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(WALLET_MESSAGES.notLinkedWallet);
      expect(refused.body.errors?.walletAddress).toBe(WALLET_MESSAGES.notLinkedWallet);
      expect(await counts()).toEqual(before);
      // Nothing was spent: the refused nonce is still unused.
      expect((await nonceRow(ctx(), hijack.walletProof.message))?.used_at).toBeNull();

      const claim = await signedClaimBody(injectPost(ctx().app), { zealyUsername: "PIONEER-0047", account: owner });
      const granted = await post("/pioneer-users", claim);
      expect(granted.status).toBe(201);
      expect(granted.body.message).toBe(WALLET_MESSAGES.granted);
      expect(granted.body.data).toMatchObject({
        zealyUsername: "pioneer-0047",
        walletAddress: owner.address,
        claimStatus: "granted",
        xpEarned: 8247,
        vstnRewardUnits: "1853258426966292134831",
      });
      const row = await ctx().database.db.selectFrom("pioneer_users").selectAll().where("id", "=", granted.body.data._id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ claim_status: "granted", wallet_address: owner.address.toLowerCase() });
      expect(row.wallet_verified_at).not.toBeNull();
      expect((await nonceRow(ctx(), claim.walletProof.message))?.used_at).not.toBeNull();

      // The real owner's account is now claimed: a later attempt learns which (masked) wallet has it.
      const again = await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0047", account: owner }));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(WALLET_MESSAGES.claimedBy(maskWallet(owner.address)));
    });

    it("refuses a claim without a proof, and a replayed, tampered, foreign or wrongly signed one, spending nothing", async () => {
      const owner = newAccount();
      await linkWallet(ctx(), "pioneer-0048", owner.address);
      const before = await counts();

      const unsigned = await post("/pioneer-users", claimBody({ zealyUsername: "pioneer-0048", walletAddress: owner.address }));
      expect(unsigned.status).toBe(400);
      expect(unsigned.body.errors?.walletAddress).toBe(WALLET_MESSAGES.proofRequired);

      const base = claimBody({ zealyUsername: "pioneer-0048", walletAddress: owner.address });
      const refusals: Array<[string, () => Promise<{ message: string; signature: `0x${string}` }>, string]> = [
        [
          "signed by another wallet",
          async () => {
            const proof = await sign(owner, "airdrop-claim", "pioneer-0048");
            return { message: proof.message, signature: await newAccount().signMessage({ message: proof.message }) };
          },
          WALLET_MESSAGES.signatureInvalid,
        ],
        [
          "a message changed after it was handed out",
          async () => {
            const { message } = await sign(owner, "airdrop-claim", "pioneer-0048");
            const changed = message.replace("pioneer-0048", "pioneer-0049");
            return { message: changed, signature: await owner.signMessage({ message: changed }) };
          },
          WALLET_MESSAGES.foreignMessage,
        ],
        [
          "a message for another site (cross-site signature phishing), reusing a nonce of ours",
          async () => {
            const { message } = await sign(owner, "airdrop-claim", "pioneer-0048");
            const parsed = parseSiweMessage(message);
            const foreign = createSiweMessage({
              ...(parsed as Parameters<typeof createSiweMessage>[0]),
              domain: "vestin-airdrop.example",
              uri: "https://vestin-airdrop.example",
            });
            return { message: foreign, signature: await owner.signMessage({ message: foreign }) };
          },
          WALLET_MESSAGES.foreignMessage,
        ],
        [
          "a message for Ethereum mainnet",
          async () => {
            const { message } = await sign(owner, "airdrop-claim", "pioneer-0048");
            const mainnet = createSiweMessage({ ...(parseSiweMessage(message) as Parameters<typeof createSiweMessage>[0]), chainId: 1 });
            return { message: mainnet, signature: await owner.signMessage({ message: mainnet }) };
          },
          WALLET_MESSAGES.foreignMessage,
        ],
        [
          "a nonce this server never issued",
          async () => {
            const message = createSiweMessage({
              domain: "localhost:3000",
              uri: "http://localhost:3000",
              address: owner.address,
              chainId: 8453,
              version: "1",
              nonce: "0123456789abcdef0123456789abcdef",
              issuedAt: new Date(),
              expirationTime: new Date(Date.now() + 60_000),
            });
            return { message, signature: await owner.signMessage({ message }) };
          },
          WALLET_MESSAGES.foreignMessage,
        ],
        ["a presale signature used for a claim", () => sign(owner, "presale"), WALLET_MESSAGES.purposeMismatch],
        ["a signature given for another username", () => sign(owner, "airdrop-claim", "pioneer-0049"), WALLET_MESSAGES.purposeMismatch],
        [
          "garbage for a signature",
          async () => ({ message: (await sign(owner, "airdrop-claim", "pioneer-0048")).message, signature: "0x1234" }),
          WALLET_MESSAGES.smartWalletNoRpc,
        ],
        [
          "an expired request",
          async () => {
            const proof = await sign(owner, "airdrop-claim", "pioneer-0048");
            await ctx()
              .database.db.updateTable("wallet_nonces")
              .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
              .where("nonce_hash", "=", sha256(parseSiweMessage(proof.message).nonce ?? ""))
              .execute();
            return proof;
          },
          WALLET_MESSAGES.signatureExpired,
        ],
      ];
      for (const [what, makeProof, message] of refusals) {
        const res = await post("/pioneer-users", { ...base, walletProof: await makeProof() });
        expect(res.status, what).toBe(400);
        expect(res.body.errors?.walletAddress, what).toBe(message);
      }
      // Someone else's address in the form with the owner's proof.
      const otherAddress = await post("/pioneer-users", {
        ...base,
        walletAddress: newAccount().address,
        walletProof: await sign(owner, "airdrop-claim", "pioneer-0048"),
      });
      expect(otherAddress.status).toBe(400);
      expect(otherAddress.body.errors?.walletAddress).toBe(WALLET_MESSAGES.addressMismatch);
      // Malformed proofs are schema errors.
      for (const walletProof of ["0xdead", { message: "x" }, { message: "x".repeat(5000), signature: "0x00" }, { message: "m", signature: "not hex" }]) {
        const res = await post("/pioneer-users", { ...base, walletProof });
        expect(res.status, JSON.stringify(walletProof).slice(0, 40)).toBe(400);
      }
      expect(await counts()).toEqual(before);

      // The genuine proof still works, once; its replay is refused.
      const good = { ...base, walletProof: await sign(owner, "airdrop-claim", "pioneer-0048") };
      expect((await post("/pioneer-users", good)).status).toBe(201);
      const replay = await post("/pioneer-users", { ...good, email: "someone.else@example.com" });
      expect(replay.status).toBe(400);
      expect(replay.body.errors?.walletAddress).toBe(WALLET_MESSAGES.nonceUsed);
    });

    it("lets one of two requests racing with the same signature through, and one of two wallets racing for a username", async () => {
      const owner = newAccount();
      await linkWallet(ctx(), "pioneer-0050", owner.address);
      const body = await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0050", account: owner });
      const same = await Promise.all([post("/pioneer-users", body), post("/pioneer-users", { ...body, email: "twin@example.com" })]);
      // The loser is refused by whichever check meets it first: the spent nonce (400), or, when the
      // winner has already committed before the loser's own check, the claimed username (409).
      const statuses = same.map((r) => r.status).sort();
      expect(statuses[0]).toBe(201);
      const loser = same.find((r) => r.status !== 201);
      if (loser?.status === 400) expect(loser.body.errors?.walletAddress).toBe(WALLET_MESSAGES.nonceUsed);
      else {
        expect(loser?.status).toBe(409);
        expect(loser?.body.message).toMatch(/^This airdrop has already been claimed/);
      }
      expect(await ctx().database.db.selectFrom("pioneer_users").select("id").where("username_key", "=", "pioneer-0050").execute()).toHaveLength(1);

      // pioneer-0051 lists no wallet: two different wallets sign for it at once; one claim is stored, for review.
      const bodies = await Promise.all([0, 1, 2].map(() => signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0051" })));
      const racing = await Promise.all(bodies.map((b) => post("/pioneer-users", b)));
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      const stored = await ctx().database.db.selectFrom("pioneer_users").selectAll().where("username_key", "=", "pioneer-0051").execute();
      expect(stored).toHaveLength(1);
      // The losers' nonces were not spent: each can still be used (for a username free to claim).
      const losers = bodies.filter((_, i) => racing[i]?.status === 409);
      for (const loser of losers) expect((await nonceRow(ctx(), loser.walletProof.message))?.used_at).toBeNull();
    });

    it("verifies claims that arrive together each against its own nonce", async () => {
      const bodies = await Promise.all(["pioneer-0092", "pioneer-0093"].map((zealyUsername) => signedClaimBody(injectPost(ctx().app), { zealyUsername })));
      const [first, second] = bodies as [(typeof bodies)[number], (typeof bodies)[number]];
      // A message this server never issued, signed by its wallet: refused as foreign, beside two good ones.
      const foreign = {
        ...second,
        email: "foreign@example.com",
        walletProof: { ...second.walletProof, message: second.walletProof.message.replace(/Nonce: \w+/, "Nonce: 0123456789abcdef") },
      };
      const answers = await Promise.all([post("/pioneer-users", first), post("/pioneer-users", foreign), post("/pioneer-users", second)]);
      expect(answers.map((a) => a.status)).toEqual([201, 400, 201]);
      expect(answers[0]?.body.data.walletAddress.toLowerCase()).toBe(first.walletAddress.toLowerCase());
      expect(answers[2]?.body.data.walletAddress.toLowerCase()).toBe(second.walletAddress.toLowerCase());
    });

    it("stores a signed claim for a username with no wallet on the leaderboard as pending review, never granted", async () => {
      await linkWallet(ctx(), "pioneer-0060", null);
      const first = newAccount();
      const res = await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0060", account: first }));
      expect(res.status).toBe(201);
      expect(res.body.data.claimStatus).toBe("pending_review");
      expect(res.body.message).toBe(WALLET_MESSAGES.pendingReview);
      const row = await ctx().database.db.selectFrom("pioneer_users").selectAll().where("username_key", "=", "pioneer-0060").executeTakeFirstOrThrow();
      expect(row.claim_status).toBe("pending_review");
      // The confirmation e-mail says that the team checks the claim before it is granted.
      await ctx().app.jobs.idle();
      const mail = outboxMessages(ctx().config.dataDir).filter((m) => m.includes(`To: ${row.email}`));
      expect(mail.join("\n")).toContain("checks the claim by hand");
      expect(row.wallet_verified_at).not.toBeNull();

      // First come is not first served: a second signer is refused while the first waits for review …
      const second = newAccount();
      const blocked = await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0060", account: second }));
      expect(blocked.status).toBe(409);
      expect(blocked.body.message).toBe(WALLET_MESSAGES.claimedBy(maskWallet(first.address)));
      // … and once the team rejects the first claim, the username is free for the right wallet.
      await ctx().database.db.updateTable("pioneer_users").set({ claim_status: "rejected" }).where("id", "=", row.id).execute();
      const retry = await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0060", account: second }));
      expect(retry.status).toBe(201);
      expect(retry.body.data.claimStatus).toBe("pending_review");
    });

    it("refuses a second claim by one wallet for another username", async () => {
      const account = newAccount();
      expect((await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0070", account }))).status).toBe(201);
      const other = await post("/pioneer-users", await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0071", account }));
      expect(other.status).toBe(409);
      expect(other.body.errors?.walletAddress).toBe(WALLET_MESSAGES.walletUsed);
    });

    it("refuses claims while the sprint's allow-list is frozen", async () => {
      const { db } = ctx().database;
      const sprint = await db.selectFrom("sprints").select("id").where("is_active", "=", 1).executeTakeFirstOrThrow();
      await db
        .insertInto("allowlists")
        .values(frozenAllowlistRow("frozen-for-test", sprint.id, "admin@example.com"))
        .execute();
      try {
        const body = await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0080" });
        const res = await post("/pioneer-users", body);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(WALLET_MESSAGES.claimsClosed);
        expect((await nonceRow(ctx(), body.walletProof.message))?.used_at).toBeNull();
      } finally {
        await db
          .updateTable("allowlists")
          .set({ status: "unfrozen", unfrozen_at: new Date().toISOString(), unfrozen_by: "admin@example.com", unfreeze_reason: "test" })
          .where("id", "=", "frozen-for-test")
          .execute();
      }
    });

    it("spends the form token, the nonce and the claim together, or none of them", async () => {
      const { config } = ctx();
      // The guard is off in this suite; a proof alone still makes the store one transaction.
      const body = await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0090" });
      expect((await post("/pioneer-users", guarded(config, body))).status).toBe(201);
      expect((await nonceRow(ctx(), body.walletProof.message))?.used_at).not.toBeNull();
    });
  },
  { env: { RATE_LIMITS: "off" } },
);
