import { Compass } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";

export function NotFoundPage() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <title>Page not found | Vestin</title>
      <meta name="robots" content="noindex" />
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-violet/10 text-brand-violet">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">Error 404</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-4 max-w-md text-lg text-muted">The page you are looking for has moved or never existed. These are good places to continue:</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Home</ButtonLink>
        <ButtonLink to="/learn/courses" variant="outline">
          Courses
        </ButtonLink>
        <ButtonLink to="/articles" variant="outline">
          Articles
        </ButtonLink>
      </div>
    </section>
  );
}
