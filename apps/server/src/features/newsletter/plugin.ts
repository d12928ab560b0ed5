import fp from "fastify-plugin";
import { createNewsletterService, type NewsletterService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    newsletter: NewsletterService;
  }
}

/**
 * The newsletter: its campaigns read the blog's articles, and an article published with "send to
 * subscribers" gets its campaign (made once). The sender runs while the app does.
 */
export const newsletterPlugin = fp(
  async (app) => {
    const newsletter = createNewsletterService({
      config: app.config,
      database: app.database,
      jobs: app.jobs,
      directMailer: app.directMailer,
      limiter: app.limiter,
      formGuard: app.formGuard,
      log: app.log,
      article: (id) => app.blog.getForEditing(id).catch(() => null),
      recipientHandled: (outcome) => app.metrics.newsletterDeliveries.inc({ outcome }),
    });
    app.decorate("newsletter", newsletter);
    app.metrics.collectNewsletterProgress(() => newsletter.sender.progress());
    app.onArticleSaved((article, trx) => newsletter.campaigns.articleSaved(article, trx));
    app.addHook("onReady", async () => newsletter.sender.start());
    app.addHook("onClose", async () => newsletter.sender.stop());
  },
  { name: "newsletter", dependencies: ["config", "database", "metrics", "jobs", "mailer", "limiter", "form-guard", "blog"] },
);
