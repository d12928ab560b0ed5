import { lazy, Suspense, useEffect, useState } from "react";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/**
 * The toast area, loaded once the page is idle rather than with the page: no toast can be due
 * before a visitor acts, and sonner shows any toast raised before its area mounted.
 * Default (dark text on white) toasts: the coloured variants fall below AA contrast.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={4000} closeButton />
    </Suspense>
  );
}
