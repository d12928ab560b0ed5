import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { maskWallet, toChecksumAddress, unitsToTokens } from "@vestin/shared/leads";
import type { ClaimStatus, ReviewClaim } from "@vestin/shared/wallet";
import type { Database } from "../../db/database.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { recordAudit } from "../../lib/audit.ts";
import { assertSprintOpen } from "../allowlist/index.ts";
import { claimDecisionEmail } from "./mail.ts";

export const REVIEW_MESSAGES = {
  decided: "This claim has already been decided",
  unsigned: "This claim was made before claims were signed: its wallet is not proven. Reject it and ask the pioneer to sign a new claim.",
  offLeaderboard: "This Zealy username is no longer on the sprint's leaderboard: the claim cannot be approved.",
  otherWallet: "The leaderboard links another wallet to this Zealy account: only that wallet can be granted. Reject this claim.",
} as const;

export type ReviewQuery = { claimStatus?: ClaimStatus | undefined; search?: string | undefined; page: number; limit: number };
export type Decision = "approve" | "reject";
export type Reviewer = { id: string | null; email: string };

/** A claim as the review queue shows it (the schema is shared with the console). */
export type ReviewItem = ReviewClaim;

type Deps = { database: Database; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string; onChange: () => void };

/**
 * The team's review of airdrop claims that the leaderboard cannot decide: a username listed without
 * a wallet, or a claim made before signatures. Only a pending claim is decided, once (a conditional
 * update: two admins racing get one 200 and one 409), never while the sprint's allow-list is
 * frozen; each decision is audited and e-mailed to the claimant. A rejection frees the username and
 * the wallet for a new signed claim.
 */
export function createAirdropReview({ database, mailer, publicUrl, onChange }: Deps) {
  const db = database.db;

  const base = () =>
    db
      .selectFrom("pioneer_users as p")
      .leftJoin("sprint_leaderboard as l", (join) => join.onRef("l.sprint_id", "=", "p.sprint_id").onRef("l.username_key", "=", "p.username_key"));

  function filtered(query: Omit<ReviewQuery, "page" | "limit">) {
    let q = base();
    if (query.claimStatus) q = q.where("p.claim_status", "=", query.claimStatus);
    const text = query.search?.trim().toLowerCase();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(p.zealy_username)`, "like", sql`${pattern} escape '\\'`),
          eb(sql`lower(p.email)`, "like", sql`${pattern} escape '\\'`),
          eb(sql`lower(p.wallet_address)`, "like", sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return q;
  }

  const columns = [
    "p.id",
    "p.sprint_id",
    "p.zealy_username",
    "p.wallet_address",
    "l.wallet_address as leaderboard_wallet",
    "p.xp_earned",
    "p.vstn_reward_units",
    "p.email",
    "p.tg_account",
    "p.claim_status",
    "p.wallet_verified_at",
    "p.verified_at",
    "p.created_at",
    "p.reviewed_at",
    "p.reviewed_by",
    "p.review_note",
  ] as const;

  type Row = {
    id: string;
    sprint_id: string;
    zealy_username: string;
    wallet_address: string;
    leaderboard_wallet: string | null;
    xp_earned: number;
    vstn_reward_units: string;
    email: string;
    tg_account: string;
    claim_status: ClaimStatus;
    wallet_verified_at: string | null;
    verified_at: string | null;
    created_at: string;
    reviewed_at: string | null;
    reviewed_by: string | null;
    review_note: string | null;
  };

  const toItem = (r: Row): ReviewItem => ({
    _id: r.id,
    sprintId: r.sprint_id,
    zealyUsername: r.zealy_username,
    walletAddress: toChecksumAddress(r.wallet_address),
    leaderboardWallet: r.leaderboard_wallet ? toChecksumAddress(r.leaderboard_wallet) : null,
    xpEarned: r.xp_earned,
    vstnRewards: unitsToTokens(r.vstn_reward_units),
    vstnRewardUnits: r.vstn_reward_units,
    email: r.email,
    tgAccount: r.tg_account,
    claimStatus: r.claim_status,
    walletVerifiedAt: r.wallet_verified_at,
    verifiedAt: r.verified_at,
    createdAt: r.created_at,
    reviewedAt: r.reviewed_at,
    reviewedBy: r.reviewed_by,
    reviewNote: r.review_note,
  });

  async function get(id: string): Promise<ReviewItem | undefined> {
    const row = await base().select(columns).where("p.id", "=", id).executeTakeFirst();
    return row ? toItem(row as Row) : undefined;
  }

  return {
    get,

    /** Pending first by default order (oldest first, the order they came in); counts per status for the tabs. */
    async list(query: ReviewQuery) {
      const rows = await filtered(query)
        .select(columns)
        .orderBy("p.created_at", "asc")
        .orderBy("p.id", "asc")
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      const total = Number(
        (
          await filtered(query)
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirst()
        )?.n ?? 0,
      );
      // The tabs' counts follow the search, so they match what each tab would list.
      const byStatus = await filtered({ search: query.search })
        .select(["p.claim_status", (eb) => eb.fn.countAll<string | number>().as("n")])
        .groupBy("p.claim_status")
        .execute();
      const counts = { pending_review: 0, granted: 0, rejected: 0 };
      for (const r of byStatus) counts[r.claim_status] = Number(r.n);
      return { items: rows.map((r) => toItem(r as Row)), total, pages: Math.ceil(total / query.limit), counts };
    },

    async decide(id: string, decision: Decision, note: string | null, reviewer: Reviewer): Promise<ReviewItem> {
      const claim = await get(id);
      if (!claim) throw notFound("Claim not found");
      if (decision === "approve" && claim.claimStatus === "pending_review") {
        // Approval grants tokens: never to a wallet that did not sign, nor past the leaderboard's own wallet.
        if (!claim.walletVerifiedAt) throw conflict(REVIEW_MESSAGES.unsigned);
        const entry = await db
          .selectFrom("sprint_leaderboard")
          .select("wallet_address")
          .where("sprint_id", "=", claim.sprintId)
          .where("username_key", "=", claim.zealyUsername.toLowerCase())
          .executeTakeFirst();
        if (!entry) throw conflict(REVIEW_MESSAGES.offLeaderboard);
        if (entry.wallet_address && entry.wallet_address !== claim.walletAddress.toLowerCase()) throw conflict(REVIEW_MESSAGES.otherWallet);
      }
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await assertSprintOpen(trx, claim.sprintId);
        const result = await trx
          .updateTable("pioneer_users")
          .set({
            claim_status: decision === "approve" ? "granted" : "rejected",
            reviewed_at: at,
            reviewed_by: reviewer.email,
            review_note: note,
            updated_at: at,
          })
          .where("id", "=", id)
          .where("claim_status", "=", "pending_review")
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw conflict(REVIEW_MESSAGES.decided);
        await recordAudit(trx, {
          actorId: reviewer.id,
          actorEmail: reviewer.email,
          action: decision === "approve" ? "AIRDROP approve claim" : "AIRDROP reject claim",
          targetType: "pioneer_users",
          targetId: id,
          details: { zealyUsername: claim.zealyUsername, wallet: maskWallet(claim.walletAddress), vstnRewardUnits: claim.vstnRewardUnits, note },
        });
        // The person's e-mail is stored with the decision: one is never recorded without the other.
        await mailer.send(claimDecisionEmail(claim.email, claim, decision, note, `${publicUrl}/verification`), { trx });
      });
      onChange();
      return (await get(id)) ?? claim;
    },
  };
}

export type AirdropReview = ReturnType<typeof createAirdropReview>;
