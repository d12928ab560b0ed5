/** Every public, indexable page that is not generated from content (sitemap). */
export const STATIC_PUBLIC_PATHS = [
  "/", "/team", "/mission", "/contact", "/partnership", "/presale", "/v4", "/zealy-claim", "/verification",
  "/token-economy", "/vstn-token", "/roadmap", "/whitepaper", "/pitch-deck", "/media-kit", "/terms", "/privacy",
  "/cookies", "/articles", "/learn", "/learn/courses", "/learn/tracks", "/learn/get-started", "/learn/how-it-works",
  "/learn/connect-wallet", "/learn/about", "/signin", "/signup",
];
