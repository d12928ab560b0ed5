import { Link, NavLink as RouterNavLink } from "react-router";
import { LEARN_LINKS, LEARN_MORE_LINKS, NAV_TIMING } from "@vestin/shared/navigation";
import { cn } from "~/lib/cn";
import { NavDropdown } from "./nav-dropdown";

/** The learning area's secondary bar: Learn, Tracks, Get Started and a More menu. */
export function LearnBar({ onPointerEnter, onPointerLeave }: { onPointerEnter?: () => void; onPointerLeave?: () => void }) {
  return (
    <nav
      aria-label="Learning area"
      className="border-t border-white/10 bg-navy-900/95"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <div className="container-page flex h-12 items-center gap-1">
        {LEARN_LINKS.map((link) => (
          <RouterNavLink
            key={link.to}
            to={link.to}
            end={link.to === "/learn"}
            className={({ isActive }) =>
              cn(
                "rounded-full px-3 py-1.5 text-sm font-medium transition-colors",
                isActive ? "bg-white/15 text-white" : "text-slate-300 hover:text-white",
              )
            }
          >
            {link.label}
          </RouterNavLink>
        ))}
        <NavDropdown label="More" links={LEARN_MORE_LINKS} closeDelay={NAV_TIMING.submenuCloseDelay} />
        <Link to="/learn/courses" className="ml-auto hidden rounded-full px-3 py-1.5 text-sm font-semibold text-brand-teal hover:text-white sm:inline">
          Browse courses
        </Link>
      </div>
    </nav>
  );
}
