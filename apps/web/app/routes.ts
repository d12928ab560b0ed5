import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Every route of both specifications. Files live in routes/ and stay thin. */
export default [
  // Marketing and lead capture
  index("routes/home.tsx"),
  route("team", "routes/team.tsx"),
  route("mission", "routes/mission.tsx"),
  route("contact", "routes/contact.tsx"),
  route("partnership", "routes/partnership.tsx"),
  route("presale", "routes/presale.tsx"),
  route("presale/success", "routes/presale-success.tsx"),
  route("confirm", "routes/confirm.tsx"),
  route("v4", "routes/testnet.tsx"),
  route("zealy-claim", "routes/zealy-claim.tsx"),
  route("verification", "routes/verification.tsx"),
  route("token-economy", "routes/token-economy.tsx"),
  route("vstn-token", "routes/vstn-token.tsx"),
  route("roadmap", "routes/roadmap.tsx"),
  route("whitepaper", "routes/whitepaper.tsx"),
  route("pitch-deck", "routes/pitch-deck.tsx"),
  route("media-kit", "routes/media-kit.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),

  // Accounts
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx", { id: "forgot-password" }),
  route("reset-password", "routes/forgot-password.tsx", { id: "reset-password" }),
  route("forgot-password/reset-password", "routes/forgot-password-redirect.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("account", "routes/account.tsx"),
  route("account/data", "routes/account-data.tsx"),
  route("account/deleted", "routes/account-deleted.tsx"),

  // Blog
  route("articles", "routes/articles.tsx"),
  // Before blog/:id; an article's slug never holds a "/", so these never shadow an article.
  route("blog/author/:slug", "routes/blog-author.tsx"),
  route("blog/author/:slug/rss.xml", "routes/blog-author-rss.ts"),
  route("blog/tag/:slug", "routes/blog-tag.tsx"),
  route("blog/tag/:slug/rss.xml", "routes/blog-tag-rss.ts"),
  route("blog/:id", "routes/article.tsx"),

  // Preview links: a draft article, course or lesson for whoever holds the secret address
  route("preview/:token", "routes/preview.tsx"),

  // Newsletter: the links its e-mails carry
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),

  // Learning area
  route("learn", "routes/learn.tsx"),
  route("learn/courses", "routes/learn-courses.tsx"),
  route("learn/tracks", "routes/learn-tracks.tsx"),
  route("learn/track/:trackId", "routes/learn-track.tsx"),
  route("learn/course/:courseId", "routes/learn-course.tsx"),
  route("learn/course/:courseId/lesson/:lessonId", "routes/learn-lesson.tsx"),
  route("learn/course/:courseId/assessment", "routes/learn-assessment.tsx"),
  route("learn/placement", "routes/learn-placement.tsx"),
  route("learn/masterclass/claim", "routes/learn-masterclass-claim.tsx"),
  route("learn/my-learning", "routes/learn-my-learning.tsx"),
  route("learn/get-started", "routes/learn-get-started.tsx"),
  route("learn/how-it-works", "routes/learn-how-it-works.tsx"),
  route("learn/connect-wallet", "routes/learn-connect-wallet.tsx"),
  route("learn/about", "routes/learn-about.tsx"),
  route("learn/certificates/:code", "routes/learn-certificate.tsx"),

  // Team console (client data only, noindex)
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("leads", "routes/admin.leads.tsx"),
    route("sources", "routes/admin.sources.tsx"),
    route("referrals", "routes/admin.referrals.tsx"),
    route("airdrop", "routes/admin.airdrop.tsx"),
    route("quests", "routes/admin.quests.tsx"),
    route("articles", "routes/admin.articles.tsx"),
    route("articles/:id", "routes/admin.articles.$id.tsx"),
    route("redirects", "routes/admin.redirects.tsx"),
    route("authors", "routes/admin.authors.tsx"),
    route("courses", "routes/admin.courses.tsx"),
    route("courses/:id", "routes/admin.courses.$id.tsx"),
    route("users", "routes/admin.users.tsx"),
    route("users/:id", "routes/admin.users.$id.tsx"),
    route("webhooks", "routes/admin.webhooks.tsx"),
    route("newsletter", "routes/admin.newsletter.tsx"),
    route("newsletter/campaigns/:id", "routes/admin.newsletter.campaigns.$id.tsx"),
    route("privacy", "routes/admin.privacy.tsx"),
    route("audit", "routes/admin.audit.tsx"),
  ]),

  // Feeds for search engines and readers
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("rss.xml", "routes/rss.ts"),

  // Everything else: the 404 page with a 404 status
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
