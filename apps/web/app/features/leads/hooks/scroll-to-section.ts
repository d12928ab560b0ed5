/** Height of the sticky site header (banner included), so a scrolled-to section is not hidden under it. */
function stickyHeaderHeight(): number {
  const header = document.querySelector<HTMLElement>("header");
  const sticky = header?.closest<HTMLElement>(".sticky") ?? header;
  if (!sticky || getComputedStyle(sticky).position !== "sticky") return 0;
  return sticky.getBoundingClientRect().height;
}

/** Scrolls an in-page section to just below the sticky header and gives it the focus (for keyboard and screen-reader users). */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const top = target.getBoundingClientRect().top + window.scrollY - stickyHeaderHeight() - 16;
  window.scrollTo({ top: Math.max(0, top), behavior: reduced ? "auto" : "smooth" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
