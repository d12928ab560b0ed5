import type { Kysely } from "kysely";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { dialectOf } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { conflict } from "../../lib/errors.ts";
import { sprintListFrozen } from "../allowlist/index.ts";
import { shareSprintLock } from "./sprint-repository.ts";

/**
 * A sprint whose airdrop allow-list is frozen cannot change: no new claim, no review decision, no
 * leaderboard import, until an admin unfreezes the list (audited). Pass the transaction that
 * makes the change, and call this before the change, so the check and the write see the same state.
 *
 * On PostgreSQL the check also takes FOR KEY SHARE on the sprint's row until that transaction
 * ends. A freeze locks the row FOR UPDATE before it reads the granted claims, so it waits for a
 * claim that has passed this check, and a claim that comes after the freeze began waits here and
 * then sees the frozen list. (Key-share locks do not block each other, nor ordinary updates of the
 * sprint row, so claims and imports never wait for one another here.) SQLite runs one write
 * transaction at a time and refuses a write whose snapshot is stale, so it needs no lock.
 */
export async function assertSprintOpen(db: Kysely<DB>, sprintId: string): Promise<void> {
  if (dialectOf(db) === "postgres") await shareSprintLock(db, sprintId);
  if (await sprintListFrozen(db, sprintId)) throw conflict(WALLET_MESSAGES.claimsClosed);
}
