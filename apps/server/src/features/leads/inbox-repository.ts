import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { LeadFilter, LeadType } from "./inbox.ts";

type Row = Record<string, unknown>;

/** The inbox's filter as a where clause; column names only ever come from the lead type. */
function whereClause(type: LeadType, filter: LeadFilter) {
  const parts = [sql`1 = 1`];
  if (filter.status) parts.push(sql`status = ${filter.status}`);
  if (filter.verified && type.confirmed) parts.push(filter.verified === "verified" ? sql`verified_at is not null` : sql`verified_at is null`);
  if (filter.wallet && type.walletProof) parts.push(filter.wallet === "verified" ? sql`wallet_verified_at is not null` : sql`wallet_verified_at is null`);
  if (filter.claimStatus && type.claims) parts.push(sql`claim_status = ${filter.claimStatus}`);
  if (filter.source) parts.push(sql`utm_source = ${filter.source}`);
  if (filter.campaign) parts.push(sql`utm_campaign = ${filter.campaign}`);
  if (filter.from) parts.push(sql`created_at >= ${filter.from}`);
  if (filter.to) parts.push(sql`created_at <= ${filter.to}`);
  if (filter.search?.trim()) {
    const pattern = `%${filter.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(${sql.join(
        type.search.map((c) => sql`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`),
        sql` or `,
      )})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** One page of a lead type's rows under the filter, sorted, and the filter's count. */
export async function leadPage(
  db: Kysely<DB>,
  type: LeadType,
  filter: LeadFilter,
  page: { sort: string; order: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: Row[]; total: number }> {
  const where = whereClause(type, filter);
  const order = page.order === "asc" ? sql`asc` : sql`desc`;
  const rows = await sql<Row>`
    select * from ${sql.table(type.table)} where ${where}
    order by ${sql.ref(page.sort)} ${order}, id ${order}
    limit ${page.limit} offset ${page.offset}`.execute(db);
  const count = await sql<{ total: string | number }>`select count(*) as total from ${sql.table(type.table)} where ${where}`.execute(db);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

export async function leadRow(db: Kysely<DB>, type: LeadType, id: string): Promise<Row | undefined> {
  const result = await sql<Row>`select * from ${sql.table(type.table)} where id = ${id}`.execute(db);
  return result.rows[0];
}

/** Sets a lead's triage (status, note) and updated_at; true when the lead exists. */
export async function updateTriage(
  db: Kysely<DB>,
  type: LeadType,
  id: string,
  changes: { status?: string | undefined; note?: string | null | undefined },
  now: string,
): Promise<boolean> {
  const sets = [sql`updated_at = ${now}`];
  if (changes.status !== undefined) sets.push(sql`status = ${changes.status}`);
  if (changes.note !== undefined) sets.push(sql`note = ${changes.note}`);
  const result = await sql`update ${sql.table(type.table)} set ${sql.join(sets)} where id = ${id}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The next `size` rows under the filter after the cursor, in (created_at, id) order. */
export async function leadBatch(
  db: Kysely<DB>,
  type: LeadType,
  filter: LeadFilter,
  cursor: { created_at: string; id: string } | undefined,
  size: number,
): Promise<Row[]> {
  const after = cursor ? sql`and (created_at > ${cursor.created_at} or (created_at = ${cursor.created_at} and id > ${cursor.id}))` : sql``;
  const batch = await sql<Row>`
    select * from ${sql.table(type.table)} where ${whereClause(type, filter)} ${after}
    order by created_at, id limit ${size}`.execute(db);
  return batch.rows;
}

/** Rows of a lead type per UTC day since `since` (YYYY-MM-DD). */
export async function leadsPerDay(db: Kysely<DB>, type: LeadType, since: string): Promise<Array<{ day: string; count: number }>> {
  const rows = await sql<{ day: string; count: string | number }>`
    select substr(created_at, 1, 10) as day, count(*) as count from ${sql.table(type.table)}
    where created_at >= ${since} group by substr(created_at, 1, 10) order by day`.execute(db);
  return rows.rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

export async function leadCount(db: Kysely<DB>, type: LeadType): Promise<number> {
  const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(type.table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Rows of a lead type per UTC day, source and campaign, made within [start, end). */
export async function leadsBySourceAndDay(db: Kysely<DB>, type: LeadType, start: string, end: string) {
  const result = await sql<{ day: string; source: string | null; campaign: string | null; n: string | number }>`
    select substr(created_at, 1, 10) as day, utm_source as source, utm_campaign as campaign, count(*) as n
    from ${sql.table(type.table)}
    where created_at >= ${start} and created_at < ${end}
    group by substr(created_at, 1, 10), utm_source, utm_campaign`.execute(db);
  return result.rows.map((r) => ({ day: r.day, source: r.source, campaign: r.campaign, n: Number(r.n) }));
}

/** A lead type's rows sent with this e-mail address, case-insensitively. */
export async function leadRowsOfEmail(db: Kysely<DB>, type: LeadType, email: string): Promise<Row[]> {
  const rows = await sql<Row>`select * from ${sql.table(type.table)} where lower(${sql.ref(type.emailColumn)}) = ${email.toLowerCase()}`.execute(db);
  return rows.rows;
}

/** Deletes a lead type's rows sent with this e-mail address (case-insensitively); the number deleted. */
export async function deleteLeadRowsOfEmail(db: Kysely<DB>, type: LeadType, email: string): Promise<number> {
  const result = await sql`delete from ${sql.table(type.table)} where lower(${sql.ref(type.emailColumn)}) = ${email.toLowerCase()}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
