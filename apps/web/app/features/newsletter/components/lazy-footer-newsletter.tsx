import { use, type ComponentType, type ReactPromise } from "react";
import { useLocation } from "react-router";

/*
 * The footer's subscribe band, kept out of every page's first JavaScript (budget: 120 KB for / and
 * /articles; the footer is in the root bundle). Its code is asked for as soon as this module runs.
 * On the server it has loaded long before the first request, so every page is rendered with the
 * band in place. In the browser it loads next to the page's own scripts, and hydration waits for
 * it (the page shows the server's HTML meanwhile).
 *
 * Why no <Suspense> around it: React streams a finished boundary of more than 500 bytes that comes
 * after the page's first 12.8 KB separately, at the end of the document, and reveals it by script,
 * so the footer would jump when it appeared. Without a boundary the band is rendered in place.
 *
 * The form's sending part loads later still, on first focus (subscribe-form.tsx).
 */

type Band = { FooterNewsletter: ComponentType };

/** The promise, marked fulfilled once it is: React's use() then reads its value without suspending. */
function track<T>(promise: Promise<T>): ReactPromise<T> {
  const tracked: Promise<T> & { status?: "fulfilled"; value?: T } = promise;
  void promise.then((value) => {
    tracked.status = "fulfilled";
    tracked.value = value;
  });
  return tracked as ReactPromise<T>;
}

/** What the footer shows when the band's chunk cannot load (offline, a new deploy): nothing, the page unbroken. */
function NoBand() {
  return null;
}

const band = track<Band>(import("./footer-newsletter").catch(() => ({ FooterNewsletter: NoBand })));

/** Not on the newsletter's own pages: they are where a subscription was just confirmed or cancelled. */
export function LazyFooterNewsletter() {
  const { pathname } = useLocation();
  if (pathname.startsWith("/newsletter/")) return null;
  const { FooterNewsletter } = use(band);
  return <FooterNewsletter />;
}
