/** The product's name and identity, in one place so copy, storage keys and meta tags agree. */
export const PRODUCT_NAME = "Vestin";
export const TOKEN = "$VSTN";
export const TOKEN_SYMBOL = "VSTN";
export const TAGLINE = "Own more. Risk less.";
/** Where share links point when the site runs on a local address. */
export const PRODUCTION_ORIGIN = "https://vestin.io";
/** External token site opened from the home page's token section. */
export const TOKEN_SITE_URL = "https://token.vestin.io";

/** Browser storage keys named by the specifications. */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  bannerDisabled: `${PRODUCT_NAME}BannerDisabled`,
  /** The presale / verification e-mail; the spec also reads the camel-case spelling. */
  userEmail: `${PRODUCT_NAME}_user_email`,
  userEmailAlt: `${PRODUCT_NAME}UserEmail`,
  cookieConsent: "vestin_cookie_consent",
  likedArticles: "likedArticles",
  enrolledCourses: "enrolledCourses",
} as const;

/** Browser events the shell and pages use to talk to each other. */
export const BROWSER_EVENTS = {
  bannerUpdate: "banner-update",
  progressUpdated: "progress-updated",
  authChanged: "auth-changed",
} as const;
