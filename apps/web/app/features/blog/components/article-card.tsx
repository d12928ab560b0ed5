import { Clock, Eye, Heart } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CARD_IMAGE_SIZES, BLOG_ART_SIZE } from "@vestin/shared/media-core";
import { IconSprite, SpriteIcon } from "~/components/ui/icon-sprite";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { tagPath } from "@vestin/shared/authors-core";
import { CARD_TAGS } from "@vestin/shared/blog-core";
import type { ArticleCardData } from "../article-cards";
import { formatDate } from "@vestin/shared/format-date";
import { formatCount } from "../format";
import { CategoryBadge } from "./category-badge";
import { LikeButton } from "./like-button";

/** The icons every card shows (the like button's heart among them). */
const CARD_ICONS = [Clock, Eye, Heart];

/** Wraps a list of `ArticleCard`s so their icons are drawn once for the whole list. */
export function ArticleCardIcons({ children }: { children: ReactNode }) {
  return <IconSprite icons={CARD_ICONS}>{children}</IconSprite>;
}

export function ArticleCard({ article, priority = false }: { article: ArticleCardData; priority?: boolean }) {
  const extraTags = article.tags.length - CARD_TAGS;
  return (
    <article className="group flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)] transition-shadow hover:shadow-lg">
      <Link to={`/blog/${article.slug}`} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-navy-900">
        {article.featuredImage && (
          <ResponsiveImage
            src={article.featuredImage}
            alt=""
            variants={article.featuredImageVariants}
            sizes={CARD_IMAGE_SIZES}
            fallbackSize={BLOG_ART_SIZE}
            priority={priority}
            className="aspect-[1200/630] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        )}
      </Link>
      <div className="flex flex-1 flex-col p-5">
        <CategoryBadge category={article.category} className="self-start" />
        <h2 className="mt-3 text-lg font-bold leading-snug tracking-tight">
          <Link to={`/blog/${article.slug}`} className="hover:text-brand-violet">
            {article.title}
          </Link>
        </h2>
        <p className="mt-2 text-xs text-muted">
          {article.author.name} · <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> ·{" "}
          <span className="inline-flex items-center gap-1">
            <SpriteIcon icon={Clock} className="size-3" /> {article.readTime} min read
          </span>
        </p>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted">{article.excerpt}</p>
        {article.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
            {article.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag}>
                <Link to={tagPath(tag)} rel="tag" className="block rounded-md bg-surface px-2 py-0.5 text-xs text-muted hover:text-ink">
                  #{tag}
                </Link>
              </li>
            ))}
            {extraTags > 0 && <li className="px-1 py-0.5 text-xs text-muted">+{extraTags} more</li>}
          </ul>
        )}
        <div className="mt-auto flex items-center gap-3 pt-5">
          <span className="inline-flex items-center gap-1 text-xs text-muted" title="Views">
            <SpriteIcon icon={Eye} className="size-3.5" />
            <span className="sr-only">Views:</span> {formatCount(article.viewCount)}
          </span>
          <LikeButton articleId={article._id} initialCount={article.likeCount} />
          <Link to={`/blog/${article.slug}`} className="ml-auto shrink-0 whitespace-nowrap text-sm font-semibold text-brand-violet hover:underline">
            Read More<span className="sr-only">: {article.title}</span> <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
