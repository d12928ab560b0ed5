import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { countOf } from "../../lib/count.ts";

/** Accounts made in all, and since `since` (the console's dashboard). */
export async function accountsCreated(db: Kysely<DB>, since: string): Promise<{ total: number; last30Days: number }> {
  const all = db.selectFrom("users");
  return { total: await countOf(all), last30Days: await countOf(all.where("created_at", ">=", since)) };
}

/** Accounts made per UTC day, source and campaign within [start, end) (the console's Sources page). */
export async function signupsBySourceAndDay(db: Kysely<DB>, start: string, end: string) {
  const result = await sql<{ day: string; source: string | null; campaign: string | null; n: string | number }>`
    select substr(created_at, 1, 10) as day, utm_source as source, utm_campaign as campaign, count(*) as n
    from users
    where created_at >= ${start} and created_at < ${end}
    group by substr(created_at, 1, 10), utm_source, utm_campaign`.execute(db);
  return result.rows.map((r) => ({ day: r.day, source: r.source, campaign: r.campaign, n: Number(r.n) }));
}

/** An account's e-mail and role, by its e-mail (the allow-list command line names an administrator). */
export const accountRoleByEmail = (db: Kysely<DB>, email: string) =>
  db.selectFrom("users").select(["email", "role"]).where("email", "=", email).executeTakeFirst();
