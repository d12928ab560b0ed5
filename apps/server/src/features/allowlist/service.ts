import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import type { Kysely } from "kysely";
import { getAddress } from "viem";
import { ALLOWLIST_MESSAGES, LEAF_ENCODING, TOKEN_DECIMALS, type AllowlistKind, type AllowlistProof } from "@vestin/shared/allowlist";
import { tokenAmountText, unitsToTokens } from "@vestin/shared/airdrop-rewards";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { type AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import type { Limit, RateLimiter } from "../../lib/rate-limit.ts";
import { accountRoleByEmail } from "../accounts/index.ts";
import { recordAudit } from "../audit/index.ts";
import { allowlistRepository, type AllowlistEntryRow, type AllowlistRow } from "./repository.ts";

/** Proof lookups: a claim page asks once or twice per person; scripts enumerating addresses are slowed. */
export const PROOF_LIMIT: Limit = { name: "airdrop:proof", max: 240, windowMs: 60 * 60_000 };

/** An unfreeze reason is a sentence for the audit log, not a document. */
export const REASON_MIN = 5;
export const REASON_MAX = 500;

const UNIT = 10n ** BigInt(TOKEN_DECIMALS);
const ADDRESS = /^0x[0-9a-f]{40}$/;

/** Whole tokens → base units as a decimal string (1 → "1000000000000000000"). */
export const toBaseUnits = (tokens: number | bigint): string => (BigInt(tokens) * UNIT).toString();

/**
 * What a freeze reads of the leads feature (which imports this one for its frozen-sprint guard,
 * so it is handed in, not imported): the sprints, their granted claims, the presale's proven wallets.
 */
export type LeadsSources = {
  activeSprintId(db: Kysely<DB>): Promise<string | undefined>;
  grantedClaimsOf(db: Kysely<DB>, sprintId: string): Promise<Array<{ id: string; zealy_username: string; wallet_address: string; vstn_reward_units: string }>>;
  lockSprintRow(db: Kysely<DB>, sprintId: string, forUpdate: boolean): Promise<boolean>;
  verifiedPresaleWallets(db: Kysely<DB>): Promise<Array<{ id: string; wallet_address: string }>>;
};

/**
 * A sprint's participants with learning XP combined and the pool split over the combined totals
 * (learn-and-earn's, handed in by the plugin for the same reason as LeadsSources). `ifLearning`:
 * an empty list when the sprint has no learning XP.
 */
export type CombinedXpSource = (
  db: Kysely<DB>,
  sprintId: string,
  options?: { ifLearning?: boolean },
) => Promise<Array<{ key: string; wallet: string | null; zealyXp: number; learningXp: number; totalXp: number; units: bigint }>>;

type Deps = { database: Database; dataDir: string; limiter?: RateLimiter; leads: LeadsSources; combinedXp?: CombinedXpSource };

export type FrozenList = {
  id: string;
  kind: AllowlistKind;
  sprintId: string | null;
  root: string;
  entries: number;
  /** The list's total in tokens, exact ("60000", "1853.258426966292134831"). */
  totalTokens: string;
  /** The same in base units (10^18 per token). */
  totalUnits: string;
  /** Granted claims left out because their reward is 0 tokens (a leaf of 0 pays nothing). */
  skipped: number;
  files: { tree: string; csv: string };
};

/** One leaf to be: `units` is the amount in base units (10^18 per token). */
type Candidate = { address: string; units: bigint; source: string };

/** A list id that is also a safe directory name, whatever the sprint id holds (it is free text). */
function listId(kind: AllowlistKind, sprintId: string | null, at: string): string {
  const scope =
    sprintId === null
      ? "whitelist"
      : sprintId
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "")
          .slice(0, 48) || "sprint";
  return `${kind}-${scope}-${at.replace(/[-:.TZ]/g, "").slice(0, 14)}-${randomBytes(3).toString("hex")}`;
}

/**
 * The leaves of a list, checked: every address well-formed, no address twice (a claim contract
 * pays a leaf once, so a second leaf for one address would be money nobody can claim).
 */
