import { LinkPage } from "~/features/newsletter/components/link-outcome";
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
    <LinkPage eyebrow={copy.eyebrow}>
      <NewsletterUnsubscribeView />
    </LinkPage>
  );
}
