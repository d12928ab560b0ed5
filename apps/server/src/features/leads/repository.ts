import { allocateRewards } from "@vestin/shared/leads-core";
import { newPresalePlace, newPresalePlaces, queuePlace, type QueueEntry } from "./referrals.ts";
import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type {
  ContactsTable,
  DB,
  PartnerApplicationsTable,
  AirdropClaimsTable,
  PresaleRegistrationsTable,
  SprintsTable,
  WaitlistSignupsTable,
} from "../../db/schema.ts";
import { type Dialect, SENT_WITH_NEXT_STATEMENT } from "../../db/database.ts";
import { activeSprintsFirst } from "./sprint-repository.ts";

export type ContactRow = Selectable<ContactsTable>;
export type PartnerRow = Selectable<PartnerApplicationsTable>;
export type PresaleRow = Selectable<PresaleRegistrationsTable>;
export type WaitlistSignupRow = Selectable<WaitlistSignupsTable>;
export type AirdropClaimRow = Selectable<AirdropClaimsTable>;
export type SprintRow = Selectable<SprintsTable>;
/** One line of an imported leaderboard; `wallet` (lower-cased) when the export lists the member's wallet. */
export type LeaderboardEntry = { zealyUsername: string; xp: number; wallet?: string | null };

/** Sorts by XP (most first; ties by name) and ranks each entry 1 + the number with more XP ("1224" ranking). */
export function rankEntries(entries: readonly LeaderboardEntry[]): Array<LeaderboardEntry & { rank: number }> {
  const sorted = [...entries].sort((a, b) => b.xp - a.xp || a.zealyUsername.localeCompare(b.zealyUsername));
  let rank = 0;
  return sorted.map((entry, i) => {
    if (i === 0 || entry.xp !== sorted[i - 1]?.xp) rank = i + 1;
    return { ...entry, rank };
  });
}

/**
 * Every insert is awaited to commit before the caller answers: a 201 means the row is on disk. A
 * lead's insert is blind and runs in store()'s transaction, so it carries SENT_WITH_NEXT_STATEMENT.
 */
export function leadsRepository(db: Kysely<DB>) {
  /** The live claims (not rejected) of a sprint holding a username or a wallet: one lookup of that column's live index. */
  const liveClaims = (sprintId: string, column: "username_key" | "wallet_address", value: string) =>
    db
      .selectFrom("pioneer_users")
      .select(["id", "username_key", "wallet_address", "claim_status"])
      .where("sprint_id", "=", sprintId)
      .where(column, "=", value)
      .where("claim_status", "<>", "rejected");
  return {
    async insertContact(row: ContactRow): Promise<void> {
      await db.insertInto("contacts").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    },

    async insertPartner(row: PartnerRow): Promise<void> {
      await db.insertInto("partner_applications").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    },

    presaleByEmail: (email: string) => db.selectFrom("presale_registrations").select(["id", "created_at"]).where("email", "=", email).executeTakeFirst(),
    /** Registrations holding this e-mail or this wallet, in one read (so a racing insert is seen for both or neither). */
    presaleHolders: (email: string, wallet: string) =>
      db
        .selectFrom("presale_registrations")
        .select(["email", "wallet_address"])
        .where((eb) => eb.or([eb("email", "=", email), eb("wallet_address", "=", wallet)]))
        .execute(),

    async insertPresale(row: Insertable<PresaleRegistrationsTable>): Promise<void> {
      await db.insertInto("presale_registrations").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    },

    /**
     * 1-based place in the queue (order of joining, moved up by confirmed referrals: see
     * referrals.ts) and the size of the whole queue.
     */
    async presaleQueue(entry: QueueEntry): Promise<{ queuePosition: number; totalAhead: number }> {
      const place = await queuePlace(db, "presale", entry);
      return { queuePosition: place.position, totalAhead: place.total };
    },

    /** The place of a registration just stored (counted, not ranked: see referrals.ts). */
    async newPresaleQueue(entry: { id: string; created_at: string }): Promise<{ queuePosition: number; totalAhead: number }> {
      const place = await newPresalePlace(db, entry);
      return { queuePosition: place.position, totalAhead: place.total };
    },

    /** The places of several registrations just stored, in their order, read together where a read costs a round trip. */
    async newPresaleQueues(entries: readonly { id: string; created_at: string }[], dialect: Dialect): Promise<{ queuePosition: number; totalAhead: number }[]> {
      const places = await newPresalePlaces(db, dialect, entries);
      return places.map((place) => ({ queuePosition: place.position, totalAhead: place.total }));
    },

    async insertWaitlistSignup(row: Insertable<WaitlistSignupsTable>): Promise<void> {
      await db.insertInto("testnet_signups").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    },

    activeSprint: () => activeSprintsFirst(db).selectAll().executeTakeFirst(),

    /**
     * The active sprint and a username's entry on its leaderboard, in one read (an airdrop claim
     * needs both): undefined without an active sprint, no entry when the username is not listed.
     */
    async activeSprintWithEntry(usernameKey: string): Promise<
      | {
          sprint: { id: string; total_xp: number };
          entry: { zealy_username: string; xp: number; reward_units: string; wallet_address: string | null } | undefined;
        }
      | undefined
    > {
      const row = await activeSprintsFirst(db)
        .leftJoin("sprint_leaderboard as l", (join) => join.onRef("l.sprint_id", "=", "sprints.id").on("l.username_key", "=", usernameKey))
        .select(["sprints.id", "sprints.total_xp", "l.zealy_username", "l.xp", "l.reward_units", "l.wallet_address"])
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      const { zealy_username, xp, reward_units, wallet_address } = row;
      const listed = zealy_username !== null && xp !== null && reward_units !== null;
      return { sprint: { id: row.id, total_xp: row.total_xp }, entry: listed ? { zealy_username, xp, reward_units, wallet_address } : undefined };
    },

    leaderboardEntry: (sprintId: string, usernameKey: string) =>
      db.selectFrom("sprint_leaderboard").selectAll().where("sprint_id", "=", sprintId).where("username_key", "=", usernameKey).executeTakeFirst(),

    leaderboardEntryByWallet: (sprintId: string, wallet: string) =>
      db.selectFrom("sprint_leaderboard").selectAll().where("sprint_id", "=", sprintId).where("wallet_address", "=", wallet).executeTakeFirst(),

    /**
     * The live claim (granted or pending review; rejected ones free their username and wallet)
     * holding this username or wallet. Two lookups, one per live index: with `username = ? or
     * wallet = ?` SQLite used only the sprint part of an index and read every live claim of the
     * sprint (2.4 ms a claim with a few thousand claims, growing with each one).
     */
    claimBy: (sprintId: string, usernameKey: string, wallet: string) =>
      liveClaims(sprintId, "username_key", usernameKey)
        .unionAll(liveClaims(sprintId, "wallet_address", wallet))
        .execute()
        .then((rows) => rows.find((r) => r.username_key === usernameKey) ?? rows[0]),

    /** The live claim of a username, or of a wallet (the eligibility checker's question). */
    liveClaimBy(sprintId: string, holder: { username_key: string } | { wallet_address: string }) {
      return "username_key" in holder
        ? liveClaims(sprintId, "username_key", holder.username_key).executeTakeFirst()
        : liveClaims(sprintId, "wallet_address", holder.wallet_address).executeTakeFirst();
    },

    async insertAirdropClaim(row: AirdropClaimRow): Promise<void> {
      await db.insertInto("pioneer_users").values(row).modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
    },

    airdropClaimsByEmail: (email: string) =>
      db.selectFrom("pioneer_users").selectAll().where("email", "=", email).orderBy("created_at", "asc").orderBy("id", "asc").limit(20).execute(),
  };
}

