import type { Insertable, Kysely } from "kysely";
import type { AuditLogTable, DB } from "../../db/schema.ts";
import { countOf } from "../../lib/count.ts";

export async function insertAuditEntry(db: Kysely<DB>, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

/** One page of the log, newest first, and the log's length. */
export async function auditPage(db: Kysely<DB>, page: number, limit: number) {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, total: await countOf(db.selectFrom("audit_log")) };
}
