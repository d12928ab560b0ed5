import { data, isRouteErrorResponse } from "react-router";
import { AUTHOR_MESSAGES, authorPath } from "@vestin/shared/authors-core";
import type { AuthorPage } from "@vestin/shared/authors";
import { toCards } from "~/features/blog/article-cards";
import { AuthorProfile } from "~/features/blog/components/author-profile";
import { TopicArticles, pageHref } from "~/features/blog/components/topic-articles";
import { TopicNotFound } from "~/features/blog/components/topic-not-found";
import { jsonLd, pageParam, topicLinks } from "~/features/blog/topic-meta";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/blog-author";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = pageParam(request);
  const { api } = context.get(appContext);
  const res = await api(`/authors/${encodeURIComponent(params.slug)}?page=${page}`);
  if (res.status === 404) throw data({ message: AUTHOR_MESSAGES.notFound }, { status: 404 });
  if (!res.ok) throw data({ message: AUTHOR_MESSAGES.fetchFailed }, { status: 502 });
  const body = ((await res.json()) as { data: AuthorPage }).data;
  // A page past the last one does not exist (the first page exists even with no articles).
  if (page > 1 && page > body.pages) throw data({ message: AUTHOR_MESSAGES.notFound }, { status: 404 });
  return { author: body.author, articles: toCards(body.articles), total: body.total, page, pages: body.pages };
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return [{ title: "Author Not Found | Vestin" }, { name: "robots", content: "noindex" }];
  const path = authorPath(loaded.author.slug);
  const pageSuffix = loaded.page > 1 ? ` (page ${loaded.page})` : "";
  return [
    ...pageMeta(args, {
      title: `${loaded.author.name}${pageSuffix}`,
      description: loaded.author.bio || `Articles by ${loaded.author.name} on the Vestin blog.`,
      path: pageHref(path, loaded.page),
      image: loaded.author.photoUrl.startsWith("/") ? loaded.author.photoUrl : undefined,
      imageAlt: loaded.author.name,
    }),
    ...topicLinks(args.matches, { path, page: loaded.page, pages: loaded.pages, feedTitle: `Articles by ${loaded.author.name}` }),
  ];
};

export default function AuthorRoute({ loaderData }: Route.ComponentProps) {
  const { author, articles, total, page, pages } = loaderData;
  const { publicUrl } = useRootData();
  const path = authorPath(author.slug);
  const person = {
    "@context": "https://schema.org",
    "@type": "Person",
    name: author.name,
    url: `${publicUrl}${path}`,
    image: author.photoUrl ? (author.photoUrl.startsWith("/") ? `${publicUrl}${author.photoUrl}` : author.photoUrl) : undefined,
    description: author.bio || undefined,
    sameAs: Object.values(author.links).filter(Boolean),
  };
  return (
    <div key={author._id} className="bg-white">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, never run; jsonLd escapes every "<", so nothing in it can close the script element. The server lists its hash in the page's CSP (apps/server/src/web/script-hashes.ts). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(person) }} />
      <AuthorProfile author={author} total={total} feedHref={`${path}/rss.xml`} />
      <section aria-labelledby="author-articles" className="container-page py-10 lg:py-14">
        <h2 id="author-articles" className="mb-6 text-xl font-bold tracking-tight">
          Articles by {author.name}
        </h2>
        <TopicArticles articles={articles} page={page} pages={pages} path={path} emptyText={`${author.name} has no published articles yet.`} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <TopicNotFound what="Author" />;
  throw error;
}
