import type { Kysely, Selectable } from "kysely";
import type { ContentRevisionsTable, DB } from "../../db/schema.ts";
import { countOf } from "../../lib/count.ts";

export type RevisionRow = Selectable<ContentRevisionsTable>;
type Kind = RevisionRow["subject_kind"];

/** The revisions table: numbered saved states of articles and lessons. */
export function revisionsRepository(db: Kysely<DB>) {
  const ofSubject = (kind: Kind, subjectId: string) => db.selectFrom("content_revisions").where("subject_kind", "=", kind).where("subject_id", "=", subjectId);

  return {
    /** The subject's highest revision number (0: none yet), read in the save's transaction `q`. */
    async lastNumber(q: Kysely<DB>, kind: Kind, subjectId: string): Promise<number> {
      const row = await q
        .selectFrom("content_revisions")
        .select((eb) => eb.fn.max("number").as("last"))
        .where("subject_kind", "=", kind)
        .where("subject_id", "=", subjectId)
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    },

    async insert(q: Kysely<DB>, row: RevisionRow): Promise<void> {
      await q.insertInto("content_revisions").values(row).execute();
    },

    /** One page of a subject's revisions, newest first, without their snapshots, and how many there are. */
    async page(kind: Kind, subjectId: string, page: number, limit: number) {
      const base = ofSubject(kind, subjectId);
      const [rows, total] = await Promise.all([
        base
          .select(["number", "author_id", "restored_from", "created_at"])
          .orderBy("number", "desc")
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        countOf(base),
      ]);
      return { rows, total };
    },

    find: (kind: Kind, subjectId: string, number: number) => ofSubject(kind, subjectId).selectAll().where("number", "=", number).executeTakeFirst(),

    /** Forgets a removed subject's revisions, in the removal's transaction `q`. */
    async removeOf(q: Kysely<DB>, kind: Kind, subjectId: string): Promise<void> {
      await q.deleteFrom("content_revisions").where("subject_kind", "=", kind).where("subject_id", "=", subjectId).execute();
    },
  };
}
