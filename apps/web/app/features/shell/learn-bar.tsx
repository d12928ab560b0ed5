import { GraduationCap } from "lucide-react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { LEARN_LINKS, LEARN_MORE_LINKS, NAV_TIMING } from "@vestin/shared/navigation";
import { NavDropdown } from "~/components/layout/nav-dropdown";
import { MY_LEARNING_COPY, MY_LEARNING_PATH } from "~/features/my-learning";
import { cn } from "~/lib/cn";
import { useIsAuthenticated } from "~/lib/session/auth-store";

/** The learning area's secondary bar: Learn, Tracks, Get Started and a More menu (and My learning for members). */
export function LearnBar({ onPointerEnter, onPointerLeave }: { onPointerEnter?: () => void; onPointerLeave?: () => void }) {
  // The server and the first browser render know no session: the link appears once the stored one is read.
  const isAuthenticated = useIsAuthenticated();
  return (
    <nav aria-label="Learning area" className="border-t border-white/10 bg-navy-900/95" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      {/* Tighter on phones, so the bar fits 360 px with the member's My learning link. */}
      <div className="container-page flex h-12 items-center gap-0.5 sm:gap-1">
        {LEARN_LINKS.map((link) => (
          <RouterNavLink
            key={link.to}
            to={link.to}
            end={link.to === "/learn"}
            className={({ isActive }) =>
              cn(
                "whitespace-nowrap rounded-full px-2 py-1.5 text-sm font-medium transition-colors sm:px-3",
                isActive ? "bg-white/15 text-white" : "text-slate-300 hover:text-white",
              )
            }
          >
            {link.label}
          </RouterNavLink>
        ))}
        <NavDropdown label="More" links={LEARN_MORE_LINKS} closeDelay={NAV_TIMING.submenuCloseDelay} />
        <div className="ml-auto flex items-center gap-1">
          {isAuthenticated && (
            <RouterNavLink
              to={MY_LEARNING_PATH}
              className={({ isActive }) =>
                cn(
                  "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-1.5 text-sm font-medium transition-colors sm:px-3",
                  isActive ? "bg-white/15 text-white" : "text-slate-300 hover:text-white",
                )
              }
            >
              <GraduationCap aria-hidden="true" className="size-4" />
              {/* Icon only on phones, where the bar has no room for another word; the name stays for screen readers. */}
              <span className="max-sm:sr-only">{MY_LEARNING_COPY.navLabel}</span>
            </RouterNavLink>
          )}
          <Link to="/learn/courses" className="hidden rounded-full px-3 py-1.5 text-sm font-semibold text-brand-teal hover:text-white sm:inline">
            Browse courses
          </Link>
        </div>
      </div>
    </nav>
  );
}
