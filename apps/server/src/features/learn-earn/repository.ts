import { type Expression, expressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool } from "kysely";
import type { DB, LearnEarnGrantsTable, LearnEarnQuestsTable } from "../../db/schema.ts";

export type QuestRow = Selectable<LearnEarnQuestsTable>;
export type GrantRow = Selectable<LearnEarnGrantsTable>;

type QuestKind = LearnEarnQuestsTable["kind"];

/** The quests of these kinds whose window holds `at`, before anything is selected. */
const questsOpen = (db: Kysely<DB>, kinds: readonly QuestKind[], at: string) =>
  db.selectFrom("learn_earn_quests").where("kind", "in", kinds).where("starts_at", "<=", at).where("ends_at", ">=", at);

/** Learn-and-earn's own tables: quests, grants, linked wallets, sprint settings. */
export function learnEarnRepository(db: Kysely<DB>) {
  return {
    questsOfSprint: (sprintId: string) =>
      db.selectFrom("learn_earn_quests").selectAll().where("sprint_id", "=", sprintId).orderBy("starts_at").orderBy("id").execute(),
    quest: (id: string) => db.selectFrom("learn_earn_quests").selectAll().where("id", "=", id).executeTakeFirst(),
    insertQuest: (row: Insertable<LearnEarnQuestsTable>) => db.insertInto("learn_earn_quests").values(row).execute(),
    updateQuest: (id: string, set: Partial<Insertable<LearnEarnQuestsTable>>) => db.updateTable("learn_earn_quests").set(set).where("id", "=", id).execute(),
    deleteQuest: (id: string) => db.deleteFrom("learn_earn_quests").where("id", "=", id).execute(),

    /** True, when it runs, if any quest of these kinds has a window that holds `at` (a condition for a statement of the same transaction). */
    anyQuestOpenAt: (kinds: readonly QuestKind[], at: string): Expression<SqlBool> =>
      expressionBuilder<DB, never>().exists(questsOpen(db, kinds, at).select("id")),

    /** The quests of these kinds whose window holds `at`. */
    questsOpenAt: (kinds: readonly QuestKind[], at: string) => questsOpen(db, kinds, at).selectAll().execute(),

    /** Takes one of the quest's slots: false when its cap is reached. Row-locking on PostgreSQL, so racing grants take slots one by one. */
    async takeSlot(questId: string): Promise<boolean> {
      const result = await db
        .updateTable("learn_earn_quests")
        .set((eb) => ({ granted_count: eb("granted_count", "+", 1) }))
        .where("id", "=", questId)
        .where((eb) => eb.or([eb("cap", "is", null), eb("granted_count", "<", eb.ref("cap"))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    releaseSlot: (questId: string) =>
      db
        .updateTable("learn_earn_quests")
        .set((eb) => ({ granted_count: eb("granted_count", "-", 1) }))
        .where("id", "=", questId)
        .execute(),

    grantOf: (questId: string, userId: string) =>
      db.selectFrom("learn_earn_grants").selectAll().where("quest_id", "=", questId).where("user_id", "=", userId).executeTakeFirst(),
    grant: (id: string) => db.selectFrom("learn_earn_grants").selectAll().where("id", "=", id).executeTakeFirst(),
    insertGrant: (row: Insertable<LearnEarnGrantsTable>) => db.insertInto("learn_earn_grants").values(row).execute(),
    grantsOfQuest: (questId: string) =>
      db.selectFrom("learn_earn_grants").selectAll().where("quest_id", "=", questId).orderBy("event_at").orderBy("id").execute(),
    grantsOfSprint: (sprintId: string) => db.selectFrom("learn_earn_grants").selectAll().where("sprint_id", "=", sprintId).orderBy("event_at").execute(),
    grantsOfUser: (userId: string) => db.selectFrom("learn_earn_grants").selectAll().where("user_id", "=", userId).execute(),
    withheldOfUser: (userId: string) => db.selectFrom("learn_earn_grants").selectAll().where("user_id", "=", userId).where("status", "=", "withheld").execute(),
    async grantCounts(questIds: readonly string[]) {
      if (questIds.length === 0) return [];
      return db
        .selectFrom("learn_earn_grants")
        .select(["quest_id", "status"])
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("quest_id", "in", questIds)
        .groupBy(["quest_id", "status"])
        .execute();
    },
    async setGrant(id: string, set: Partial<Insertable<LearnEarnGrantsTable>>, fromStatus: LearnEarnGrantsTable["status"]): Promise<boolean> {
      const result = await db.updateTable("learn_earn_grants").set(set).where("id", "=", id).where("status", "=", fromStatus).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    hasActiveGrant: async (userId: string) =>
      Boolean(await db.selectFrom("learn_earn_grants").select("id").where("user_id", "=", userId).where("status", "=", "granted").executeTakeFirst()),

    /** Learning XP per wallet of a sprint: the sum of its granted grants, with the number of quests. */
    learningXpByWallet: (sprintId: string) =>
      db
        .selectFrom("learn_earn_grants")
        .select("wallet_address")
        .select((eb) => [eb.fn.sum<number | string>("xp").as("xp"), eb.fn.countAll<number | string>().as("quests")])
        .where("sprint_id", "=", sprintId)
        .where("status", "=", "granted")
        .where("wallet_address", "is not", null)
        .groupBy("wallet_address")
        .execute(),

    walletOf: (userId: string) => db.selectFrom("account_wallets").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    walletByAddress: (address: string) => db.selectFrom("account_wallets").selectAll().where("address", "=", address).executeTakeFirst(),
    walletsOf: async (userIds: readonly string[]) =>
      userIds.length ? db.selectFrom("account_wallets").selectAll().where("user_id", "in", userIds).execute() : [],
    insertWallet: (row: { user_id: string; address: string; linked_at: string; link_network: string | null }) =>
      db.insertInto("account_wallets").values(row).execute(),

    /** An account's linked wallet and grants, for its privacy export. */
    async personalData(userId: string) {
      const wallet = await db.selectFrom("account_wallets").select(["address", "linked_at"]).where("user_id", "=", userId).executeTakeFirst();
      const grants = await db
        .selectFrom("learn_earn_grants")
        .select(["quest_id", "sprint_id", "xp", "status", "reason", "event_at"])
        .where("user_id", "=", userId)
        .orderBy("event_at")
        .execute();
      return { wallet, grants };
    },

    /** Erases an account's linked wallet and grants (the network it linked from goes with the wallet). */
    async eraseUser(userId: string) {
      const grants = await db.deleteFrom("learn_earn_grants").where("user_id", "=", userId).executeTakeFirst();
      const wallets = await db.deleteFrom("account_wallets").where("user_id", "=", userId).executeTakeFirst();
      return { grants: Number(grants.numDeletedRows), wallet: Number(wallets.numDeletedRows) > 0 };
    },

    settings: (sprintId: string) => db.selectFrom("learn_earn_sprint_settings").selectAll().where("sprint_id", "=", sprintId).executeTakeFirst(),
    async saveSettings(sprintId: string, hours: number, at: string) {
      await db
        .insertInto("learn_earn_sprint_settings")
        .values({ sprint_id: sprintId, min_account_age_hours: hours, updated_at: at })
        .onConflict((oc) => oc.column("sprint_id").doUpdateSet({ min_account_age_hours: hours, updated_at: at }))
        .execute();
    },
  };
}
