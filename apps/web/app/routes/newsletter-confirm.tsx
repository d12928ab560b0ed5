import { NewsletterConfirmView } from "~/features/newsletter/components/newsletter-confirm-view";
import { newsletterConfirmCopy as copy } from "~/features/newsletter/copy";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: copy.title,
    description: copy.description,
    path: "/newsletter/confirm",
    noindex: true,
  });

/** Every link carries its own token: never keep or share a copy of this page. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function NewsletterConfirmPage() {
  return (
    // No page header: its title would stay "Confirm your subscription" above the outcome, so the
    // card's heading is the page's, and it follows the confirmation.
    <div className="bg-surface">
      <div className="container-page py-12 sm:py-20">
        <p className="mb-4 text-center text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">{copy.eyebrow}</p>
        <section aria-label={copy.eyebrow} className="mx-auto max-w-xl rounded-card border border-line bg-white p-6 shadow-card sm:p-10">
          <NewsletterConfirmView />
        </section>
      </div>
    </div>
  );
}
