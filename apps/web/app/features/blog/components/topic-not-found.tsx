import { ArrowLeft } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";

/** An author or tag page that does not exist (or a page number past the last): the 404 page. */
export function TopicNotFound({ what }: { what: "Author" | "Tag" }) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>{`${what} Not Found | Vestin`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-widest text-muted">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{what} Not Found</h1>
      <p className="mt-3 max-w-md text-muted">
        {what === "Author" ? "No one writes for the blog under this name." : "No published article carries this tag."} The rest of the blog is still here.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/articles">
          <ArrowLeft aria-hidden="true" className="size-4" /> Browse all articles
        </ButtonLink>
      </div>
    </section>
  );
}
