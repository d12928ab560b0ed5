import { ArrowRight, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { BROWSER_EVENTS, STORAGE_KEYS } from "@vestin/shared/brand";

/** Reads the stored flag; "1" means the visitor dismissed the banner. */
export function isBannerDisabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.bannerDisabled) === "1";
  } catch {
    return false;
  }
}

/** Sets the flag and tells every listener (this tab's banner included). */
export function disableBanner(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.bannerDisabled, "1");
  } catch {
    // Private mode without storage: the banner just stays hidden for this page view.
  }
  document.documentElement.setAttribute("data-banner-hidden", "");
  window.dispatchEvent(new Event(BROWSER_EVENTS.bannerUpdate));
}

/** Runs before first paint so a dismissed banner never flashes (see root.tsx). */
export const BANNER_BOOT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.bannerDisabled)})==="1")document.documentElement.setAttribute("data-banner-hidden","")}catch(e){}`;

/** The sticky testnet invitation: hidden on /v4 and once the visitor has dismissed it. */
export function TestnetBanner() {
  const { pathname } = useLocation();
  const [disabled, setDisabled] = useState(false);

  useEffect(() => {
    const sync = () => {
      const off = isBannerDisabled();
      setDisabled(off);
      document.documentElement.toggleAttribute("data-banner-hidden", off);
    };
    sync();
    window.addEventListener(BROWSER_EVENTS.bannerUpdate, sync);
    window.addEventListener("storage", sync);
    return () => {
      window.removeEventListener(BROWSER_EVENTS.bannerUpdate, sync);
      window.removeEventListener("storage", sync);
    };
  }, []);

  if (pathname === "/v4" || disabled) return null;

  return (
    <div data-testnet-banner className="bg-brand-gradient text-white" role="region" aria-label="Testnet announcement">
      <div className="container-page flex min-h-10 items-center justify-center gap-3 py-2 text-sm">
        <p className="text-center font-medium">
          <span className="hidden sm:inline">The Vestin testnet is almost here. </span>
          <Link to="/v4" className="inline-flex items-center gap-1 font-semibold underline underline-offset-4 hover:no-underline">
            Join the testnet waitlist <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </p>
        <button
          type="button"
          onClick={disableBanner}
          className="ml-auto rounded-full p-1 hover:bg-white/20 sm:absolute sm:right-4"
          aria-label="Dismiss the testnet announcement"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
