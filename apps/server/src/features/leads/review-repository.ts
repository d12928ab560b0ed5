import { sql, type Kysely } from "kysely";
import type { ClaimStatus } from "@vestin/shared/wallet";
import type { DB } from "../../db/schema.ts";

export type ReviewFilter = { claimStatus?: ClaimStatus | undefined; search?: string | undefined };

const base = (db: Kysely<DB>) =>
  db
    .selectFrom("pioneer_users as p")
    .leftJoin("sprint_leaderboard as l", (join) => join.onRef("l.sprint_id", "=", "p.sprint_id").onRef("l.username_key", "=", "p.username_key"));

function filtered(db: Kysely<DB>, query: ReviewFilter) {
  let q = base(db);
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

export type ReviewRow = {
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

/** One claim with its leaderboard wallet. */
export async function reviewRow(db: Kysely<DB>, id: string): Promise<ReviewRow | undefined> {
  return (await base(db).select(columns).where("p.id", "=", id).executeTakeFirst()) as ReviewRow | undefined;
}

/** One page of the filtered claims (oldest first), the filter's count, and the counts per status under the search alone. */
export async function reviewPage(db: Kysely<DB>, query: ReviewFilter & { page: number; limit: number }) {
  const rows = await filtered(db, query)
    .select(columns)
    .orderBy("p.created_at", "asc")
    .orderBy("p.id", "asc")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const total = Number(
    (
      await filtered(db, query)
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const byStatus = await filtered(db, { search: query.search })
    .select(["p.claim_status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .groupBy("p.claim_status")
    .execute();
  return { rows: rows as ReviewRow[], total, byStatus };
}

/** The leaderboard's line for a Zealy username in a sprint (its wallet, if it lists one). */
export const leaderboardLineOf = (db: Kysely<DB>, sprintId: string, usernameKey: string) =>
  db.selectFrom("sprint_leaderboard").select("wallet_address").where("sprint_id", "=", sprintId).where("username_key", "=", usernameKey).executeTakeFirst();

/** Decides a pending claim; false when it is no longer pending. */
export async function decidePending(
  db: Kysely<DB>,
  id: string,
  decision: { claim_status: "granted" | "rejected"; reviewed_by: string; review_note: string | null },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("pioneer_users")
    .set({ ...decision, reviewed_at: at, updated_at: at })
    .where("id", "=", id)
    .where("claim_status", "=", "pending_review")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
