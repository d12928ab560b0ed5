import { prefersReducedMotion } from "./use-prefers-reduced-motion";

/**
 * Scrolls to an in-page section (its scroll-margin keeps it clear of the sticky header) and puts
 * its id in the address bar, without a router navigation. Moves focus there for keyboard users.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  window.history.replaceState(window.history.state, "", `#${id}`);
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return true;
}
