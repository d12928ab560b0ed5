import type { SubscribeInput } from "@vestin/shared/newsletter";
import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Limit, RateLimiter } from "../../lib/rate-limit.ts";
import type { FormGuard } from "../form-guard/index.ts";
import { createCampaigns, type ArticleSource } from "./campaigns.ts";
import { importSubscribers } from "./import.ts";
import { createSender, type DeliveryOutcome } from "./sender.ts";
import { createSubscriptions } from "./subscriptions.ts";
import { newsletterKeys } from "./tokens.ts";

export const SUBSCRIBE_LIMIT: Limit = { name: "newsletter:subscribe", max: NEWSLETTER_LIMITS.subscribesPerHour, windowMs: 60 * 60_000 };
/** Opening confirmation and unsubscribe links: a person opens one or two. */
export const LINK_LIMIT: Limit = { name: "newsletter:link", max: 60, windowMs: 60 * 60_000 };

type Deps = {
  config: Config;
  database: Database;
  jobs: JobQueue;
  /** The SMTP or outbox mailer itself (not the queued one): the sender needs each message's outcome. */
  directMailer: Mailer;
  limiter: RateLimiter;
  formGuard: FormGuard;
  article: ArticleSource;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Told of each recipient's outcome (metrics). */
  recipientHandled?: (outcome: DeliveryOutcome) => void;
};

/** The newsletter (ADR 13): subscriptions with double opt-in and consent records, campaigns and their sender. */
export function createNewsletterService({ config, database, jobs, directMailer, limiter, formGuard, article, log, recipientHandled }: Deps) {
  const keys = newsletterKeys(config.jwtSecret);
  const subscriptions = createSubscriptions({ database, jobs, directMailer, keys, publicUrl: config.publicUrl });
  const campaigns = createCampaigns({ database, jobs, keys, config, article });
  const sender = createSender({ database, jobs, mailer: directMailer, campaigns, ratePerMinute: config.newsletterRate, log, recipientHandled });

  return {
    subscriptions,
    campaigns,
    sender,

    /** The public form: the same answer whatever the address's state, so it tells nobody who subscribed. */
    async subscribe(input: SubscribeInput, ip: string): Promise<{ message: string }> {
      await limiter.consume(SUBSCRIBE_LIMIT, ip);
      const ticket = await formGuard.check("newsletter", input, ip, { email: input.email });
      await formGuard.guarding(subscriptions.request(input.email, { source: input.form, page: input.page, ip }, (trx) => formGuard.spend(trx, ticket)));
      return { message: NEWSLETTER_MESSAGES.subscribed };
    },

    async confirm(token: string, ip: string) {
      await limiter.consume(LINK_LIMIT, ip);
      return subscriptions.confirm(token, ip);
    },

    async unsubscribeInfo(token: string, ip: string) {
      await limiter.consume(LINK_LIMIT, ip);
      return subscriptions.unsubscribeInfo(token);
    },

    async unsubscribe(token: string, source: "one-click" | "unsubscribe-page", ip: string) {
      await limiter.consume(LINK_LIMIT, ip);
      return subscriptions.unsubscribe(token, source, ip);
    },

    import: (csv: string, consentSource: string, adminIp: string) => importSubscribers(subscriptions, csv, consentSource, adminIp),
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
