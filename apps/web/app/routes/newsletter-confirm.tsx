import { LinkPage } from "~/features/newsletter/components/link-outcome";
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
    <LinkPage eyebrow={copy.eyebrow}>
      <NewsletterConfirmView />
    </LinkPage>
  );
}
