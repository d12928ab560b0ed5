/** One turn of the spinner, in milliseconds (Tailwind's `animate-spin`). */
const TURN_MS = 1000;
/** How long the loader fades out after its time, in milliseconds (`.page-loader` in app.css). */
const FADE_MS = 200;

/**
 * The loading placeholder each page shows on entry (0.5 s by default, 1 s on some pages, per the
 * spec). CSS alone removes it, so it never blocks a reader with JavaScript off. The spinner turns
 * only while the loader shows: a spinner left turning under the hidden loader would keep the
 * browser drawing frames for as long as the page is open.
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
        <span
          className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-violet"
          style={{ animationIterationCount: Math.ceil((ms + FADE_MS) / TURN_MS) }}
        />
        {text && <span className="text-sm font-medium text-muted">{text}</span>}
      </span>
    </div>
  );
}
