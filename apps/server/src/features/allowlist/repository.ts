import type { Kysely, Selectable } from "kysely";
import type { AllowlistKind } from "@vestin/shared/allowlist";
import type { AllowlistEntriesTable, AllowlistsTable, DB } from "../../db/schema.ts";

export type AllowlistRow = Selectable<AllowlistsTable>;
export type AllowlistEntryRow = Selectable<AllowlistEntriesTable>;

export function allowlistRepository(db: Kysely<DB>) {
  return {
    /** The frozen list of a kind: the given sprint's, else the newest. */
    frozenList: (kind: AllowlistKind, sprintId?: string | null) => {
      let query = db.selectFrom("allowlists").selectAll().where("kind", "=", kind).where("status", "=", "frozen");
      if (sprintId) query = query.where("sprint_id", "=", sprintId);
      return query.orderBy("frozen_at", "desc").executeTakeFirst();
    },

    list: (id: string) => db.selectFrom("allowlists").selectAll().where("id", "=", id).executeTakeFirst(),

    lists: () =>
      db
        .selectFrom("allowlists")
        .select([
          "id",
          "kind",
          "sprint_id",
          "root",
          "entry_count",
          "total_amount",
          "status",
          "frozen_at",
          "frozen_by",
          "unfrozen_at",
          "unfrozen_by",
          "unfreeze_reason",
        ])
        .orderBy("frozen_at", "asc")
        .execute(),

    entry: (listId: string, address: string) =>
      db.selectFrom("allowlist_entries").selectAll().where("allowlist_id", "=", listId).where("address", "=", address).executeTakeFirst(),

    entries: (listId: string) => db.selectFrom("allowlist_entries").selectAll().where("allowlist_id", "=", listId).orderBy("leaf_index", "asc").execute(),

    /** True when the sprint's airdrop allow-list is frozen. */
    isSprintFrozen: async (sprintId: string) =>
      (await db
        .selectFrom("allowlists")
        .select("id")
        .where("kind", "=", "airdrop")
        .where("sprint_id", "=", sprintId)
        .where("status", "=", "frozen")
        .executeTakeFirst()) !== undefined,

    async insertList(row: AllowlistRow, entries: AllowlistEntryRow[]): Promise<void> {
      await db.insertInto("allowlists").values(row).execute();
      // 200 rows × 5 values stays well under both engines' bound-parameter limits.
      for (let i = 0; i < entries.length; i += 200)
        await db
          .insertInto("allowlist_entries")
          .values(entries.slice(i, i + 200))
          .execute();
    },

    async unfreeze(id: string, by: string, reason: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable("allowlists")
        .set({ status: "unfrozen", unfrozen_at: at, unfrozen_by: by, unfreeze_reason: reason })
        .where("id", "=", id)
        .where("status", "=", "frozen")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
