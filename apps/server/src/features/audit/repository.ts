import type { Insertable, Kysely } from "kysely";
import type { AuditLogTable, DB } from "../../db/schema.ts";
import { newestFirstPage } from "../../lib/count.ts";

export async function insertAuditEntry(db: Kysely<DB>, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

/** One page of the log, newest first, and the log's length. */
export async function auditPage(db: Kysely<DB>, page: number, limit: number) {
  return newestFirstPage(db.selectFrom("audit_log"), page, limit);
}