function toLeaves(kind: AllowlistKind, candidates: Candidate[]): { leaves: Array<[string, string]>; skipped: number } {
  const malformed = candidates.filter((c) => !ADDRESS.test(c.address.trim().toLowerCase()));
  if (malformed.length) {
    const shown = malformed
      .slice(0, 5)
      .map((c) => `${c.source} (${JSON.stringify(c.address)})`)
      .join(", ");
    throw badRequest(
      `Cannot freeze: ${malformed.length} wallet address(es) are malformed: ${shown}${malformed.length > 5 ? " …" : ""}. Correct or reject them first.`,
    );
  }
  const seen = new Map<string, Candidate>();
  const leaves: Array<[string, string]> = [];
  let skipped = 0;
  for (const c of candidates) {
    const key = c.address.trim().toLowerCase();
    const earlier = seen.get(key);
    if (earlier) {
      if (kind === "presale") continue; // one allocation per wallet
      throw badRequest(`Cannot freeze: ${getAddress(key)} holds two granted claims (${earlier.source} and ${c.source}). Reject one of them first.`);
    }
    seen.set(key, c);
    if (c.units <= 0n) {
      skipped += 1;
      continue;
    }
    leaves.push([getAddress(key), c.units.toString()]);
  }
  return { leaves, skipped };
}

/**
 * Allow-lists for the token generation event (docs/decisions/0008-wallet-proof.md): freezing
 * turns a sprint's granted claims (or the presale's verified wallets) into an OpenZeppelin
 * StandardMerkleTree with leaves [address, uint256], stores the root, the dump and every entry's
 * proof in one transaction with its audit entry, and writes the dump and a CSV to disk before
 * that transaction commits. While a list is frozen, its sprint's claims cannot change
 * (`assertSprintOpen`); only an admin's explicit, audited unfreeze reopens it.
 */
