import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { getAddress } from "viem";
import { beforeAll, expect, it } from "vitest";
import { ALLOWLIST_MESSAGES } from "@vestin/shared/allowlist";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { createRateLimiter } from "../../lib/rate-limit.ts";
import { describeEachDatabase, type TestContext } from "../../../test/harness.ts";
import { api, newUser } from "../../../test/helpers.ts";
import { allowlistSources, assertSprintOpen, DEMO_SPRINT } from "../leads/index.ts";
import { createAllowlistService, PROOF_LIMIT, REASON_MAX, toBaseUnits, type FrozenList } from "./service.ts";
import { expectVerifies, ENCODING, leafHash, rootFromProof } from "./testing/merkle.ts";
import { insertClaim, insertPresale, newWallet, runCli } from "./testing/fixtures.ts";

const ADMIN = "tge.operator@example.com";

describeEachDatabase(
  "allow-lists for the token generation event",
  (ctx) => {
    const t = (): TestContext => ctx();
    const get = (url: string) => api(t().app, "GET", `/api/v1${url}`);
    const db = () => t().database.db;
    const sprintId = DEMO_SPRINT.id;
    const rewards = [1850, 1200, 999, 42, 7];
    const granted = rewards.map(() => newWallet());
    const zeroReward = newWallet();
    const pending = newWallet();
    const rejected = newWallet();
    const memberEmail = `member-${Date.now()}@example.com`;
    let firstRoot = "";
    let firstListId = "";

    beforeAll(async () => {
      await t().app.accounts.createAdmin({ email: ADMIN, firstName: "Tge", lastName: "Operator" });
      expect((await api(t().app, "POST", "/api/v1/auth/register", newUser({ email: memberEmail }))).status).toBe(201);
      for (const [i, wallet] of granted.entries()) await insertClaim(db(), sprintId, i + 1, wallet, "granted", rewards[i] ?? 0);
      await insertClaim(db(), sprintId, 6, zeroReward, "granted", 0);
      await insertClaim(db(), sprintId, 100, pending, "pending_review", 500);
      await insertClaim(db(), sprintId, 101, rejected, "rejected", 600);
    });

    it("answers 404 before anything is frozen", async () => {
      const res = await get(`/airdrop/proof/${granted[0]}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, requestId: expect.any(String), message: ALLOWLIST_MESSAGES.noneFrozen });
    });

    it("freezes the granted claims into a standard tree: root in the database and the audit log, dump and CSV on disk", async () => {
      const list = await t().app.allowlist.freezeAirdrop(sprintId, ADMIN.toUpperCase());
      firstRoot = list.root;
      firstListId = list.id;
      expect(list).toMatchObject({ kind: "airdrop", sprintId, entries: 5, skipped: 1, totalTokens: String(rewards.reduce((a, b) => a + b, 0)) });

      const row = await db().selectFrom("allowlists").selectAll().where("id", "=", list.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        kind: "airdrop",
        sprint_id: sprintId,
        status: "frozen",
        frozen_by: ADMIN,
        entry_count: 5,
        root: list.root,
        unfrozen_at: null,
      });
      expect(row.total_amount).toBe(rewards.reduce((sum, r) => sum + BigInt(toBaseUnits(r)), 0n).toString());
      const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "CLI allowlist freeze").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_email: ADMIN, target_type: "allowlists", target_id: list.id });
      expect(JSON.parse(audit.details)).toMatchObject({ kind: "airdrop", sprintId, root: list.root, entries: 5, totalAmount: row.total_amount });

      // Every entry is in the database with its leaf index and proof.
      const entries = await db().selectFrom("allowlist_entries").selectAll().where("allowlist_id", "=", list.id).orderBy("leaf_index").execute();
      expect(entries.map((e) => e.address).sort()).toEqual(granted.map((a) => a.toLowerCase()).sort());

      // The dump on disk is the library's own format and gives the same root and proofs.
      expect(path.dirname(list.files.tree)).toBe(path.join(t().config.dataDir, "allowlists", list.id));
      expect(existsSync(list.files.tree) && existsSync(list.files.csv)).toBe(true);
      const loaded = StandardMerkleTree.load(JSON.parse(readFileSync(list.files.tree, "utf8")));
      expect(loaded.root).toBe(list.root);
      for (const e of entries) {
        expect(loaded.getProof(e.leaf_index)).toEqual(JSON.parse(e.proof));
        expect(loaded.at(e.leaf_index)).toEqual([getAddress(e.address), e.amount]);
      }

      // The CSV: EIP-55 address, base units, whole tokens, proof; each row verifies.
      const [header, ...lines] = readFileSync(list.files.csv, "utf8").trim().split("\n");
      expect(header).toBe("address,amount,amount_tokens,proof");
      expect(lines).toHaveLength(5);
      for (const line of lines) {
        const [address = "", amount = "", tokens = "", proof = ""] = line.split(",");
        expect(address).toBe(getAddress(address));
        expect(amount).toBe(toBaseUnits(BigInt(tokens)));
        expectVerifies({ root: list.root, address, amount, proof: proof.split(" ") });
      }
    });

    it("answers each granted address's amount and proof, which verify with the library and by recomputing the hashes", async () => {
      for (const [i, wallet] of granted.entries()) {
        // Lower-case or EIP-55, the same answer.
        const res = await get(`/airdrop/proof/${i % 2 ? wallet : wallet.toLowerCase()}`);
        expect(res.status).toBe(200);
        expect(res.headers["cache-control"]).toBe("public, max-age=60");
        const proof = res.body.data;
        expect(proof).toMatchObject({
          list: "airdrop",
          listId: firstListId,
          sprintId,
          root: firstRoot,
          address: wallet,
          amount: toBaseUnits(rewards[i] ?? 0),
          amountTokens: rewards[i],
        });
        expect(typeof proof.leafIndex).toBe("number");
        expect(proof.proof.every((p: string) => /^0x[0-9a-f]{64}$/.test(p))).toBe(true);
        expectVerifies(proof);
        // A forged amount or another address does not verify with that proof.
        expect(StandardMerkleTree.verify(proof.root, ENCODING, [proof.address, (BigInt(proof.amount) + 1n).toString()], proof.proof)).toBe(false);
        expect(rootFromProof(leafHash(newWallet(), proof.amount), proof.proof)).not.toBe(proof.root);
      }
    });

    it("refuses a proof for an address not on the list, a malformed address, and an unknown list", async () => {
      for (const outsider of [pending, rejected, zeroReward, newWallet()]) {
        const res = await get(`/airdrop/proof/${outsider}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, requestId: expect.any(String), message: ALLOWLIST_MESSAGES.notListed });
      }
      // (The second one is an EIP-55 test vector with one letter's case flipped.)
      for (const bad of [
        "0x1234",
        "0x52908400098527886e0F7030069857D2E4169EE7",
        "not-an-address",
        `${granted[0]}00`,
        `0x${"g".repeat(40)}`,
        "%00",
        "'%20or%201=1--",
        "0x%20",
      ]) {
        const res = await get(`/airdrop/proof/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.success).toBe(false);
      }
      expect((await get("/airdrop/proof/0x52908400098527886E0F7030069857D2E4169EE7")).status).toBe(404);
      expect((await get(`/airdrop/proof/${granted[0]}?list=team`)).status).toBe(400);
      expect((await get(`/airdrop/proof/${granted[0]}?list=presale&list=airdrop`)).status).toBe(400);
      const presale = await get(`/airdrop/proof/${granted[0]}?list=presale`);
      expect(presale.status).toBe(404);
      expect(presale.body.message).toBe(ALLOWLIST_MESSAGES.noneFrozen);
    });

    it("is described in the OpenAPI document", async () => {
      const doc = (await t().app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
        paths: Record<string, { get?: { responses?: Record<string, unknown>; parameters?: unknown[] } }>;
      };
      const op = doc.paths["/api/v1/airdrop/proof/{address}"]?.get;
      expect(op).toBeDefined();
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "404", "429"]));
    });

    it("keeps a frozen sprint's claims as they are, and refuses to freeze it twice or for a non-admin", async () => {
      await expect(assertSprintOpen(db(), sprintId)).rejects.toMatchObject({ status: 409, message: WALLET_MESSAGES.claimsClosed });
      await expect(
        db()
          .transaction()
          .execute((trx) => assertSprintOpen(trx, sprintId)),
      ).rejects.toMatchObject({ status: 409 });
      await expect(assertSprintOpen(db(), "another-sprint")).resolves.toBeUndefined();

      await expect(t().app.allowlist.freezeAirdrop(sprintId, ADMIN)).rejects.toMatchObject({
        status: 409,
        message: expect.stringContaining(`already frozen: ${firstListId}, root ${firstRoot}; unfreeze it first`),
      });
      await expect(t().app.allowlist.freezeAirdrop(sprintId, memberEmail)).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("is not an administrator"),
      });
      await expect(t().app.allowlist.freezeAirdrop(sprintId, "nobody@example.com")).rejects.toMatchObject({ status: 400 });
      await expect(t().app.allowlist.freezeAirdrop(sprintId, "  ")).rejects.toMatchObject({ status: 400, message: expect.stringContaining("--admin") });
      await expect(t().app.allowlist.freezeAirdrop("no-such-sprint", ADMIN)).rejects.toMatchObject({ status: 404 });
      const twoAtOnce = await Promise.allSettled([t().app.allowlist.freezeAirdrop(sprintId, ADMIN), t().app.allowlist.freezeAirdrop(sprintId, ADMIN)]);
      expect(twoAtOnce.every((r) => r.status === "rejected")).toBe(true);
      expect(await db().selectFrom("allowlists").select("id").execute()).toHaveLength(1);
      expect(await db().selectFrom("audit_log").select("id").where("action", "=", "CLI allowlist freeze").execute()).toHaveLength(1);
    });

    it("unfreezes only with a reason, audited; then the old proofs stop and a new freeze has a new root", async () => {
      const unfreeze = (id: string, admin: string, reason: string) => t().app.allowlist.unfreeze(id, admin, reason);
      await expect(unfreeze(firstListId, ADMIN, "")).rejects.toMatchObject({ status: 400, message: expect.stringContaining("--reason") });
      await expect(unfreeze(firstListId, ADMIN, "   ab  ")).rejects.toMatchObject({ status: 400 });
      await expect(unfreeze(firstListId, ADMIN, "x".repeat(REASON_MAX + 1))).rejects.toMatchObject({ status: 400 });
      await expect(unfreeze(firstListId, memberEmail, "the review was not finished")).rejects.toMatchObject({ status: 400 });
      await expect(unfreeze("no-such-list", ADMIN, "the review was not finished")).rejects.toMatchObject({ status: 404 });
      expect((await db().selectFrom("allowlists").select("status").where("id", "=", firstListId).executeTakeFirstOrThrow()).status).toBe("frozen");

      await unfreeze(firstListId, ADMIN, "  two claims were still under review ");
      await expect(unfreeze(firstListId, ADMIN, "once more")).rejects.toMatchObject({ status: 409 });
      const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "CLI allowlist unfreeze").execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_email: ADMIN, target_id: firstListId });
      expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({ root: firstRoot, reason: "two claims were still under review" });
      // Kept for the record, no longer served.
      expect(
        await db().selectFrom("allowlists").select(["status", "unfrozen_by", "unfreeze_reason"]).where("id", "=", firstListId).executeTakeFirstOrThrow(),
      ).toEqual({
        status: "unfrozen",
        unfrozen_by: ADMIN,
        unfreeze_reason: "two claims were still under review",
      });
      expect(await db().selectFrom("allowlist_entries").select("address").where("allowlist_id", "=", firstListId).execute()).toHaveLength(5);
      expect((await get(`/airdrop/proof/${granted[0]}`)).body.message).toBe(ALLOWLIST_MESSAGES.noneFrozen);

      // The sprint is open again. A review approving the pending claim is under way (past its
      // check) when the freeze starts: the freeze waits for it and includes the claim.
      await assertSprintOpen(db(), sprintId);
      let freezing: Promise<{ list?: FrozenList; error?: unknown }> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          await assertSprintOpen(trx, sprintId);
          freezing = t()
            .app.allowlist.freezeAirdrop(sprintId, ADMIN)
            .then(
              (list) => ({ list }),
              (error: unknown) => ({ error }),
            );
          // A fixed pause on purpose: the freeze is now waiting for this transaction's lock, which
          // neither database reports to the caller; the grant below must land before it proceeds.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await trx.updateTable("pioneer_users").set({ claim_status: "granted" }).where("wallet_address", "=", pending.toLowerCase()).execute();
        });
      const outcome = (await freezing) ?? {};
      expect(outcome.error).toBeUndefined();
      const again = outcome.list!;
      expect(again.id).not.toBe(firstListId);
      expect(again.root).not.toBe(firstRoot);
      expect(again.entries).toBe(6);
      await expect(assertSprintOpen(db(), sprintId)).rejects.toMatchObject({ status: 409 });

      const proof = await get(`/airdrop/proof/${pending}`);
      expect(proof.status).toBe(200);
      expect(proof.body.data).toMatchObject({ listId: again.id, root: again.root, amount: toBaseUnits(500) });
      expectVerifies(proof.body.data);
      // The old list's proofs are not the new list's.
      const old = await db()
        .selectFrom("allowlist_entries")
        .select("proof")
        .where("allowlist_id", "=", firstListId)
        .where("address", "=", granted[0]!.toLowerCase())
        .executeTakeFirstOrThrow();
      const current = await get(`/airdrop/proof/${granted[0]}`);
      expect(current.body.data.root).toBe(again.root);
      expect(StandardMerkleTree.verify(again.root, ENCODING, [current.body.data.address, current.body.data.amount], JSON.parse(old.proof))).toBe(false);
    });

    it("refuses a sprint without granted claims or with a malformed wallet, and keeps a hostile sprint id out of the file paths", async () => {
      const hostile = "../../Evil Sprint/..";
      const now = new Date().toISOString();
      await db()
        .insertInto("sprints")
        .values({ id: hostile, name: "Evil", period: "", token_pool: 1000, total_xp: 10, participant_count: 2, is_active: 0, created_at: now, updated_at: now })
        .execute();
      await expect(t().app.allowlist.freezeAirdrop(hostile, ADMIN)).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining("has no granted claims"),
      });

      await insertClaim(db(), hostile, 1, newWallet(), "granted", 10);
      await insertClaim(db(), hostile, 2, "0xnot-a-wallet", "granted", 10);
      await expect(t().app.allowlist.freezeAirdrop(hostile, ADMIN)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("malformed") });
      expect(await db().selectFrom("allowlists").select("id").where("sprint_id", "=", hostile).execute()).toEqual([]);

      await db().updateTable("pioneer_users").set({ claim_status: "rejected" }).where("wallet_address", "=", "0xnot-a-wallet").execute();
      const list = await t().app.allowlist.freezeAirdrop(hostile, ADMIN);
      expect(list.id).toMatch(/^airdrop-evil-sprint-\d{14}-[0-9a-f]{6}$/);
      expect(path.dirname(list.files.tree)).toBe(path.join(t().config.dataDir, "allowlists", list.id));
      expect(readdirSync(path.join(t().config.dataDir, "allowlists")).sort()).toEqual(
        [firstListId, list.id, (await t().app.allowlist.lists()).find((l) => l.status === "frozen" && l.sprint_id === sprintId)?.id].sort(),
      );
      // The default list is the active sprint's, not the newest.
      expect((await get(`/airdrop/proof/${granted[0]}`)).body.data.sprintId).toBe(sprintId);
      await t().app.allowlist.unfreeze(list.id, ADMIN, "test sprint, not a real one");
    });

    it("freezes the verified presale wallets as a second list, each with the given allocation", async () => {
      const verified = [newWallet(), newWallet()];
      const typed = newWallet();
      await insertPresale(db(), 1, verified[0]!, true);
      await insertPresale(db(), 2, typed, false);
      await insertPresale(db(), 3, verified[1]!, true);
      await expect(t().app.allowlist.freezePresale(0, ADMIN)).rejects.toMatchObject({ status: 400 });
      await expect(t().app.allowlist.freezePresale(-5, ADMIN)).rejects.toMatchObject({ status: 400 });
      await expect(t().app.allowlist.freezePresale(2.5, ADMIN)).rejects.toMatchObject({ status: 400 });
      await expect(t().app.allowlist.freezePresale(2500, memberEmail)).rejects.toMatchObject({ status: 400 });
      const list = await t().app.allowlist.freezePresale(2500, ADMIN);
      expect(list).toMatchObject({ kind: "presale", sprintId: null, entries: 2, totalTokens: "5000" });
      await expect(t().app.allowlist.freezePresale(2500, ADMIN)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("already frozen") });
      // The presale list does not close any sprint.
      const other = await db().selectFrom("sprints").select("id").where("id", "<>", sprintId).executeTakeFirstOrThrow();
      await assertSprintOpen(db(), other.id);

      for (const wallet of verified) {
        const res = await get(`/airdrop/proof/${wallet}?list=presale`);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          list: "presale",
          listId: list.id,
          address: wallet,
          amount: toBaseUnits(2500),
          amountTokens: 2500,
          sprintId: null,
        });
        expectVerifies(res.body.data);
      }
      expect((await get(`/airdrop/proof/${typed}?list=presale`)).status).toBe(404);
      // Each list answers for its own addresses only.
      expect((await get(`/airdrop/proof/${verified[0]}`)).status).toBe(404);
      expect((await get(`/airdrop/proof/${granted[0]}?list=presale`)).status).toBe(404);
    });

    it("rate limits proof lookups per client address", async () => {
      const limited = createAllowlistService({
        database: t().database,
        dataDir: t().config.dataDir,
        limiter: createRateLimiter({ enabled: true }),
        leads: allowlistSources,
      });
      for (let i = 0; i < PROOF_LIMIT.max; i++) await limited.proof(granted[0]!.toLowerCase(), "airdrop", "203.0.113.9");
      await expect(limited.proof(granted[0]!.toLowerCase(), "airdrop", "203.0.113.9")).rejects.toMatchObject({ status: 429 });
      await expect(limited.proof(granted[0]!.toLowerCase(), "airdrop", "203.0.113.10")).resolves.toMatchObject({ address: granted[0] });
    });

    it("runs from the command line: show, clear refusals with a non-zero exit code, unfreeze and freeze", async () => {
      const [show, notAdmin, neither, noReason, badAmount, unknownOption] = await Promise.all([
        runCli(t(), ["show"]),
        runCli(t(), ["freeze", "--sprint", sprintId, "--admin", memberEmail]),
        runCli(t(), ["freeze", "--admin", ADMIN]),
        runCli(t(), ["unfreeze", "--id", firstListId, "--admin", ADMIN]),
        runCli(t(), ["freeze", "--presale", "--amount", "1e3", "--admin", ADMIN]),
        runCli(t(), ["freeze", "--sprint"]),
      ]);
      expect(show.status, show.stderr).toBe(0);
      expect(show.stdout).toMatch(
        new RegExp(`FROZEN {2}airdrop \\(sprint ${sprintId}\\) {2}6 entries {2}[\\d,]+ tokens {2}root 0x[0-9a-f]{64} {2}frozen \\S+ by ${ADMIN}`),
      );
      expect(show.stdout).toMatch(/UNFROZEN .* two claims were still under review/);
      expect(show.stdout).toMatch(/FROZEN {2}presale {2}2 entries {2}5,000 tokens/);
      expect(notAdmin.status).toBe(1);
      expect(notAdmin.stderr).toContain("is not an administrator");
      expect(neither.status).toBe(1);
      expect(neither.stderr).toContain("Give either --sprint");
      expect(noReason.status).toBe(1);
      expect(noReason.stderr).toContain("--reason");
      expect(badAmount.status).toBe(1);
      expect(badAmount.stderr).toContain("--amount must be a positive whole number");
      expect(unknownOption.status).toBe(2);
      expect(unknownOption.stderr).toContain("Usage:");

      const presale = (await t().app.allowlist.lists()).find((l) => l.kind === "presale" && l.status === "frozen")!;
      const unfrozen = await runCli(t(), ["unfreeze", "--id", presale.id, "--admin", ADMIN, "--reason", "allocation changed to 3,000"]);
      expect(unfrozen.status, unfrozen.stderr).toBe(0);
      expect(unfrozen.stdout).toContain(`${presale.id} (root ${presale.root}) is unfrozen`);
      const frozen = await runCli(t(), ["freeze", "--presale", "--amount", "3,000", "--admin", ADMIN]);
      expect(frozen.status, frozen.stderr).toBe(0);
      const root = /Merkle root: (0x[0-9a-f]{64})/.exec(frozen.stdout)?.[1];
      const tree = /Tree dump: +(\S+)/.exec(frozen.stdout)?.[1] ?? "";
      const csv = /CSV: +(\S+)/.exec(frozen.stdout)?.[1] ?? "";
      expect(frozen.stdout).toContain("2 addresses, 6,000 tokens in all");
      expect(root).toBeDefined();
      expect(root).not.toBe(presale.root);
      expect(StandardMerkleTree.load(JSON.parse(readFileSync(tree, "utf8"))).root).toBe(root);
      expect(readFileSync(csv, "utf8")).toContain(`,${toBaseUnits(3000)},3000,0x`);
      const res = await get(
        `/airdrop/proof/${(await db().selectFrom("presale_registrations").select("wallet_address").where("id", "=", "presale-1").executeTakeFirstOrThrow()).wallet_address}?list=presale`,
      );
      expect(res.body.data).toMatchObject({ root, amountTokens: 3000 });
    }, 180_000);
  },
  { env: { RATE_LIMITS: "off" } },
);
