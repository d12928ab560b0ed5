import type { SelectQueryBuilder } from "kysely";

/**
 * How many rows a query's filters match (a list's total beside its page). The query selects
 * nothing yet; PostgreSQL counts in bigint and answers a string, SQLite a number.
 */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot resolve the row type of a select on a generic query: it is this one.
  const row = (await query.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst()) as { total: string | number } | undefined;
  return Number(row?.total ?? 0);
}
