import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** The titles of these articles, by id, whatever their status (a newsletter campaign names its article). */
export async function articleTitles(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("articles")
    .select(["id", "title"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
