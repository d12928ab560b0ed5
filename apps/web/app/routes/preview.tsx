import { Eye } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { PREVIEW_MESSAGES } from "@vestin/shared/previews-core";
import type { Preview } from "@vestin/shared/previews";
import type { ArticleSummary } from "@vestin/shared/blog";
import { formatDate } from "@vestin/shared/format-date";
import { ButtonLink } from "~/components/ui/button";
import { toCards } from "~/features/blog/article-cards";
import { ArticleView } from "~/features/blog/components/article-view";
import { CoursePreview, LessonPreview } from "~/features/learning/components/learning-preview";
import { appContext } from "~/lib/app-context";
import type { Route } from "./+types/preview";

/** A preview is one link holder's: no shared cache, no page cache and no search engine keeps it. */
const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

const NO_INDEX = { name: "robots", content: "noindex, nofollow" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(appContext);
  const res = await api(`/previews/${encodeURIComponent(params.token)}`);
  if (res.status === 404) throw data({ message: PREVIEW_MESSAGES.notValid }, { status: 404, headers: PREVIEW_HEADERS });
  if (!res.ok) throw data({ message: "We could not load this preview. Please try again in a moment." }, { status: 502, headers: PREVIEW_HEADERS });
  const preview = ((await res.json()) as { data: Preview }).data;
  // Published already: the public page is the real thing (the link itself keeps working until it expires).
  if (preview.publicPath?.startsWith("/") && !preview.publicPath.startsWith("//"))
    throw redirect(preview.publicPath, { status: 302, headers: PREVIEW_HEADERS });
  if (preview.kind !== "article") return { preview, related: [] };
  const recent = await api(`/blogs?category=${encodeURIComponent(preview.article.category)}&limit=3`);
  const related = recent.ok ? ((await recent.json()) as { data: ArticleSummary[] }).data.filter((a) => a._id !== preview.article._id) : [];
  return { preview, related: toCards(related) };
}

const titleOf = (preview: Preview) =>
  preview.kind === "article" ? preview.article.title : preview.kind === "course" ? preview.course.title : preview.lesson.title;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Preview: ${titleOf(loaderData.preview)} | Vestin` : "Preview not available | Vestin" },
  NO_INDEX,
];

function PreviewBanner({ expiresAt }: { expiresAt: string }) {
  const time = new Date(expiresAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return (
    <div role="note" aria-label="Preview" className="border-b border-amber-300 bg-amber-50 text-amber-950" data-testid="preview-banner">
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
        <span className="inline-flex items-center gap-2 font-semibold">
          <Eye aria-hidden="true" className="size-4" /> {PREVIEW_MESSAGES.banner}
        </span>
        <span className="text-amber-900">
          This link works until {formatDate(expiresAt)}, {time} UTC. Please do not share it further.
        </span>
      </div>
    </div>
  );
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { preview, related } = loaderData;
  return (
    <>
      <PreviewBanner expiresAt={preview.expiresAt} />
      {preview.kind === "article" ? (
        <ArticleView article={preview.article} related={related} preview />
      ) : preview.kind === "course" ? (
        <CoursePreview course={preview.course} lessons={preview.lessons.data} />
      ) : (
        <LessonPreview course={preview.course} lesson={preview.lesson} lessons={preview.lessons} />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notValid = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: string })?.message : undefined;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center" data-testid="preview-not-valid">
      <title>{notValid ? "Preview not available | Vestin" : "Error loading preview | Vestin"}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold tracking-tight text-balance">{notValid ? "Preview not available" : "Error loading preview"}</h1>
      <p className="mt-3 max-w-md text-muted">{notValid ? PREVIEW_MESSAGES.notValid : (message ?? "We could not load this preview.")}</p>
      <p className="mt-2 max-w-md text-sm text-muted">Ask the person who sent it for a new link.</p>
      <ButtonLink to="/" className="mt-8">
        Go to the home page
      </ButtonLink>
    </section>
  );
}
