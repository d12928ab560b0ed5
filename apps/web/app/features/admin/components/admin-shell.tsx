import { ExternalLink, LogOut, Menu, X } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Logo } from "~/components/layout/logo";
import { signOut, useAuth } from "~/lib/session/auth-store";
import { cn } from "~/lib/cn";
import { ADMIN_NAV } from "./admin-nav-items";

function NavList({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  return (
    <ul className={cn("grid gap-0.5", className)}>
      {ADMIN_NAV.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors duration-150",
                isActive ? "bg-navy-900 text-white" : "text-muted hover:bg-slate-100 hover:text-ink",
              )
            }
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The console's frame: a slim top bar, the section list on the left from 1024 px, and the same
 * list as a menu under the top bar on smaller screens.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  // The menu belongs to the page it was opened on: moving to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menuId = useId();
  const menuOpen = menuOpenOn === pathname;

  const leave = async () => {
    await signOut();
    await navigate("/signin");
  };

  return (
    <div className="min-h-dvh bg-surface">
      <a
        href="#admin-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      {/* data-sticky-header: toasts open below this header (components/ui/deferred-toaster.tsx). */}
      <header className="sticky top-0 z-40 bg-navy-950 text-white" data-sticky-header="">
        <div className="flex h-14 items-center gap-3 px-4 lg:px-6">
          {/* Named by its own words (the logo's and the badge's), so what is seen is what a voice user says. */}
          <Link to="/admin" className="flex items-center gap-2 rounded-lg">
            <Logo className="[&_span]:text-lg [&_svg]:size-7" />
            <span className="hidden rounded-md bg-white/10 px-2 py-0.5 text-xs font-semibold uppercase tracking-wider text-slate-200 sm:inline">
              Team console
            </span>
            <span className="sr-only">, dashboard</span>
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <span className="hidden max-w-56 truncate text-sm text-slate-300 md:inline" title={user?.email}>
              {user?.email}
            </span>
            <Link to="/" className="hidden items-center gap-1.5 rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-white/10 hover:text-white sm:inline-flex">
              <ExternalLink aria-hidden="true" className="size-4" /> View site
            </Link>
            <button
              type="button"
              onClick={() => void leave()}
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-white/10 hover:text-white"
            >
              <LogOut aria-hidden="true" className="size-4" /> <span className="hidden sm:inline">Sign out</span>
              <span className="sr-only sm:hidden">Sign out</span>
            </button>
            <button
              type="button"
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-white hover:bg-white/10 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
            >
              {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
              Menu
            </button>
          </div>
        </div>
        <nav id={menuId} aria-label="Console sections" hidden={!menuOpen} className="border-t border-white/10 bg-white px-3 py-3 shadow-lg lg:hidden">
          <NavList onNavigate={() => setMenuOpenOn(null)} />
          <Link to="/" className="mt-2 flex items-center gap-2.5 rounded-lg border-t border-line px-3 pt-3 pb-2 text-sm font-medium text-muted hover:text-ink">
            <ExternalLink aria-hidden="true" className="size-4" /> View site
          </Link>
        </nav>
      </header>
      <div className="lg:flex lg:min-h-[calc(100dvh-3.5rem)]">
        <nav aria-label="Console sections" className="hidden shrink-0 border-r border-line bg-white lg:block lg:w-60">
          <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto px-3 py-5">
            <NavList />
          </div>
        </nav>
        <div id="admin-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-7xl">{children}</div>
        </div>
      </div>
    </div>
  );
}
