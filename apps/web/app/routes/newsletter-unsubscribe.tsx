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
    // No page header: its title would stay "Unsubscribe from the newsletter" above the outcome, so
    // the card's heading is the page's, and it follows the link.
    <div className="bg-surface">
      <div className="container-page py-12 sm:py-20">
        <p className="mb-4 text-center text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">{copy.eyebrow}</p>
        <section aria-label={copy.eyebrow} className="mx-auto max-w-xl rounded-card border border-line bg-white p-6 shadow-card sm:p-10">
          <NewsletterUnsubscribeView />
        </section>
      </div>
    </div>
  );
}
