import { REDIRECT_MESSAGES, type Redirect, type RedirectWrite } from "@vestin/shared/blog";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound, orConflict } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { redirectsRepository, type RedirectRow } from "./redirects-repository.ts";

/** The page path of an article's slug (or id). */
export const articlePath = (slugOrId: string) => `/blog/${slugOrId}`;

/** The slug in an article page's path, if it is one (slugs are lower-case letters, digits and hyphens). */
export const slugOfPath = (path: string) => /^\/blog\/([a-z0-9-]+)$/.exec(path)?.[1];

/**
 * How long a server's copy of the redirects table stays fresh. Its own writes drop it at once;
 * another server behind the same load balancer sees a change after this time and one read
 * (article pages do not wait for it: their moves and removals are read from the database on a
 * miss).
 */
export const REDIRECT_TABLE_TTL_MS = 30_000;

/**
 * How long browsers and shared caches keep a 301: a day, not forever, because a slug freed by a
 * rename may be taken by another article, and a manual redirect may be deleted.
 */
export const REDIRECT_CACHE_CONTROL = "public, max-age=86400";

/** After a failed read of the table, how long the old copy answers before the next try. */
const RETRY_AFTER_FAILURE_MS = 5_000;

/** Paths that are not pages: redirecting them would break the API or the console. */
const NOT_A_PAGE = /^\/(?:api|admin|assets)(?:\/|$)/;

const toRedirect = (r: RedirectRow): Redirect => ({ _id: r.id, fromPath: r.from_path, toPath: r.to_path, kind: r.kind, createdAt: r.created_at });

/** Longer chains than this are refused as if they looped (browsers give up after about 20 redirects). */
const MAX_CHAIN = 20;

