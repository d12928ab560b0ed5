import type { RevisionKind, RevisionSummary } from "@vestin/shared/revisions";
import { REVISION_MESSAGES } from "@vestin/shared/revisions";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { revisionsRepository, type RevisionRow } from "./repository.ts";

/** Who saved a revision, as the history shows them. */
export type RevisionAuthor = { id: string; name: string; email: string };

type RevisionsDeps = {
  database: Database;
  /** The accounts behind author ids (features/accounts); an id with no account is shown as nobody. */
  authorOf: (accountId: string) => Promise<RevisionAuthor | undefined>;
};

/** What a save hands to `record`: the subject's editable fields after the save, and who saved. */
export type RevisionEntry<S> = {
  kind: RevisionKind;
  subjectId: string;
  snapshot: S;
  authorId: string | null;
  /** The revision a restore brought back. */
  restoredFrom?: number | undefined;
};

/**
 * Revisions of articles and lessons: every save keeps a numbered copy of the subject's editable
 * fields, written by the blog and learning services inside their save's transaction, after the
 * subject's own row was written. On PostgreSQL that write holds the subject's row lock until the
 * commit, so a second save of the same subject reads the first one's number and takes the next;
 * SQLite has one writer. Every revision is kept; lists are paged.
 */
export function createRevisionsService({ database, authorOf }: RevisionsDeps) {
  const repo = revisionsRepository(database.db);

  async function authors(ids: Array<string | null>): Promise<Map<string, RevisionAuthor>> {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    const found = await Promise.all(unique.map(async (id) => [id, await authorOf(id)] as const));
    return new Map(found.flatMap(([id, author]) => (author ? [[id, author] as const] : [])));
  }

  const summary = (row: Pick<RevisionRow, "number" | "author_id" | "restored_from" | "created_at">, known: Map<string, RevisionAuthor>): RevisionSummary => ({
    number: Number(row.number),
    createdAt: row.created_at,
    author: (row.author_id && known.get(row.author_id)) || null,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  });

  return {
    /** Stores the next revision of a subject in the save's transaction `trx`; answers its number. */
    async record<S>(trx: Kysely<DB>, entry: RevisionEntry<S>): Promise<number> {
      const number = (await repo.lastNumber(trx, entry.kind, entry.subjectId)) + 1;
      await repo.insert(trx, {
        id: newId(),
        subject_kind: entry.kind,
        subject_id: entry.subjectId,
        number,
        snapshot: JSON.stringify(entry.snapshot),
        author_id: entry.authorId,
        restored_from: entry.restoredFrom ?? null,
        created_at: nowIso(),
      });
      return number;
    },

    /** One page of a subject's revisions, newest first. */
    async list(kind: RevisionKind, subjectId: string, page: number, limit: number) {
      const { rows, total } = await repo.page(kind, subjectId, page, limit);
      const known = await authors(rows.map((r) => r.author_id));
      return { items: rows.map((r) => summary(r, known)), total, pages: Math.ceil(total / limit) };
    },

    /** One revision with its snapshot (parsed JSON, as the save stored it); 404 when there is none. */
    async get<S>(kind: RevisionKind, subjectId: string, number: number): Promise<RevisionSummary & { snapshot: S }> {
      const row = await repo.find(kind, subjectId, number);
      if (!row) throw notFound(REVISION_MESSAGES.notFound);
      const known = await authors([row.author_id]);
      return { ...summary(row, known), snapshot: JSON.parse(row.snapshot) as S };
    },

    /** Forgets a removed subject's revisions, in the removal's transaction `trx`. */
    removeOf: (trx: Kysely<DB>, kind: RevisionKind, subjectId: string) => repo.removeOf(trx, kind, subjectId),
  };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
