import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { signInPath } from "~/lib/session/redirects";
import { cn } from "~/lib/cn";
import type { AdminQuery } from "../hooks/use-admin-query";
import { AdminPageTitle } from "./admin-page-title";

/** A failed load, with a way to try again (or to sign in again when the session ended). */
export function LoadError({ message, status, onRetry }: { message: string; status?: number | null; onRetry?: () => void }) {
  return (
    <Notice tone="danger" className="my-4">
      <p>{message}</p>
      <div className="mt-2 flex flex-wrap gap-3">
        {status === 401 ? (
          <Link className="font-semibold underline underline-offset-2" to={signInPath(typeof window === "undefined" ? "/admin" : window.location.pathname)}>
            Sign in again
          </Link>
        ) : (
          onRetry && (
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RotateCw aria-hidden="true" className="size-4" /> Try again
            </Button>
          )
        )}
      </div>
    </Notice>
  );
}

/** Placeholder lines while the first answer loads. */
export function LoadingBlock({ label = "Loading…", rows = 5 }: { label?: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-2 py-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines; their position is all there is to them.
        <div key={i} aria-hidden="true" className="h-9 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}

/** A card-like box around one part of a page. */
export function Panel({ title, actions, children, className }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-xl border border-line bg-white", className)}>
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          {title && <h2 className="text-sm font-semibold text-ink">{title}</h2>}
          {actions}
        </div>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}

/** While a query has no data: its error with a way to try again, or placeholder lines. */
export function QueryFallback<T>({ query, label, rows }: { query: AdminQuery<T>; label: string; rows?: number }) {
  return query.error ? <LoadError message={query.error} status={query.status} onRetry={query.reload} /> : <LoadingBlock label={label} rows={rows} />;
}

/**
 * A query's data once it is there (`children` draws it); before that, placeholder lines. A failed
 * reload shows its error above the data it keeps.
 */
export function QueryView<T>({ query, label, rows, children }: { query: AdminQuery<T>; label: string; rows?: number; children: (data: T) => ReactNode }) {
  return (
    <>
      {query.error && <LoadError message={query.error} status={query.status} onRetry={query.reload} />}
      {query.data === undefined ? !query.error && <LoadingBlock label={label} rows={rows} /> : children(query.data)}
    </>
  );
}

/** A record's page before its data arrives: the title and the way back, then the error or placeholder lines. */
export function PendingPage<T>({ title, back, query, label, rows }: { title: string; back: ReactNode; query: AdminQuery<T>; label: string; rows?: number }) {
  return (
    <>
      <AdminPageTitle title={title} back={back} />
      <QueryFallback query={query} label={label} rows={rows} />
    </>
  );
}