/** A path without its query or fragment. */
const pathOnly = (path: string) => path.split(/[?#]/)[0] ?? path;

type RedirectsDeps = {
  db: Kysely<DB>;
  /** Whether an article (of any status) has this slug: a manual redirect may not hide its page. */
  isArticleSlug: (slug: string) => Promise<boolean>;
  now?: () => number;
};

/**
 * Redirects: the old paths of renamed articles (301 to the new one), of removed articles (410),
 * and administrators' manual ones. Chains collapse when they are written, a slug taken again
 * drops its redirect, and nothing loops.
 */
export function createRedirects({ db, isArticleSlug, now = Date.now }: RedirectsDeps) {
  const repo = redirectsRepository(db);
  let table: { targets: Map<string, string>; loadedAt: number } | undefined;
  let loading: Promise<Map<string, string>> | undefined;
  let generation = 0;

  const dropTable = () => {
    table = undefined;
    loading = undefined;
    generation += 1;
  };

  function load(): Promise<Map<string, string>> {
    if (loading) return loading;
    const started = generation;
    const pending = repo.targets().then(
      (rows) => {
        const map = new Map(rows.flatMap((r) => (r.to_path === null ? [] : [[r.from_path, r.to_path] as const])));
        // A table read while a write changed it is answered but not kept.
        if (started === generation) table = { targets: map, loadedAt: now() };
        return map;
      },
      (error: unknown) => {
        // The database did not answer: the old copy serves a few seconds more before the next try.
        if (table && started === generation) table = { ...table, loadedAt: now() - REDIRECT_TABLE_TTL_MS + RETRY_AFTER_FAILURE_MS };
        throw error;
      },
    );
    loading = pending;
    const settled = () => {
      if (loading === pending) loading = undefined;
    };
    pending.then(settled, settled);
    return pending;
  }

  /**
   * The table: read once, then answered from memory. Past its lifetime the old copy still answers
   * while one read renews it, so no page waits for the database (nor fails while it is down).
   */
  async function targets(): Promise<Map<string, string>> {
    if (table && now() - table.loadedAt < REDIRECT_TABLE_TTL_MS) return table.targets;
    const renewal = load();
    if (!table) return renewal;
    renewal.catch(() => {});
    return table.targets;
  }

  /**
   * Whether following redirects from `start` reaches `path`. Collapsing keeps chains one step, but
   * a target with a query (/b?x=1) is not collapsed onto /b's own redirect, so chains of those
   * are walked to the end (any cycle through a new redirect passes through its old path).
   */
  async function leadsTo(start: string, path: string): Promise<boolean> {
    let current = pathOnly(start);
    for (let step = 0; step < MAX_CHAIN; step++) {
      if (current === path) return true;
      const next = (await repo.find(current))?.to_path;
      if (!next) return false;
      current = pathOnly(next);
    }
    return true;
  }

  return {
    /** Where a page path goes (301), from the table kept in memory; undefined when it does not move. */
    async pageTarget(path: string): Promise<string | undefined> {
      const key = path.length > 1 ? path.replace(/\/+$/, "") : path;
      return (await targets()).get(key);
    },

    /** What happened to an article that no longer answers at this id or slug: moved (its new path), removed (null), or nothing known. */
    async ofArticle(idOrSlug: string): Promise<{ toPath: string | null } | undefined> {
      const row = (await repo.find(articlePath(idOrSlug))) ?? (await repo.removedArticle(idOrSlug));
      return row ? { toPath: row.to_path } : undefined;
    },

    /** An article's slug changed, inside the save's transaction: the old path leads to the new one. */
    async slugChanged(articleId: string, oldSlug: string, newSlug: string, trx: Kysely<DB>): Promise<void> {
      const from = articlePath(oldSlug);
      const to = articlePath(newSlug);
      await repo.removeFrom(to, trx);
      await repo.retarget(from, to, trx);
      await repo.removeFrom(from, trx);
      await repo.insert({ id: newId(), from_path: from, to_path: to, kind: "slug", article_id: articleId, created_at: nowIso() }, trx);
      dropTable();
    },

    /** A slug is taken by an article (a new one, or one renamed to it): its redirect, if any, goes away. */
    async slugTaken(slug: string, trx: Kysely<DB>): Promise<void> {
      await repo.removeFrom(articlePath(slug), trx);
      dropTable();
    },

    /** An article was removed, inside the removal's transaction: its path, and every path that led to it, answer 410. */
    async articleRemoved(articleId: string, slug: string, trx: Kysely<DB>): Promise<void> {
      const path = articlePath(slug);
      await repo.retarget(path, null, trx);
      await repo.removeFrom(path, trx);
      await repo.insert({ id: newId(), from_path: path, to_path: null, kind: "removed", article_id: articleId, created_at: nowIso() }, trx);
      dropTable();
    },

    async list(page: number, limit: number) {
      const { rows, total } = await repo.page(page, limit);
      return { items: rows.map(toRedirect), total, pages: Math.ceil(total / limit) };
    },

    /** An administrator's redirect from any old site path to a new one, collapsed onto the new one's own target. */
    async add(input: RedirectWrite): Promise<Redirect> {
      const { fromPath, toPath } = input;
      if (NOT_A_PAGE.test(fromPath)) throw badRequest(REDIRECT_MESSAGES.notAPage, { fromPath: REDIRECT_MESSAGES.notAPage });
      if (pathOnly(toPath) === fromPath) throw badRequest(REDIRECT_MESSAGES.toItself, { toPath: REDIRECT_MESSAGES.toItself });
      const slug = slugOfPath(fromPath);
      if (slug && (await isArticleSlug(slug))) throw badRequest(REDIRECT_MESSAGES.livePage, { fromPath: REDIRECT_MESSAGES.livePage });
      const onward = await repo.find(pathOnly(toPath));
      if (onward && onward.to_path === null) throw badRequest(REDIRECT_MESSAGES.targetRemoved, { toPath: REDIRECT_MESSAGES.targetRemoved });
      const target = onward?.to_path ?? toPath;
      if (await leadsTo(target, fromPath)) throw badRequest(REDIRECT_MESSAGES.loop, { toPath: REDIRECT_MESSAGES.loop });
      if (await repo.find(fromPath)) throw conflict(REDIRECT_MESSAGES.fromTaken, { fromPath: REDIRECT_MESSAGES.fromTaken });
      const row: RedirectRow = { id: newId(), from_path: fromPath, to_path: target, kind: "manual", article_id: null, created_at: nowIso() };
      await orConflict(
        db.transaction().execute(async (trx) => {
          await repo.retarget(fromPath, target, trx);
          await repo.insert(row, trx);
        }),
        () => conflict(REDIRECT_MESSAGES.fromTaken, { fromPath: REDIRECT_MESSAGES.fromTaken }),
      );
      dropTable();
      return toRedirect(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(REDIRECT_MESSAGES.notFound);
      dropTable();
    },

    /** Drops the table kept in memory: called again after a save's transaction commits, so a read made meanwhile is not kept. */
    changed: dropTable,
  };
}

export type Redirects = ReturnType<typeof createRedirects>;

/** The API's answer for an article that is gone (410). */
export const articleRemoved = () => new AppError(410, REDIRECT_MESSAGES.removed);
