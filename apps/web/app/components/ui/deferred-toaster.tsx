import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Marks the element a page keeps stuck to the top of the window (banner, header, learn bar), if any. */
const STICKY_HEADER_ATTRIBUTE = "data-sticky-header";
const HEADER_BOTTOM = "--sticky-header-bottom";

/**
 * Keeps `--sticky-header-bottom` on the toast area's wrapper at the bottom edge of the sticky
 * header, as it grows and shrinks (the banner dismissed, the learn bar shown, a narrow window
 * wrapping the banner), as pages with and without a header follow each other, and when a page
 * draws its header after it first rendered (the console's, once its sign-in check is done).
 *
 * The property lives on the wrapper, not on the document: a custom property set on `<html>`
 * makes the browser restyle every element of the page, and that restyle (and the layout a
 * measurement forces) landed in the task right after hydration. The header is measured in its
 * ResizeObserver's callback, which runs after the browser's own layout, so nothing forces one.
 */
function useStickyHeaderBottom(target: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is a trigger, not an input: another page may bring or drop the header
  useEffect(() => {
    const wrapper = target.current;
    if (!wrapper) return;
    let watched: Element | null | undefined;
    let resize: ResizeObserver | undefined;
    let frame = 0;
    const follow = () => {
      frame = 0;
      const header = document.querySelector(`[${STICKY_HEADER_ATTRIBUTE}]`);
      if (header === watched) return;
      watched = header;
      resize?.disconnect();
      resize = undefined;
      if (!header) {
        wrapper.style.removeProperty(HEADER_BOTTOM);
        return;
      }
      // Called once when observing starts and on every change of the header's size.
      resize = new ResizeObserver(() => wrapper.style.setProperty(HEADER_BOTTOM, `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`));
      resize.observe(header);
    };
    follow();
    // A header drawn (or replaced) later is picked up at the next frame after the page changed.
    const changes = new MutationObserver(() => {
      frame ||= requestAnimationFrame(follow);
    });
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      resize?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
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
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => setReady(true), []);
  useStickyHeaderBottom(wrapper);
  return (
    <div ref={wrapper} className="contents">
      {ready && (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            duration={4000}
            closeButton
            offset={{ top: `calc(var(${HEADER_BOTTOM}, 0px) + 16px)` }}
            mobileOffset={{ top: `calc(var(${HEADER_BOTTOM}, 0px) + 12px)` }}
          />
        </Suspense>
      )}
    </div>
  );
}
