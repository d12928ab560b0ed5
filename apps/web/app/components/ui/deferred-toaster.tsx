import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Marks the element a page keeps stuck to the top of the window (banner, header, learn bar), if any. */
const STICKY_HEADER_ATTRIBUTE = "data-sticky-header";
const HEADER_BOTTOM = "--sticky-header-bottom";

/**
 * Keeps `--sticky-header-bottom` on the document at the bottom edge of the sticky header, as it
 * grows and shrinks (the banner dismissed, the learn bar shown, a narrow window wrapping the banner),
 * and as pages with and without a header follow each other.
 */
function useStickyHeaderBottom() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is a trigger, not an input: another page may bring or drop the header
  useEffect(() => {
    const root = document.documentElement;
    const header = document.querySelector(`[${STICKY_HEADER_ATTRIBUTE}]`);
    if (!header) {
      root.style.removeProperty(HEADER_BOTTOM);
      return;
    }
    const measure = () => root.style.setProperty(HEADER_BOTTOM, `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [pathname]);
}

/**
 * The toast area, loaded right after hydration rather than with the page's first scripts: no
 * toast can be due before a visitor acts, and sonner shows any toast raised before its area
 * mounted. Default (dark text on white) toasts: the coloured variants fall below AA contrast.
 * Toasts at the top open below the sticky header, never over its menus; those a caller places at
 * the bottom keep sonner's own margins.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useStickyHeaderBottom();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        duration={4000}
        closeButton
        offset={{ top: `calc(var(${HEADER_BOTTOM}, 0px) + 16px)` }}
        mobileOffset={{ top: `calc(var(${HEADER_BOTTOM}, 0px) + 12px)` }}
      />
    </Suspense>
  );
}
