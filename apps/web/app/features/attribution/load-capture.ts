/**
 * The landing visit's capture (capture.ts), loaded with import() by the site shell after hydration,
 * so it is in no page's initial JavaScript. A module of its own, so that what the shell imports
 * names this chunk only, not the rest of the feature's entry.
 */
export const loadAttributionCapture = () => import("./capture");
