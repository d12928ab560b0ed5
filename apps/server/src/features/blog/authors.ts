import {
  AUTHOR_LINK_KINDS,
  AUTHOR_MESSAGES,
  authorLinksSchema,
  tagsBySlug,
  type AdminAuthor,
  type Author,
  type AuthorLinks,
  type AuthorRef,
  type AuthorUpdate,
  type AuthorWrite,
} from "@vestin/shared/authors";
import { slugify } from "@vestin/shared/blog";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound, orConflict } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { authorsRepository, joinNames, type AuthorRefRow, type AuthorRow } from "./authors-repository.ts";

/** What the authors need of accounts: an account's id by e-mail, and its e-mail by id. */
export type AccountLookup = {
  idByEmail: (email: string) => Promise<string | undefined>;
  emailOf: (id: string) => Promise<string | undefined>;
};

function parseLinks(json: string): AuthorLinks {
  try {
    const parsed = authorLinksSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Only the link kinds a profile shows, in their order, without empty ones. */
const linksJson = (links: AuthorLinks) => JSON.stringify(Object.fromEntries(AUTHOR_LINK_KINDS.flatMap((k) => (links[k] ? [[k, links[k]]] : []))));

export function toAuthor(row: AuthorRow): Author {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    photoUrl: row.photo_url,
    photoSmallUrl: row.photo_small_url,
    links: parseLinks(row.links),
  };
}

const toRef = (row: AuthorRefRow): AuthorRef => ({ _id: row.id, slug: row.slug, name: row.name, photoUrl: row.photo_small_url || row.photo_url });

const slugTaken = () => conflict(AUTHOR_MESSAGES.slugTaken, { slug: "This slug is taken" });

/**
 * Authors as people: the console's list and writes, an article's authors (who they are, and
 * which articles and tags link to which, written in the article save's transaction), and what
 * the public pages ask (an author by slug, a tag's name, the sitemap's entries).
 */
export function createAuthors({ db, accounts }: { db: Kysely<DB>; accounts: AccountLookup }) {
  const repo = authorsRepository(db);

  async function uniqueSlug(base: string, q: Kysely<DB>): Promise<string> {
    const root = base || "author";
    let slug = root;
    for (let n = 2; await repo.slugTaken(slug, undefined, q); n++) slug = `${root}-${n}`;
    return slug;
  }

  /** The account id an author is linked to: "" or null unlinks; an unknown e-mail is refused. */
  async function accountFor(email: string | null | undefined, authorId?: string): Promise<string | null | undefined> {
    if (email === undefined) return undefined;
    if (email === null || email === "") return null;
    const id = await accounts.idByEmail(email);
    if (!id) throw badRequest(AUTHOR_MESSAGES.accountNotFound, { accountEmail: AUTHOR_MESSAGES.accountNotFound });
    const other = await repo.byAccount(id);
    if (other && other.id !== authorId) throw conflict(AUTHOR_MESSAGES.accountTaken, { accountEmail: AUTHOR_MESSAGES.accountTaken });
    return id;
  }

  async function forAdmin(row: AuthorRow, articleCount: number): Promise<AdminAuthor> {
    return {
      ...toAuthor(row),
      accountEmail: row.account_id ? ((await accounts.emailOf(row.account_id)) ?? null) : null,
      articleCount,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  return {
    async list(): Promise<AdminAuthor[]> {
      const rows = await repo.listWithCounts();
      return Promise.all(rows.map(({ article_count, ...row }) => forAdmin(row, Number(article_count))));
    },

    async get(id: string): Promise<AdminAuthor> {
      const row = await repo.byId(id);
      if (!row) throw notFound(AUTHOR_MESSAGES.notFound);
      return forAdmin(row, await repo.articleCount(id));
    },

    async create(input: AuthorWrite): Promise<AdminAuthor> {
      if (input.slug && (await repo.slugTaken(input.slug))) throw slugTaken();
      const accountId = await accountFor(input.accountEmail);
      const now = nowIso();
      const id = newId();
      await orConflict(
        db.transaction().execute(async (trx) =>
          repo.insert(
            {
              id,
              slug: input.slug ?? (await uniqueSlug(slugify(input.name), trx)),
              name: input.name,
              bio: input.bio,
              photo_url: input.photoUrl ?? "",
              photo_small_url: input.photoSmallUrl ?? "",
              links: linksJson(input.links),
              account_id: accountId ?? null,
              created_at: now,
              updated_at: now,
            },
            trx,
          ),
        ),
        slugTaken,
      );
      return this.get(id);
    },

    async update(id: string, input: AuthorUpdate): Promise<AdminAuthor> {
      const current = await repo.byId(id);
      if (!current) throw notFound(AUTHOR_MESSAGES.notFound);
      if (input.slug && (await repo.slugTaken(input.slug, id))) throw slugTaken();
      const accountId = await accountFor(input.accountEmail, id);
      await orConflict(
        db.transaction().execute(async (trx) => {
          await repo.update(
            id,
            {
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.slug !== undefined ? { slug: input.slug } : {}),
              ...(input.bio !== undefined ? { bio: input.bio } : {}),
              ...(input.photoUrl !== undefined ? { photo_url: input.photoUrl } : {}),
              ...(input.photoSmallUrl !== undefined ? { photo_small_url: input.photoSmallUrl } : {}),
              ...(input.links !== undefined ? { links: linksJson(input.links) } : {}),
              ...(accountId !== undefined ? { account_id: accountId } : {}),
              updated_at: nowIso(),
            },
            trx,
          );
          // A renamed author's articles keep their one-name byline in step.
          if (input.name !== undefined && input.name !== current.name) await repo.syncAuthorNames(await repo.articlesOf(id, trx), trx);
        }),
        slugTaken,
      );
      return this.get(id);
    },

    /** Deletes an author without articles; one with articles is refused (409), nothing changes. */
    async remove(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.byId(id, trx))) throw notFound(AUTHOR_MESSAGES.notFound);
        if ((await repo.articleCount(id, trx)) > 0) throw conflict(AUTHOR_MESSAGES.hasArticles);
        await repo.remove(id, trx);
      });
    },

    bySlug: async (slug: string): Promise<Author | undefined> => {
      const row = await repo.bySlug(slug);
      return row ? toAuthor(row) : undefined;
    },

    publishedTagName: (slug: string) => repo.publishedTagName(slug),

    /** The sitemap's authors and tags: those with at least one published article. */
    async publishedTopics() {
      const [authors, tags] = await Promise.all([repo.publishedAuthors(), repo.publishedTags()]);
      return {
        authors: authors.map((a) => ({ slug: a.slug, lastPublishedAt: String(a.last) })),
        tags: tags.map((t) => ({ slug: t.slug, lastPublishedAt: String(t.last) })),
      };
    },

    /** Each article's authors in byline order, by article id. */
    async refsOf(articleIds: string[], q: Kysely<DB> = db): Promise<Map<string, AuthorRef[]>> {
      const byArticle = new Map<string, AuthorRef[]>();
      for (const row of await repo.authorsOfArticles([...new Set(articleIds)], q)) {
        const list = byArticle.get(row.article_id) ?? [];
        list.push(toRef(row));
        byArticle.set(row.article_id, list);
      }
      return byArticle;
    },

    /**
     * The author ids an article write names: `authorIds` as given (each must exist), or the one
     * author called `name` (found, or created). Inside the save's transaction.
     */
    async resolve(input: { authorIds?: string[] | undefined; name?: string | undefined }, trx: Kysely<DB>): Promise<string[] | undefined> {
      if (input.authorIds) {
        const known = new Set(await repo.existing(input.authorIds, trx));
        if (input.authorIds.some((id) => !known.has(id))) throw badRequest(AUTHOR_MESSAGES.unknownAuthor, { authorIds: AUTHOR_MESSAGES.unknownAuthor });
        return input.authorIds;
      }
      if (input.name === undefined) return undefined;
      const found = await repo.byName(input.name, trx);
      if (found) return [found.id];
      const now = nowIso();
      const id = newId();
      await repo.insert({ id, slug: await uniqueSlug(slugify(input.name), trx), name: input.name, created_at: now, updated_at: now }, trx);
      return [id];
    },

    /** The byline of these authors as one name (the articles' `author_name`). */
    async bylineOf(authorIds: string[], trx: Kysely<DB>): Promise<string> {
      const rows = await Promise.all(authorIds.map((id) => repo.byId(id, trx)));
      return joinNames(rows.flatMap((r) => (r ? [r.name] : [])));
    },

    /** Stores an article's authors (when given) and tags, in the save's transaction. */
    async linkArticle(articleId: string, authorIds: string[] | undefined, tags: string[], trx: Kysely<DB>): Promise<void> {
      if (authorIds) await repo.setArticleAuthors(articleId, authorIds, trx);
      await repo.setArticleTags(articleId, tagsBySlug(tags), trx);
    },
  };
}

export type Authors = ReturnType<typeof createAuthors>;

/**
 * Links a seeded article to the author called `name` (created when there is none) and to its
 * tags: seeded articles name their author in their front matter.
 */
export async function linkSeededArticle(trx: Kysely<DB>, articleId: string, name: string, tags: string[]): Promise<void> {
  const authors = createAuthors({ db: trx, accounts: { idByEmail: async () => undefined, emailOf: async () => undefined } });
  const ids = await authors.resolve({ name }, trx);
  await authors.linkArticle(articleId, ids, tags, trx);
}

/** Gives the seeded authors their bios, once per seed: only an empty bio is written, so an administrator's stays. */
export async function fillSeededBios(trx: Kysely<DB>, bios: Readonly<Record<string, string>>): Promise<void> {
  const repo = authorsRepository(trx);
  for (const [name, bio] of Object.entries(bios)) await repo.fillEmptyBio(name, bio, trx);
}