export type LeadsRepository = ReturnType<typeof leadsRepository>;

/**
 * Replaces a sprint's leaderboard in one transaction (creating the sprint when it is new) and
 * stores its combined XP and participant count; the sprint becomes the active one. Claims already
 * made keep the rewards computed when they were made.
 */
export async function replaceLeaderboard(
  trx: Transaction<DB>,
  sprint: { id: string; name: string; period: string; tokenPool: number },
  entries: readonly LeaderboardEntry[],
  now: string,
): Promise<{ participants: number; totalXp: number; withWallet: number }> {
  const ranked = rankEntries(entries);
  const rewards = allocateRewards(ranked, sprint.tokenPool);
  const totalXp = ranked.reduce((sum, e) => sum + e.xp, 0);
  const fields = {
    name: sprint.name,
    period: sprint.period,
    token_pool: sprint.tokenPool,
    total_xp: totalXp,
    participant_count: ranked.length,
    is_active: 1,
    updated_at: now,
  };
  await trx
    .insertInto("sprints")
    .values({ id: sprint.id, ...fields, created_at: now })
    .onConflict((oc) => oc.column("id").doUpdateSet(fields))
    .execute();
  await trx.updateTable("sprints").set({ is_active: 0 }).where("id", "<>", sprint.id).execute();
  await trx.deleteFrom("sprint_leaderboard").where("sprint_id", "=", sprint.id).execute();
  // 500 rows × 7 values stays well under both engines' bound-parameter limits.
  for (let i = 0; i < ranked.length; i += 500) {
    await trx
      .insertInto("sprint_leaderboard")
      .values(
        ranked.slice(i, i + 500).map((e, j) => ({
          sprint_id: sprint.id,
          username_key: e.zealyUsername.toLowerCase(),
          zealy_username: e.zealyUsername,
          xp: e.xp,
          rank: e.rank,
          wallet_address: e.wallet?.toLowerCase() ?? null,
          reward_units: String(rewards[i + j] ?? 0n),
        })),
      )
      .execute();
  }
  return { participants: ranked.length, totalXp, withWallet: ranked.filter((e) => e.wallet).length };
}

export const sprintById = (db: Kysely<DB>, id: string) => db.selectFrom("sprints").selectAll().where("id", "=", id).executeTakeFirst();
