import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, keccak256, toHex } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { LEAD_MESSAGES, maskWallet } from "@vestin/shared/leads";
import { WALLET_MESSAGES, WALLET_PROOF } from "@vestin/shared/wallet";
import type { DB } from "../../db/schema.ts";
import { describeEachDatabase, type TestContext } from "../../../test/harness.ts";
import { api, outboxMessages } from "../../../test/helpers.ts";
import { guarded } from "../../../test/form-guard.ts";
import { claimBody, presaleBody } from "../../../test/lead-payloads.ts";
import { injectPost, newAccount, signedClaimBody, signedPresaleBody, walletProof } from "../../../test/wallet.ts";
import { sha256 } from "../../lib/ids.ts";
import { countRows } from "../leads/repository.ts";
import { readMessage, siweSite } from "./siwe.ts";

const TABLES = ["pioneer_users", "presale_registrations", "form_token_uses"] as const satisfies ReadonlyArray<keyof DB>;

/** Links a wallet to a demo leaderboard entry, as an import of a Zealy export with a wallet column does. */
async function linkWallet(t: TestContext, username: string, address: string | null) {
  await t.database.db
    .updateTable("sprint_leaderboard")
    .set({ wallet_address: address?.toLowerCase() ?? null })
    .where("username_key", "=", username.toLowerCase())
    .execute();
}

async function nonceRow(t: TestContext, message: string) {
  const nonce = parseSiweMessage(message).nonce ?? "";
  return t.database.db.selectFrom("wallet_nonces").selectAll().where("nonce_hash", "=", sha256(nonce)).executeTakeFirst();
}

describe("reading a signed message", () => {
  const site = siweSite("https://vestin.io");
  const base = {
    domain: "vestin.io",
    uri: "https://vestin.io",
    address: getAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"),
    chainId: 8453,
    version: "1" as const,
    nonce: "a1b2c3d4e5f6a7b8",
    issuedAt: new Date("2026-11-25T10:00:00.000Z"),
    expirationTime: new Date("2026-11-25T10:10:00.000Z"),
  };
  const at = new Date("2026-11-25T10:05:00.000Z");

  it("accepts this site's message on Base within its time", () => {
    expect(readMessage(site, createSiweMessage(base), at)).toMatchObject({ address: base.address.toLowerCase(), nonce: base.nonce });
  });

  it("refuses another domain, another origin, another chain, an expired or future message, and text that is not EIP-4361", () => {
    const refusal = (message: string, when = at) => {
      try {
        readMessage(site, message, when);
        return "accepted";
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refusal(createSiweMessage({ ...base, domain: "vestin.io.evil.example" }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage({ ...base, uri: "https://evil.example" }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage({ ...base, chainId: 1 }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage({ ...base, scheme: "http" }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage(base), new Date("2026-11-25T10:10:00.000Z"))).toBe(WALLET_MESSAGES.signatureExpired);
    expect(refusal(createSiweMessage(base), new Date("2026-11-25T09:58:00.000Z"))).toBe(WALLET_MESSAGES.signatureInvalid);
    expect(refusal("Please sign this to log in: 12345")).toBe(WALLET_MESSAGES.foreignMessage);
    const { expirationTime: _none, ...noExpiry } = base;
    expect(refusal(createSiweMessage(noExpiry))).toBe(WALLET_MESSAGES.foreignMessage);
  });
});

describeEachDatabase(
  "wallet proof and airdrop claims",
  (ctx) => {
    const post = (url: string, body: unknown) => api(ctx().app, "POST", `/api/v1${url}`, body);
    const get = (url: string) => api(ctx().app, "GET", `/api/v1${url}`);
    const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await countRows(ctx().database.db, table)])));
    const sign = (...args: Parameters<typeof walletProof> extends [unknown, ...infer R] ? R : never) => walletProof(injectPost(ctx().app), ...args);

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
        vstnRewards: 1850,
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
      const now = new Date().toISOString();
      await db
        .insertInto("allowlists")
        .values({
          id: "frozen-for-test",
          kind: "airdrop",
          sprint_id: sprint.id,
          root: `0x${"ab".repeat(32)}`,
          entry_count: 0,
          total_amount: "0",
          tree_dump: "{}",
          status: "frozen",
          frozen_at: now,
          frozen_by: "admin@example.com",
          unfrozen_at: null,
          unfrozen_by: null,
          unfreeze_reason: null,
        })
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
          .set({ status: "unfrozen", unfrozen_at: now, unfrozen_by: "admin@example.com", unfreeze_reason: "test" })
          .where("id", "=", "frozen-for-test")
          .execute();
      }
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

    it("spends the form token, the nonce and the claim together, or none of them", async () => {
      const { config } = ctx();
      // The guard is off in this suite; a proof alone still makes the store one transaction.
      const body = await signedClaimBody(injectPost(ctx().app), { zealyUsername: "pioneer-0090" });
      expect((await post("/pioneer-users", guarded(config, body))).status).toBe(201);
      expect((await nonceRow(ctx(), body.walletProof.message))?.used_at).not.toBeNull();
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

/**
 * A stand-in Base JSON-RPC node: it answers the ERC-6492 validator call that viem makes for a
 * smart-contract wallet, saying "valid" only for one signature, so the wiring from RPC_URL through
 * viem's verification to the claim is exercised without a chain.
 */
function standInNode(acceptedSignature: string): Promise<{ url: string; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const payload = JSON.parse(raw) as
        | { id: number; method: string; params: Array<{ data?: string }> }
        | Array<{ id: number; method: string; params: Array<{ data?: string }> }>;
      const answer = (call: { id: number; method: string; params: Array<{ data?: string }> }) => {
        calls.push(call.method);
        if (call.method === "eth_chainId") return { jsonrpc: "2.0", id: call.id, result: toHex(8453) };
        // Every address is a deployed contract here (a Safe, say).
        if (call.method === "eth_getCode") return { jsonrpc: "2.0", id: call.id, result: "0x6080604052" };
        if (call.method === "eth_call") {
          const valid = (call.params[0]?.data ?? "").includes(acceptedSignature.slice(2));
          return { jsonrpc: "2.0", id: call.id, result: `0x${"0".repeat(63)}${valid ? 1 : 0}` };
        }
        return { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "method not found" } };
      };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(payload) ? payload.map(answer) : answer(payload)));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server })),
  );
}

