import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useRouteHandle } from "~/lib/route-handle";
import { PageLoader } from "~/components/layout/page-loader";
import { loadAttributionCapture } from "~/features/attribution";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

const DEFAULT_LOADER_MS = 500;

/** Header, main content and footer around every page, except the routes that ask to stand alone. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  // Marks the document as interactive (browser tests wait for it). Then, still on the landing
  // address (no navigation has happened yet), campaign attribution loads on its own, outside the
  // page's initial JavaScript; a chunk that fails to load leaves the visit unattributed, nothing else.
  // The load starts in a task of its own: asking for a chunk adds its preload links to the document,
  // work that would otherwise lengthen the task that ends hydration.
  // `data-attribution-checked` says the landing address has been looked at (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    const checked = () => {
      document.documentElement.dataset.attributionChecked = "true";
    };
    const later = setTimeout(() => {
      loadAttributionCapture()
        .then((m) => m.captureAttribution())
        .then(checked, checked);
    }, 0);
    return () => clearTimeout(later);
  }, []);
  const loader = <PageLoader key={pathname} ms={handle.loaderMs ?? DEFAULT_LOADER_MS} text={handle.loaderText} />;

  if (handle.bare) {
    return (
      <>
        {loader}
        <main id="main">{children}</main>
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <SiteHeader />
      {loader}
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
