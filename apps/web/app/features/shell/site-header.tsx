import { Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink as RouterNavLink, useLocation } from "react-router";
import { ECOSYSTEM_LINKS, NAV_TIMING, RESOURCE_LINKS } from "@vestin/shared/navigation";
import { Logo } from "~/components/layout/logo";
import { NavDropdown } from "~/components/layout/nav-dropdown";
import { PlatformTeaser } from "~/components/layout/platform-teaser";
import { TestnetBanner } from "~/components/layout/testnet-banner";
import { AccountMenu } from "~/features/accounts";
import { cn } from "~/lib/cn";
import { LearnBar } from "./learn-bar";

// The slide-in menu (a Radix dialog with its focus trap) loads when a visitor reaches for it, not with the page.
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

/** Banner, header and (on learn routes or while the Learn item is hovered) the learn bar, stuck to the top. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [learnHover, setLearnHover] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileMenuUsed, setMobileMenuUsed] = useState(false);
  const learnTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onLearnRoute = pathname === "/learn" || pathname.startsWith("/learn/");

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_TIMING.scrolledThreshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => () => clearTimeout(learnTimer.current), []);

  const showLearnBar = () => {
    clearTimeout(learnTimer.current);
    setLearnHover(true);
  };
  const hideLearnBar = () => {
    clearTimeout(learnTimer.current);
    learnTimer.current = setTimeout(() => setLearnHover(false), NAV_TIMING.dropdownCloseDelay);
  };

  return (
    // data-sticky-header: toasts open below this (components/ui/deferred-toaster.tsx).
    <div className="sticky top-0 z-40" data-sticky-header="">
      <TestnetBanner />
      <header
        data-scrolled={scrolled || undefined}
        className={cn("bg-navy-950/95 text-white backdrop-blur transition-shadow duration-200", scrolled && "shadow-lg shadow-black/20")}
      >
        <div className="container-page flex h-16 items-center gap-4">
          <Link to="/" aria-label="Vestin home" className="shrink-0 rounded-lg">
            <Logo />
          </Link>
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
            <NavDropdown label="Platform" onPointerEnterItem={hideLearnBar}>
              <PlatformTeaser />
            </NavDropdown>
            <div onPointerEnter={showLearnBar} onPointerLeave={hideLearnBar}>
              <RouterNavLink
                to="/learn"
                className={({ isActive }) =>
                  cn("inline-flex rounded-full px-3 py-2 text-sm font-medium transition-colors", isActive ? "text-white" : "text-slate-200 hover:text-white")
                }
              >
                Learn
              </RouterNavLink>
            </div>
            <NavDropdown label="Ecosystem" links={ECOSYSTEM_LINKS} onPointerEnterItem={hideLearnBar} />
            <NavDropdown label="Resources" links={RESOURCE_LINKS} onPointerEnterItem={hideLearnBar} />
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <div className="hidden lg:block">
              <AccountMenu />
            </div>
            <button
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10 lg:hidden"
              aria-label="Open menu"
              aria-expanded={mobileOpen}
              onPointerEnter={() => void loadMobileMenu()}
              onTouchStart={() => void loadMobileMenu()}
              onFocus={() => void loadMobileMenu()}
              onClick={() => {
                setMobileMenuUsed(true);
                setMobileOpen(true);
              }}
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
          </div>
        </div>
        {(onLearnRoute || learnHover) && <LearnBar onPointerEnter={showLearnBar} onPointerLeave={hideLearnBar} />}
      </header>
      {mobileMenuUsed && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} />
        </Suspense>
      )}
    </div>
  );
}
