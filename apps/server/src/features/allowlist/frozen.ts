import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { allowlistRepository } from "./repository.ts";

/** True when the sprint's airdrop allow-list is frozen (its claims, reviews and leaderboard cannot change). */
export const sprintListFrozen = (db: Kysely<DB>, sprintId: string): Promise<boolean> => allowlistRepository(db).isSprintFrozen(sprintId);
