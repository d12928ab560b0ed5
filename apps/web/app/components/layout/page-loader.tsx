/**
 * The loading placeholder each page shows on entry (0.5 s by default, 1 s on some pages, per the
 * spec). CSS alone removes it, so it never blocks a reader with JavaScript off; its fade ends in
 * `display: none`, which also stops the spinner inside it.
 */
export function PageLoader({ ms, text }: { ms: number; text?: string | undefined }) {
  return (
    <div
      aria-hidden="true"
      data-page-loader
      className="page-loader pointer-events-none fixed inset-x-0 bottom-0 top-16 z-30 flex items-start justify-center bg-white pt-40"
      style={{ "--loader-ms": `${ms}ms` } as React.CSSProperties}
    >
      <span className="flex flex-col items-center gap-4">
        <span className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-violet" />
        {text && <span className="text-sm font-medium text-muted">{text}</span>}
      </span>
    </div>
  );
}