/** A smart-contract wallet's signature: not a 65-byte ECDSA signature of any key. */
const contractSignature = (seed: string) => keccak256(toHex(seed)) + keccak256(toHex(`${seed}-2`)).slice(2) + keccak256(toHex(`${seed}-3`)).slice(2);

describe("smart-contract wallets", () => {
  const safe = newAccount();
  const accepted = contractSignature("the safe's owners approved this");
  let node: Awaited<ReturnType<typeof standInNode>> | undefined;
  beforeAll(async () => {
    node = await standInNode(accepted);
  });
  afterAll(() => node?.server.close());

  const claimWith = async (t: TestContext, signature: `0x${string}`, username: string) => {
    const post = injectPost(t.app);
    const challenge = await post("/api/v1/wallet/challenge", { address: safe.address, purpose: "airdrop-claim", zealyUsername: username });
    return post("/api/v1/pioneer-users", {
      ...claimBody({ zealyUsername: username, walletAddress: safe.address }),
      walletProof: { message: challenge.body.data.message, signature },
    });
  };

  describeEachDatabase("without RPC_URL", (t) => {
    it("says that smart-contract wallets need a connection to Base", async () => {
      const res = await claimWith(t(), accepted as `0x${string}`, "pioneer-0300");
      expect(res.status).toBe(400);
      expect(res.body.errors?.walletAddress).toBe(WALLET_MESSAGES.smartWalletNoRpc);
    });
  });

  describeEachDatabase(
    "with RPC_URL",
    (t) => {
      it("asks the node (ERC-1271 / ERC-6492) and accepts the signature it validates, refusing others", async () => {
        const ok = await claimWith(t(), accepted as `0x${string}`, "pioneer-0301");
        expect(ok.status).toBe(201);
        expect(node?.calls).toContain("eth_call");
        const bad = await claimWith(t(), contractSignature("someone else") as `0x${string}`, "pioneer-0302");
        expect(bad.status).toBe(400);
        expect(bad.body.errors?.walletAddress).toBe(WALLET_MESSAGES.signatureInvalid);
        // A key-held wallet never needs the node.
        const before = node?.calls.length;
        expect(
          (await api(t().app, "POST", "/api/v1/pioneer-users", await signedClaimBody(injectPost(t().app), { zealyUsername: "pioneer-0303" }))).status,
        ).toBe(201);
        expect(node?.calls.length).toBe(before);
      });
    },
    { env: () => ({ RPC_URL: node?.url ?? "" }) },
  );

  describeEachDatabase(
    "with an RPC node that is down",
    (t) => {
      it("answers 503 and stores nothing", async () => {
        const res = await claimWith(t(), accepted as `0x${string}`, "pioneer-0304");
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(WALLET_MESSAGES.smartWalletUnreachable);
        expect(await countRows(t().database.db, "pioneer_users")).toBe(0);
      });
    },
    { env: { RPC_URL: "http://127.0.0.1:9" } },
  );
});
