import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { countOf } from "../../lib/count.ts";

type Counted = { total: number; last30Days: number };

/** Enrolments, completions and certificates in all and since `since` (the console's dashboard). */
export async function learningActivity(db: Kysely<DB>, since: string): Promise<{ enrollments: Counted; completions: Counted; certificates: Counted }> {
  const enrollments = db.selectFrom("enrollments");
  const completions = db.selectFrom("lesson_completions");
  const certificates = db.selectFrom("certificates");
  return {
    enrollments: { total: await countOf(enrollments), last30Days: await countOf(enrollments.where("enrolled_at", ">=", since)) },
    completions: { total: await countOf(completions), last30Days: await countOf(completions.where("completed_at", ">=", since)) },
    certificates: { total: await countOf(certificates), last30Days: await countOf(certificates.where("issued_at", ">=", since)) },
  };
}

/** The titles of these courses, by id (a privacy export names the courses of a person's attempts). */
export async function courseTitles(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("courses")
    .select(["id", "title"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The titles and slugs of these courses, by id (a link to a course's page is by its slug). */
export async function courseLinks(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, { title: string; slug: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("courses")
    .select(["id", "title", "slug"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, slug: r.slug }]));
}
