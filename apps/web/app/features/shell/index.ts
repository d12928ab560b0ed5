/** The site shell's public entry: the header, main area and footer that root.tsx puts around every page. */
export { SiteShell } from "./site-shell";
