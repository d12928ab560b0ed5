import { ArrowLeft, ExternalLink, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink, type ButtonVariant } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** The heading row of a console page: its one h1, a line of context and the page's actions. */
export function AdminPageTitle({ title, description, actions, back }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; back?: ReactNode }) {
  return (
    <div className="mb-6">
      {back && <div className="mb-3">{back}</div>}
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance text-ink">{title}</h1>
          {description && <p className="mt-1 max-w-2xl text-sm text-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** The way back from a record to its list, above the page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" /> {children}
    </Link>
  );
}

/** A list page's action that opens the form for a new record ("New article"). */
export function NewLink({ to, variant, children }: { to: string; variant?: ButtonVariant; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant={variant} size="sm">
      <Plus aria-hidden="true" className="size-4" /> {children}
    </ButtonLink>
  );
}

/** Opens a published page of the site in a new tab, as a page's action. */
export function ViewOnSiteLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-violet hover:underline">
      View on the site <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">(new tab)</span>
    </a>
  );
}

/** The same as an icon in a list row, named after what it opens. */
export function OpenOnSiteIcon({ href, title, className }: { href: string; title: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={cn("rounded p-1 text-muted hover:text-ink", className)}
      aria-label={`Open “${title}” on the site (new tab)`}
    >
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}
