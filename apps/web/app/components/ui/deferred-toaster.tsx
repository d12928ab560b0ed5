import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/**
 * The toast area, loaded right after hydration rather than with the page's first scripts: no
 * toast can be due before a visitor acts, and sonner shows any toast raised before its area
 * mounted. Default (dark text on white) toasts: the coloured variants fall below AA contrast.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={4000} closeButton />
    </Suspense>
  );
}
