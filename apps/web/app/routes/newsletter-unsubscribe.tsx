import { PageHeader } from "~/components/ui/page-header";
import { NewsletterUnsubscribeView } from "~/features/newsletter/components/newsletter-unsubscribe-view";
import { newsletterUnsubscribeCopy as copy } from "~/features/newsletter/copy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: copy.title,
    description: copy.description,
    path: "/newsletter/unsubscribe",
    noindex: true,
  });

/** Every link carries its own token: never keep or share a copy of this page. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function NewsletterUnsubscribePage() {
  return (
    <>
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} intro={copy.intro} />
      <div className="bg-surface">
        <div className="container-page py-12 sm:py-16">
          <section aria-label={copy.title} className="mx-auto max-w-xl rounded-card border border-line bg-white p-6 shadow-card sm:p-10">
            <NewsletterUnsubscribeView />
          </section>
        </div>
      </div>
    </>
  );
}
