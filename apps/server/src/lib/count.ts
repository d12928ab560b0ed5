import { sql, type Selectable, type SelectQueryBuilder } from "kysely";

/**
 * How many rows a query's filters match (a list's total beside its page). The query selects
 * nothing yet; PostgreSQL counts in bigint and answers a string, SQLite a number.
 */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot resolve the row type of a select on a generic query: it is this one.
  const row = (await query.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirst()) as { total: string | number } | undefined;
  return Number(row?.total ?? 0);
}

/**
 * One page of a list, newest first (ties in id order), with the total its filters match: the
 * console's lists of campaigns, subscribers and audit entries page this way.
 */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  limit: number,
): Promise<{ rows: Selectable<DB[TB]>[]; total: number }> {
  // Every table paged here has created_at and id; Kysely cannot see columns of a generic table.
  const rows = (await query
    .selectAll()
    .orderBy(sql.ref("created_at"), "desc")
    .orderBy(sql.ref("id"))
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()) as Selectable<DB[TB]>[];
  return { rows, total: await countOf(query) };
}