export function createAllowlistService({ database, dataDir, limiter, leads, combinedXp }: Deps) {
  const repo = allowlistRepository(database.db);
  const root = path.resolve(dataDir, "allowlists");

  async function requireAdmin(email: string): Promise<string> {
    const key = email.trim().toLowerCase();
    if (!key) throw badRequest("Name the administrator who does this with --admin <email>: the audit log records who it was.");
    const user = await accountRoleByEmail(database.db, key);
    if (user?.role !== "admin") throw badRequest(`${key} is not an administrator: name an admin account with --admin, so the audit log says who did it.`);
    return user.email;
  }

  function directory(id: string): string {
    const dir = path.resolve(root, id);
    if (path.dirname(dir) !== root) throw badRequest(`"${id}" is not a valid allow-list id.`);
    return dir;
  }

  /** The dump and the CSV of a list, written under DATA_DIR/allowlists/<id>/. */
  function writeFiles(list: AllowlistRow, entries: AllowlistEntryRow[]): { tree: string; csv: string } {
    const dir = directory(list.id);
    mkdirSync(dir, { recursive: true });
    const tree = path.join(dir, "tree.json");
    const csv = path.join(dir, `${list.id}.csv`);
    writeFileSync(tree, `${JSON.stringify(JSON.parse(list.tree_dump), null, 2)}\n`);
    const rows = [...entries]
      .sort((a, b) => a.leaf_index - b.leaf_index)
      .map((e) => [getAddress(e.address), e.amount, tokenAmountText(e.amount), (JSON.parse(e.proof) as string[]).join(" ")].join(","));
    writeFileSync(csv, `address,amount,amount_tokens,proof\n${rows.join("\n")}\n`);
    return { tree, csv };
  }

  async function alreadyFrozen(db: Kysely<DB>, kind: AllowlistKind, sprintId: string | null): Promise<AppError | null> {
    const already = await allowlistRepository(db).frozenList(kind, sprintId ?? undefined);
    if (!already) return null;
    const what = kind === "airdrop" ? `Sprint "${sprintId}" is already frozen` : "The presale list is already frozen";
    return conflict(`${what}: ${already.id}, root ${already.root}; unfreeze it first (allowlist unfreeze --id ${already.id} --reason "…").`);
  }

  async function freeze(
    kind: AllowlistKind,
    sprintId: string | null,
    adminEmail: string,
    read: (trx: Kysely<DB>) => Promise<Candidate[]>,
  ): Promise<FrozenList> {
    const admin = await requireAdmin(adminEmail);
    const frozenAt = new Date().toISOString();
    const id = listId(kind, sprintId, frozenAt);
    let written: { tree: string; csv: string } | undefined;
    let skipped = 0;
    try {
      const row = await database.db.transaction().execute(async (trx) => {
        // The sprint is locked before its claims are read, so none changes between the read and the commit.
        // PostgreSQL: the freeze waits for claims, reviews and imports already past the leads' assertSprintOpen (which holds FOR KEY SHARE on the sprint).
        if (sprintId !== null && !(await leads.lockSprintRow(trx, sprintId, database.dialect === "postgres")))
          throw notFound(`There is no sprint "${sprintId}".`);
        const refusal = await alreadyFrozen(trx, kind, sprintId);
        if (refusal) throw refusal;
        const built = toLeaves(kind, await read(trx));
        skipped = built.skipped;
        const { leaves } = built;
        if (leaves.length === 0) {
          throw badRequest(
            kind === "airdrop"
              ? `Sprint "${sprintId}" has no granted claims${skipped ? ` with a reward above 0 (${skipped} granted with 0 tokens)` : ""}: nothing to freeze.`
              : "No presale wallet has been verified by signature: nothing to freeze.",
          );
        }
        const tree = StandardMerkleTree.of(leaves, [...LEAF_ENCODING]);
        const total = leaves.reduce((sum, [, amount]) => sum + BigInt(amount), 0n).toString();
        const list: AllowlistRow = {
          id,
          kind,
          sprint_id: sprintId,
          root: tree.root,
          entry_count: leaves.length,
          total_amount: total,
          tree_dump: JSON.stringify(tree.dump()),
          status: "frozen",
          frozen_at: frozenAt,
          frozen_by: admin,
          unfrozen_at: null,
          unfrozen_by: null,
          unfreeze_reason: null,
        };
        const entries: AllowlistEntryRow[] = [...tree.entries()].map(([index, [address, amount]]) => ({
          allowlist_id: id,
          address: String(address).toLowerCase(),
          amount: String(amount),
          leaf_index: index,
          proof: JSON.stringify(tree.getProof(index)),
        }));
        await allowlistRepository(trx).insertList(list, entries);
        await recordAudit(trx, {
          actorId: null,
          actorEmail: admin,
          action: "CLI allowlist freeze",
          targetType: "allowlists",
          targetId: id,
          details: { kind, sprintId, root: tree.root, entries: leaves.length, totalAmount: total, skippedZero: skipped },
        });
        // Files last, inside the transaction: a list is recorded only with its files on disk.
        written = writeFiles(list, entries);
        return list;
      });
      return {
        id,
        kind,
        sprintId,
        root: row.root,
        entries: row.entry_count,
        totalTokens: tokenAmountText(row.total_amount),
        totalUnits: String(row.total_amount),
        skipped,
        files: written as { tree: string; csv: string },
      };
    } catch (err) {
      if (written) rmSync(path.dirname(written.tree), { recursive: true, force: true });
      // Two freezes at once: the one-frozen-list index lets one through.
      if (isUniqueViolation(err)) throw (await alreadyFrozen(database.db, kind, sprintId)) ?? conflict("This list is already frozen: unfreeze it first.");
      throw err;
    }
  }

  return {
    /**
     * Freezes a sprint's granted claims: [address, reward in base units], each claim's exact reward.
     * Once the sprint has learning XP, the pool is split again over Zealy XP plus learning XP (the
     * same reward rule, on the combined totals): a granted claim gets its participant's combined
     * share at the claim's wallet; a wallet with learning XP only gets its share; a wallet whose
     * Zealy XP is unclaimed gets the part of its share its learning XP earned (Zealy XP is paid only
     * through a granted claim, as before).
     */
    async freezeAirdrop(sprintId: string, adminEmail: string): Promise<FrozenList> {
      const id = sprintId.trim();
      if (!id) throw badRequest("Name the sprint with --sprint <id>.");
      return freeze("airdrop", id, adminEmail, async (trx) => {
        const claims = await leads.grantedClaimsOf(trx, id);
        const board = combinedXp ? await combinedXp(trx, id, { ifLearning: true }) : [];
        if (board.length === 0)
          return claims.map((c) => ({ address: c.wallet_address, units: BigInt(c.vstn_reward_units), source: `claim ${c.id} (${c.zealy_username})` }));
        const byKey = new Map(board.map((e) => [e.key, e]));
        const paid = new Set<string>();
        const candidates: Candidate[] = claims.map((c) => {
          const entry = byKey.get(c.zealy_username.toLowerCase());
          if (entry) paid.add(entry.key);
          return { address: c.wallet_address, units: entry?.units ?? 0n, source: `claim ${c.id} (${c.zealy_username})` };
        });
        for (const e of board) {
          if (e.learningXp <= 0 || paid.has(e.key) || !e.wallet) continue;
          const units = e.zealyXp > 0 ? (e.units * BigInt(e.learningXp)) / BigInt(e.totalXp) : e.units;
          candidates.push({ address: e.wallet, units, source: `learning XP of ${e.wallet}` });
        }
        return candidates;
      });
    },

    /** Freezes the presale wallets proven by signature, each with the same allocation in whole tokens. */
    async freezePresale(tokensPerWallet: number | bigint, adminEmail: string): Promise<FrozenList> {
      const ok = typeof tokensPerWallet === "bigint" ? tokensPerWallet > 0n : Number.isSafeInteger(tokensPerWallet) && tokensPerWallet > 0;
      if (!ok) throw badRequest("--amount must be a positive whole number of tokens per wallet.");
      const units = BigInt(tokensPerWallet) * UNIT;
      return freeze("presale", null, adminEmail, async (trx) =>
        (await leads.verifiedPresaleWallets(trx)).map((w) => ({ address: w.wallet_address, units, source: `presale registration ${w.id}` })),
      );
    },

    /** Reopens a frozen list: its proofs stop being served and its sprint can change again. */
    async unfreeze(id: string, adminEmail: string, reason: string): Promise<AllowlistRow> {
      const admin = await requireAdmin(adminEmail);
      const why = reason.trim();
      if (why.length < REASON_MIN)
        throw badRequest(`Say why the list is unfrozen with --reason "…" (at least ${REASON_MIN} characters; it goes to the audit log).`);
      if (why.length > REASON_MAX) throw badRequest(`The reason must be ${REASON_MAX} characters or fewer.`);
      const listKey = id.trim();
      if (!listKey) throw badRequest("Name the list with --id <list> (allowlist show lists them).");
      return database.db.transaction().execute(async (trx) => {
        const tx = allowlistRepository(trx);
        const list = await tx.list(listKey);
        if (!list) throw notFound(`There is no allow-list "${listKey}" (allowlist show lists them).`);
        const at = new Date().toISOString();
        if (!(await tx.unfreeze(listKey, admin, why, at)))
          throw conflict(`The allow-list "${listKey}" is not frozen (it was unfrozen ${list.unfrozen_at ?? ""} by ${list.unfrozen_by ?? "?"}).`);
        await recordAudit(trx, {
          actorId: null,
          actorEmail: admin,
          action: "CLI allowlist unfreeze",
          targetType: "allowlists",
          targetId: listKey,
          details: { kind: list.kind, sprintId: list.sprint_id, root: list.root, reason: why },
        });
        return { ...list, status: "unfrozen" as const, unfrozen_at: at, unfrozen_by: admin, unfreeze_reason: why };
      });
    },

    lists: () => repo.lists(),

    /** Writes a list's files again (after a disk was lost, say). */
    async exportFiles(id: string) {
      const list = await repo.list(id.trim());
      if (!list) throw notFound(`There is no allow-list "${id}" (allowlist show lists them).`);
      return writeFiles(list, await repo.entries(list.id));
    },

    /** The amount and proof of one address on the frozen list of a kind (airdrop: the active sprint's, else the newest). */
    async proof(address: string, kind: AllowlistKind, clientIp: string): Promise<AllowlistProof> {
      await limiter?.consume(PROOF_LIMIT, clientIp);
      let list: AllowlistRow | undefined;
      if (kind === "airdrop") {
        const active = await leads.activeSprintId(database.db);
        list = (active && (await repo.frozenList("airdrop", active))) || (await repo.frozenList("airdrop"));
      } else list = await repo.frozenList("presale");
      if (!list) throw notFound(ALLOWLIST_MESSAGES.noneFrozen);
      const entry = await repo.entry(list.id, address.toLowerCase());
      if (!entry) throw notFound(ALLOWLIST_MESSAGES.notListed);
      return {
        list: kind,
        listId: list.id,
        sprintId: list.sprint_id,
        root: list.root,
        address: getAddress(entry.address),
        amount: entry.amount,
        amountTokens: unitsToTokens(entry.amount),
        leafIndex: entry.leaf_index,
        proof: JSON.parse(entry.proof) as string[],
        frozenAt: list.frozen_at,
      };
    },
  };
}

export type AllowlistService = ReturnType<typeof createAllowlistService>;
