import { useId, useRef, useState } from "react";
import type { HONEYPOT_FIELD } from "@vestin/shared/form-guard-core";
import { NEWSLETTER_CONSENT } from "@vestin/shared/newsletter-consent";
import type { SubscribeForm as SubscribeFormName } from "@vestin/shared/newsletter-core";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { SubscribeSession, SubscribeView } from "../api/subscribe-session";
import { subscribeFormCopy as copy } from "../form-copy";

/*
 * The form's markup only: it is on every page (the footer's band, see lazy-footer-newsletter.tsx)
 * and in the first JavaScript of /articles and of each article (the card), whose budget is 120 KB.
 * Everything else (the form token, the request, the answers and how they look) is in
 * ../api/subscribe-session, loaded with import() (by way of load-subscribe-session) when a visitor
 * first focuses the form or sends it; it renders into `view`. For the same reason this file
 * imports no module that other pages share (form-guard-core, newsletter-core, components/ui/field):
 * each would come whole with it. The type check below keeps the honeypot's name in step with
 * form-guard-core. method="post": a visitor quicker than the page's JavaScript must not put the
 * address in a URL.
 */
const HONEYPOT_NAME: typeof HONEYPOT_FIELD = "website";

type SubscribeFormProps = {
  /** Which form this is, recorded with the consent. */
  form: SubscribeFormName;
  /** "dark" on the navy footer, "light" on white and grey reading areas. */
  tone?: "dark" | "light";
  /** The id of the heading that names this form. */
  labelledBy: string;
  className?: string;
};

/** E-mail only, double opt-in: the answer is the same whether the address was new or not. */
export function SubscribeForm({ form, tone = "light", labelledBy, className }: SubscribeFormProps) {
  const id = useId();
  const dark = tone === "dark";
  const [view, setView] = useState<SubscribeView>({});
  const session = useRef<Promise<SubscribeSession> | undefined>(undefined);
  const start = () =>
    (session.current ??= import("../api/load-subscribe-session").then(
      async (m) => (await m.loadSubscribeSession()).openSubscribeSession({ id, form, dark, show: setView }),
      (err: unknown) => {
        // Offline, or a new version of the site: the next focus or submission tries again.
        session.current = undefined;
        throw err;
      },
    ));

  if (view.done) return <div className={className}>{view.done}</div>;
  return (
    <form
      method="post"
      noValidate
      aria-labelledby={labelledBy}
      onFocus={() => void start().catch(() => undefined)}
      onSubmit={(event) => {
        event.preventDefault();
        const element = event.currentTarget;
        void start().then(
          (s) => s.send(element),
          () =>
            setView({
              extra: (
                <p role="alert" className={cn("mt-3 text-sm font-medium", dark ? "text-red-300" : "text-danger")}>
                  {copy.offline}
                </p>
              ),
            }),
        );
      }}
      className={cn("@container relative", className)}
    >
      <label htmlFor={id} className={cn("block text-sm font-medium", dark ? "text-white" : "text-ink")}>
        {copy.email}
      </label>
      <div className="mt-1.5 flex flex-col gap-3 @md:flex-row">
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={view.invalid}
          aria-describedby={cn(view.invalid && `${id}-error`, `${id}-consent`)}
          className="block w-full min-w-0 rounded-xl border border-line bg-white px-4 py-3 text-base text-ink focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/30 aria-[invalid=true]:border-danger @md:flex-1"
        />
        <Button type="submit" size="lg" disabled={view.busy}>
          {view.busy ? copy.sending : copy.submit}
        </Button>
      </div>
      {view.extra}
      <p id={`${id}-consent`} className={cn("mt-3 text-xs leading-relaxed", dark ? "text-slate-400" : "text-muted")}>
        {NEWSLETTER_CONSENT.text}
      </p>
      <div aria-hidden="true" className="absolute -left-[9999px] top-0 size-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>Leave this field empty</label>
        <input id={`${id}-hp`} name={HONEYPOT_NAME} tabIndex={-1} autoComplete="off" />
      </div>
    </form>
  );
}
