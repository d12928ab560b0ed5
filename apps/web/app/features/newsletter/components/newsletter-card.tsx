import { Mail } from "lucide-react";
import { useId } from "react";
import type { SubscribeForm as SubscribeFormName } from "@vestin/shared/newsletter-core";
import { cn } from "~/lib/cn";
import { newsletterCardCopy as copy } from "../card-copy";
import { SubscribeForm } from "./subscribe-form";

/** The subscribe form as a card, for the reading areas: /articles and the end of an article. */
export function NewsletterCard({
  form,
  heading = copy.heading,
  intro = copy.why,
  className,
}: {
  form: SubscribeFormName;
  heading?: string;
  intro?: string;
  className?: string;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={cn("rounded-card border border-line bg-surface p-6 sm:p-8", className)}>
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-brand-gradient text-white sm:inline-flex">
          <Mail className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
            {heading}
          </h2>
          <p className="mt-1.5 max-w-prose text-muted">{intro}</p>
        </div>
      </div>
      <SubscribeForm form={form} labelledBy={headingId} className="mt-6" />
    </section>
  );
}
