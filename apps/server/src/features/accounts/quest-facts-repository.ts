import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * What learn-and-earn reads of accounts to decide a grant: name, e-mail, age, and whether the
 * e-mail address is confirmed. Accounts have no confirmation link of their own, so an address
 * counts as confirmed when its holder proved they read it: a Google sign-in (Google verified the
 * address) or a password link sent to it and opened.
 */
export async function accountsForQuests(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email", "created_at", "google_sub"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("password_resets")
            .select("password_resets.user_id")
            .whereRef("password_resets.user_id", "=", "users.id")
            .where("used_at", "is not", null),
        )
        .as("reset_used"),
    )
    .where("id", "in", ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    createdAt: r.created_at,
    emailConfirmed: r.google_sub !== null || Boolean(Number(r.reset_used)),
  }));
}
export type QuestAccount = Awaited<ReturnType<typeof accountsForQuests>>[number];
