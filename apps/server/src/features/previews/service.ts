import {
  PREVIEW_LIFETIME_MS,
  PREVIEW_MESSAGES,
  PREVIEW_PATH_PREFIX,
  type CreatedPreviewLink,
  type Preview,
  type PreviewLink,
  type PreviewLinkCreate,
  type PreviewSubject,
} from "@vestin/shared/previews";
import type { Article } from "@vestin/shared/blog";
import type { Course, Lesson } from "@vestin/shared/learning";
import type { User } from "@vestin/shared/accounts";
import type { Database } from "../../db/database.ts";
import { recordAudit } from "../audit/index.ts";
import { notFound } from "../../lib/errors.ts";
import { newId, nowIso, randomToken, sha256 } from "../../lib/ids.ts";
import { previewsRepository, type PreviewLinkRow } from "./repository.ts";

type CoursePreview = { course: Course; lessons: Lesson[]; published: boolean };

/** What the previews ask of the features that own the subjects: content whatever its status, never cached. */
export type PreviewSources = {
  article: (id: string) => Promise<{ article: Article; published: boolean } | undefined>;
  course: (id: string) => Promise<CoursePreview | undefined>;
  lesson: (id: string) => Promise<(CoursePreview & { lesson: Lesson }) | undefined>;
};

type PreviewDeps = { database: Database; publicUrl: string; sources: PreviewSources };

/** A token as sent: 32 random bytes in base64url are 43 characters; anything else is no token. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function stateOf(row: PreviewLinkRow, now: string): PreviewLink["state"] {
  if (row.revoked_at) return "revoked";
  return row.expires_at <= now ? "expired" : "active";
}

function toLink(row: PreviewLinkRow, now = nowIso()): PreviewLink {
  return {
    _id: row.id,
    kind: row.subject_kind,
    subjectId: row.subject_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    state: stateOf(row, now),
  };
}

/**
 * Preview links: an administrator makes a secret link to a draft article, course or lesson; anyone
 * holding it sees the subject's current content until the link expires or is revoked. Only the
 * token's SHA-256 is stored, so the database alone opens no preview. Creating and revoking write
 * their audit row in the same transaction.
 */
export function createPreviewsService({ database, publicUrl, sources }: PreviewDeps) {
  const repo = previewsRepository(database.db);
  const invalid = () => notFound(PREVIEW_MESSAGES.notValid);

  /** The subject's content now, or undefined when it no longer exists. */
  async function content(kind: PreviewSubject["kind"], id: string) {
    if (kind === "article") {
      const found = await sources.article(id);
      return found && { published: found.published, publicPath: `/blog/${found.article.slug}`, body: { kind, article: found.article } as const };
    }
    if (kind === "course") {
      const found = await sources.course(id);
      return (
        found && {
          published: found.published,
          publicPath: `/learn/course/${found.course.slug}`,
          body: { kind, course: found.course, lessons: { count: found.lessons.length, data: found.lessons } } as const,
        }
      );
    }
    const found = await sources.lesson(id);
    return (
      found && {
        published: found.published,
        publicPath: `/learn/course/${found.course.slug}/lesson/${found.lesson.slug}`,
        body: { kind, course: found.course, lesson: found.lesson, lessons: found.lessons } as const,
      }
    );
  }

  return {
    /** A new link for a subject that exists; the answer carries the whole address, which is not stored. */
    async create(input: PreviewLinkCreate & { lifetime: NonNullable<PreviewLinkCreate["lifetime"]> }, admin: User): Promise<CreatedPreviewLink> {
      if (!(await content(input.kind, input.subjectId))) throw notFound(PREVIEW_MESSAGES.subjectNotFound);
      const token = randomToken(32);
      const now = new Date();
      const row: PreviewLinkRow = {
        id: newId(),
        token_hash: sha256(token),
        subject_kind: input.kind,
        subject_id: input.subjectId,
        created_by: admin._id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PREVIEW_LIFETIME_MS[input.lifetime]).toISOString(),
        revoked_at: null,
      };
      await database.db.transaction().execute(async (trx) => {
        await repo.insert(row, trx);
        await recordAudit(trx, {
          actorId: admin._id,
          actorEmail: admin.email,
          action: "preview-link.create",
          targetType: "previews",
          targetId: row.id,
          details: { kind: row.subject_kind, subjectId: row.subject_id, lifetime: input.lifetime, expiresAt: row.expires_at },
        });
      });
      return { ...toLink(row, row.created_at), url: `${publicUrl}${PREVIEW_PATH_PREFIX}${token}` };
    },

    /** A subject's links, newest first, without their tokens. */
    async list(subject: PreviewSubject): Promise<PreviewLink[]> {
      const now = nowIso();
      return (await repo.ofSubject(subject.kind, subject.subjectId)).map((row) => toLink(row, now));
    },

    /** Revokes a link at once (a second revoke keeps the first time and answers the link as it is). */
    async revoke(id: string, admin: User): Promise<PreviewLink> {
      if (!(await repo.byId(id))) throw notFound(PREVIEW_MESSAGES.linkNotFound);
      const row = await database.db.transaction().execute(async (trx) => {
        const revoked = await repo.revoke(id, nowIso(), trx);
        if (!revoked) throw notFound(PREVIEW_MESSAGES.linkNotFound);
        await recordAudit(trx, {
          actorId: admin._id,
          actorEmail: admin.email,
          action: "preview-link.revoke",
          targetType: "previews",
          targetId: id,
          details: { kind: revoked.subject_kind, subjectId: revoked.subject_id },
        });
        return revoked;
      });
      return toLink(row);
    },

    /**
     * What a token shows: its subject's current content. An unknown, expired or revoked token, and
     * a subject deleted since, all answer the same 404, so a guesser learns nothing.
     */
    async open(token: string): Promise<Preview> {
      if (!TOKEN_SHAPE.test(token)) throw invalid();
      const row = await repo.byTokenHash(sha256(token));
      if (!row || stateOf(row, nowIso()) !== "active") throw invalid();
      const found = await content(row.subject_kind, row.subject_id);
      if (!found) throw invalid();
      return { ...found.body, expiresAt: row.expires_at, publicPath: found.published ? found.publicPath : null };
    },
  };
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
