import type { Kysely } from "kysely";
import { SENT_WITH_NEXT_STATEMENT } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";

/**
 * PostgreSQL: holds FOR KEY SHARE on a sprint's row until the caller's transaction ends (writes
 * that must not cross a freeze of the sprint's allow-list).
 */
export async function shareSprintLock(db: Kysely<DB>, sprintId: string): Promise<void> {
  // Nobody reads its row: the lock leaves with the transaction's next statement, taken before it runs.
  await db.selectFrom("sprints").select("id").where("id", "=", sprintId).forKeyShare().modifyEnd(SENT_WITH_NEXT_STATEMENT).execute();
}

/** True when the sprint exists; on PostgreSQL its row is locked FOR UPDATE until the caller's transaction ends. */
export async function lockSprintRow(db: Kysely<DB>, sprintId: string, forUpdate: boolean): Promise<boolean> {
  const query = db.selectFrom("sprints").select("id").where("id", "=", sprintId);
  return Boolean(await (forUpdate ? query.forUpdate() : query).executeTakeFirst());
}

/** The active sprints, the one last made active first: the first is "the active sprint". */
export const activeSprintsFirst = (db: Kysely<DB>) => db.selectFrom("sprints").where("sprints.is_active", "=", 1).orderBy("sprints.updated_at", "desc");

/** The active sprint's id, if there is one. */
export async function activeSprintId(db: Kysely<DB>): Promise<string | undefined> {
  return (await activeSprintsFirst(db).select("sprints.id").executeTakeFirst())?.id;
}

/** The granted claims of a sprint, in claim order (an airdrop allow-list's rows). */
export const grantedClaimsOf = (db: Kysely<DB>, sprintId: string) =>
  db
    .selectFrom("pioneer_users")
    .select(["id", "zealy_username", "wallet_address", "vstn_reward_units"])
    .where("sprint_id", "=", sprintId)
    .where("claim_status", "=", "granted")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();

/** Presale wallets proven by a signature, in registration order (the presale allow-list's rows). */
export const verifiedPresaleWallets = (db: Kysely<DB>) =>
  db
    .selectFrom("presale_registrations")
    .select(["id", "wallet_address"])
    .where("wallet_verified_at", "is not", null)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();

/** What freezing an allow-list reads of the leads: the sprints, their granted claims and the presale's proven wallets. */
export const allowlistSources = { activeSprintId, grantedClaimsOf, lockSprintRow, verifiedPresaleWallets };
export type AllowlistSources = typeof allowlistSources;

/** A sprint as learn-and-earn shows it (the active one when no id is given). */
export async function sprintForQuests(db: Kysely<DB>, sprintId?: string) {
  let query = db.selectFrom("sprints").select(["id", "name", "period", "token_pool", "is_active"]);
  query = sprintId === undefined ? query.where("is_active", "=", 1).orderBy("updated_at", "desc") : query.where("id", "=", sprintId);
  return query.executeTakeFirst();
}

/** Every sprint, newest first (the quests console picks one). */
export const sprintsForQuests = (db: Kysely<DB>) =>
  db.selectFrom("sprints").select(["id", "name", "is_active"]).orderBy("created_at", "desc").orderBy("id", "desc").execute();

/** Every entry of a sprint's imported leaderboard: its username key, Zealy XP and the wallet it lists (lower-cased). */
export const zealyEntriesOf = (db: Kysely<DB>, sprintId: string) =>
  db.selectFrom("sprint_leaderboard").select(["username_key", "zealy_username", "xp", "wallet_address"]).where("sprint_id", "=", sprintId).execute();
