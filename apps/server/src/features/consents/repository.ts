import type { ExpressionBuilder, Kysely } from "kysely";
import type { ConsentAction, ConsentKind, ConsentRecord, ConsentSourceForm } from "@vestin/shared/consents";
import type { DB } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";

export type ConsentEntry = {
  userId: string | null;
  emailHash: string;
  kind: ConsentKind;
  action: ConsentAction;
  documentVersion: string | null;
  wording: { version: string; text: string } | null;
  sourceForm: ConsentSourceForm;
  sourcePage: string | null;
  ipHash: string | null;
  at: string;
};

/** The records of an address, and of its account when there is one. */
const ofPerson = (emailHash: string, userId: string | null) => (eb: ExpressionBuilder<DB, "consent_records">) =>
  userId ? eb.or([eb("email_hash", "=", emailHash), eb("user_id", "=", userId)]) : eb("email_hash", "=", emailHash);

/** Queries of `consent_records`; `db` may be a transaction, so a record commits with what it records. */
export function consentsRepository(db: Kysely<DB>) {
  return {
    async insert(entries: ConsentEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto("consent_records")
        .values(
          entries.map((e) => ({
            id: newId(),
            user_id: e.userId,
            email_hash: e.emailHash,
            kind: e.kind,
            action: e.action,
            document_version: e.documentVersion,
            wording_version: e.wording?.version ?? null,
            wording: e.wording?.text ?? null,
            source_form: e.sourceForm,
            source_page: e.sourcePage,
            ip_hash: e.ipHash,
            at: e.at,
          })),
        )
        .execute();
    },

    /** The latest action recorded for each of an account's kinds (a repeated cookie choice records nothing). */
    async latestActions(userId: string, kinds: readonly ConsentKind[]): Promise<Map<ConsentKind, ConsentAction>> {
      const rows = await db
        .selectFrom("consent_records")
        .select(["kind", "action", "at", "id"])
        .where("user_id", "=", userId)
        .where("kind", "in", [...kinds])
        .orderBy("at", "desc")
        .orderBy("id", "desc")
        .execute();
      const latest = new Map<ConsentKind, ConsentAction>();
      for (const row of rows) if (!latest.has(row.kind)) latest.set(row.kind, row.action);
      return latest;
    },

    /** Every record of an address or an account, oldest first, as the privacy export shows them. */
    async recordsOf(emailHash: string, userId: string | null): Promise<ConsentRecord[]> {
      const rows = await db
        .selectFrom("consent_records")
        .select(["kind", "action", "document_version", "wording_version", "wording", "source_form", "source_page", "at"])
        .where(ofPerson(emailHash, userId))
        .orderBy("at")
        .orderBy("kind")
        .execute();
      return rows.map((r) => ({
        kind: r.kind,
        action: r.action,
        documentVersion: r.document_version,
        wordingVersion: r.wording_version,
        wording: r.wording,
        sourceForm: r.source_form,
        sourcePage: r.source_page,
        at: r.at,
      }));
    },

    /** Whether the address has any record of this kind: a consent once given, or the withdrawal an earlier erasure kept. */
    async hasRecord(emailHash: string, userId: string | null, kind: ConsentKind): Promise<boolean> {
      const row = await db.selectFrom("consent_records").select("id").where(ofPerson(emailHash, userId)).where("kind", "=", kind).limit(1).executeTakeFirst();
      return Boolean(row);
    },

    async deleteOf(emailHash: string, userId: string | null): Promise<number> {
      const result = await db.deleteFrom("consent_records").where(ofPerson(emailHash, userId)).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },
  };
}
