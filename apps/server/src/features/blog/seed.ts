import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { Seeder } from "../../db/seed/index.ts";
import { parseFrontMatter } from "../../lib/front-matter.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { fillSeededBios, linkSeededArticle } from "./authors.ts";
import { SEEDED_AUTHOR_BIOS } from "./seed/author-bios.ts";
import { articleContent } from "./service.ts";

const ARTICLES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed/articles");

const frontMatterSchema = z.object({
  title: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  excerpt: z.string().min(1),
  category: z.string().min(1),
  tags: z.array(z.string()).default([]),
  author: z.string().min(1),
  publishedAt: z.union([z.string(), z.date()]).transform((v) => new Date(v).toISOString()),
  featured: z.boolean().default(false),
  image: z.string().default(""),
  imageAlt: z.string().default(""),
});

export type SeedArticle = z.infer<typeof frontMatterSchema> & { markdown: string };

export function readSeedArticles(): SeedArticle[] {
  return readdirSync(ARTICLES_DIR)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file) => {
      const { data, body } = parseFrontMatter(readFileSync(path.join(ARTICLES_DIR, file), "utf8"));
      const parsed = frontMatterSchema.safeParse(data);
      if (!parsed.success) throw new Error(`Bad front matter in ${file}: ${parsed.error.message}`);
      return { ...parsed.data, markdown: body };
    });
}

/** Starting reader counts for the seeded articles, steady across runs (a hash of the slug). */
function startingCounts(slug: string) {
  const digest = createHash("sha256").update(slug).digest();
  return { views: 180 + (digest.readUInt16BE(0) % 2400), likes: 6 + (digest.readUInt16BE(2) % 170) };
}

/** The blog's articles: inserted once, then kept in step with the files (reader counts untouched). */
export const blogSeeder: Seeder = {
  name: "blog-articles",
  // 2: seeded articles are linked to their author and their tags (migration 0031).
  // 3: the seeded authors get their bios (where theirs is still empty).
  version: 3,
  async run(trx) {
    const now = nowIso();
    for (const article of readSeedArticles()) {
      const tags = article.tags.map((t) => t.toLowerCase());
      const derived = articleContent({ markdown: article.markdown, title: article.title, excerpt: article.excerpt, tags });
      const fields = {
        title: article.title,
        excerpt: article.excerpt,
        category: article.category,
        tags: JSON.stringify(tags),
        author_name: article.author,
        featured_image: article.image,
        featured_image_alt: article.imageAlt,
        published_at: article.publishedAt,
        is_featured: article.featured ? 1 : 0,
        status: "published" as const,
        updated_at: now,
        ...derived,
      };
      const existing = await trx.selectFrom("articles").select("id").where("slug", "=", article.slug).executeTakeFirst();
      const id = existing?.id ?? newId();
      if (existing) {
        await trx.updateTable("articles").set(fields).where("id", "=", id).execute();
      } else {
        const counts = startingCounts(article.slug);
        await trx
          .insertInto("articles")
          .values({ id, slug: article.slug, view_count: counts.views, like_count: counts.likes, created_at: now, ...fields })
          .execute();
      }
      await linkSeededArticle(trx, id, article.author, tags);
    }
    await fillSeededBios(trx, SEEDED_AUTHOR_BIOS);
  },
};
