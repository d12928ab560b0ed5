import { Rss } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { AUTHOR_MESSAGES, AUTHOR_PAGE_SIZE } from "@vestin/shared/authors-core";
import type { TagPage } from "@vestin/shared/authors";
import { PageHeader } from "~/components/ui/page-header";
import { toCards } from "~/features/blog/article-cards";
import { TopicArticles, pageHref } from "~/features/blog/components/topic-articles";
import { TopicNotFound } from "~/features/blog/components/topic-not-found";
import { jsonLd, pageParam, topicLinks } from "~/features/blog/topic-meta";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/blog-tag";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = pageParam(request);
  const { api } = context.get(appContext);
  const res = await api(`/tags/${encodeURIComponent(params.slug)}?page=${page}`);
  if (res.status === 404) throw data({ message: AUTHOR_MESSAGES.tagNotFound }, { status: 404 });
  if (!res.ok) throw data({ message: AUTHOR_MESSAGES.fetchFailed }, { status: 502 });
  const body = ((await res.json()) as { data: TagPage }).data;
  if (page > body.pages) throw data({ message: AUTHOR_MESSAGES.tagNotFound }, { status: 404 });
  return { tag: body.tag, articles: toCards(body.articles), total: body.total, page, pages: body.pages };
}

const tagPath = (slug: string) => `/blog/tag/${encodeURIComponent(slug)}`;

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return [{ title: "Tag Not Found | Vestin" }, { name: "robots", content: "noindex" }];
  const path = tagPath(loaded.tag.slug);
  return [
    ...pageMeta(args, {
      title: `#${loaded.tag.name}${loaded.page > 1 ? ` (page ${loaded.page})` : ""}`,
      description: `Articles tagged #${loaded.tag.name} on the Vestin blog: guides, analysis and news on tokenized real-world assets.`,
      path: pageHref(path, loaded.page),
    }),
    ...topicLinks(args.matches, { path, page: loaded.page, pages: loaded.pages, feedTitle: `Articles tagged #${loaded.tag.name}` }),
  ];
};

export default function TagRoute({ loaderData }: Route.ComponentProps) {
  const { tag, articles, total, page, pages } = loaderData;
  const { publicUrl } = useRootData();
  const path = tagPath(tag.slug);
  const collection = {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: `Articles tagged #${tag.name}`,
    url: `${publicUrl}${pageHref(path, page)}`,
    isPartOf: { "@type": "WebSite", name: "Vestin", url: publicUrl },
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: total,
      itemListElement: articles.map((a, i) => ({
        "@type": "ListItem",
        position: (page - 1) * AUTHOR_PAGE_SIZE + i + 1,
        url: `${publicUrl}/blog/${a.slug}`,
        name: a.title,
      })),
    },
  };
  return (
    <div key={tag.slug}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, never run; jsonLd escapes every "<", so nothing in it can close the script element. The server lists its hash in the page's CSP (apps/server/src/web/script-hashes.ts). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(collection) }} />
      <PageHeader eyebrow="Tag" title={`#${tag.name}`} intro={`${total} published article${total === 1 ? "" : "s"} tagged #${tag.name}.`}>
        <a
          href={`${path}/rss.xml`}
          className="inline-flex items-center gap-1.5 rounded-full border border-white/20 px-4 py-2 text-sm font-medium text-white hover:bg-white/10"
        >
          <Rss aria-hidden="true" className="size-4" /> RSS feed
        </a>
      </PageHeader>
      <section aria-label={`Articles tagged #${tag.name}`} className="container-page py-10 lg:py-14">
        <TopicArticles articles={articles} page={page} pages={pages} path={path} emptyText="No published articles carry this tag." />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <TopicNotFound what="Tag" />;
  throw error;
}
