import type { Article } from "@vestin/shared/blog";
import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  type Campaign,
  type CampaignPreview,
  type CreateCampaignInput,
  type SendCampaignInput,
  type UpdateCampaignInput,
} from "@vestin/shared/newsletter";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { MAIL_JOB, type JobQueue } from "../../lib/jobs/index.ts";
import { articleContent, markdownContent, newsletterEmail, type Addressing, type CampaignContent } from "./mail.ts";
import { articleTitles } from "../blog/index.ts";
import { automaticCampaignOf, deleteDraft, insertAutomaticCampaign, insertCampaign, updateCampaignIn } from "./campaigns-repository.ts";
import { newsletterRepository, type CampaignRow } from "./repository.ts";
import type { NewsletterKeys } from "./tokens.ts";

/** The job that sends a campaign, a batch at a time (sender.ts). */
export const SEND_JOB = "newsletter.send";

/** The job that makes a published article's automatic campaign, stored with the article's save. */
export const ARTICLE_CAMPAIGN_JOB = "newsletter.article-campaign";

/** What the campaigns need of the blog: an article as the editor sees it, whatever its status. */
export type ArticleSource = (id: string) => Promise<(Article & { status: "published" | "draft" | "scheduled" }) | null>;

type Deps = {
  database: Database;
  jobs: JobQueue;
  keys: NewsletterKeys;
  config: { publicUrl: string; postalAddress: string; mailFrom: string };
  article: ArticleSource;
};

/** Saved when an article with "send to subscribers" is published: what the automatic campaign needs. */
export type PublishedArticle = { id: string; title: string; status: "published" | "draft" | "scheduled"; publishedAt: string; sendToSubscribers: boolean };

export function toCampaign(row: CampaignRow, articleTitle: string | null): Campaign {
  return {
    _id: row.id,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    articleId: row.article_id,
    articleTitle,
    articleContent: row.article_content,
    status: row.status,
    automatic: row.auto_article_id !== null,
    scheduledAt: row.scheduled_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    progress: { total: row.total, sent: row.sent, failed: row.failed, left: Math.max(0, row.total - row.sent - row.failed) },
  };
}

/** The domain of PUBLIC_URL, for Message-IDs and List-Id. */
export const mailDomain = (publicUrl: string) => new URL(publicUrl).hostname;

/**
 * Campaigns in the console: drafts, the preview, a test to oneself, sending now or later, and the
 * automatic campaign of an article published with "send to subscribers".
 */
export function createCampaigns({ database, jobs, keys, config, article }: Deps) {
  const { db } = database;
  const repo = newsletterRepository(db);
  const domain = mailDomain(config.publicUrl);

  async function withTitle(row: CampaignRow): Promise<Campaign> {
    const titles = await articleTitles(db, row.article_id ? [row.article_id] : []);
    return toCampaign(row, row.article_id ? (titles.get(row.article_id) ?? null) : null);
  }

  async function load(id: string): Promise<CampaignRow> {
    const row = await repo.campaign(id);
    if (!row) throw notFound(NEWSLETTER_MESSAGES.campaignNotFound);
    return row;
  }

  async function publishedArticle(id: string) {
    const found = await article(id);
    if (!found) throw badRequest(NEWSLETTER_MESSAGES.articleRequired, { articleId: NEWSLETTER_MESSAGES.articleRequired });
    if (found.status !== "published") throw badRequest(NEWSLETTER_MESSAGES.articleNotPublished, { articleId: NEWSLETTER_MESSAGES.articleNotPublished });
    return found;
  }

  /** What a campaign says, made afresh at each send (an article edited after the draft is sent as it now reads). */
  async function content(row: CampaignRow): Promise<CampaignContent> {
    if (row.kind === "markdown") return markdownContent(row.subject, row.body, config.publicUrl);
    const found = row.article_id ? await article(row.article_id) : null;
    if (!found) throw badRequest(NEWSLETTER_MESSAGES.articleRequired, { articleId: NEWSLETTER_MESSAGES.articleRequired });
    return articleContent(
      {
        title: found.title,
        excerpt: found.excerpt,
        contentHtml: found.content,
        featuredImage: found.featuredImage,
        featuredImageAlt: found.featuredImageAlt,
        url: `${config.publicUrl}/blog/${found.slug}`,
      },
      row.article_content,
      row.subject,
      config.publicUrl,
    );
  }

  /** The headers and links of one recipient's copy. */
  function addressing(campaignId: string, subscriber: { id: string; email: string }): Addressing {
    const token = keys.unsubscribeToken(subscriber.id);
    return {
      to: subscriber.email,
      oneClickUrl: `${config.publicUrl}/api/v1/newsletter/unsubscribe?token=${token}`,
      pageUrl: `${config.publicUrl}${NEWSLETTER_PATHS.unsubscribe}?token=${token}`,
      // One per campaign and recipient: a copy sent again after a crash carries the same id.
      messageId: `<${campaignId}.${subscriber.id}@${domain}>`,
      postalAddress: config.postalAddress,
      listId: `Vestin newsletter <newsletter.${domain}>`,
    };
  }

  async function startSending(row: CampaignRow, input: SendCampaignInput): Promise<CampaignRow> {
    if (row.auto_article_id === null && (await repo.confirmedCount()) === 0) throw badRequest(NEWSLETTER_MESSAGES.noSubscribers);
    return db.transaction().execute((trx) => startSendingIn(trx, row, input));
  }

  /** Marks a draft scheduled or sending and stores its sender job, in the caller's transaction. */
  async function startSendingIn(trx: Kysely<DB>, row: CampaignRow, input: SendCampaignInput): Promise<CampaignRow> {
    const now = Date.now();
    const later = input.scheduledAt ? new Date(input.scheduledAt).getTime() : now;
    if (input.scheduledAt && later <= now) throw badRequest(NEWSLETTER_MESSAGES.scheduleInPast, { scheduledAt: NEWSLETTER_MESSAGES.scheduleInPast });
    const scheduled = later > now;
    const at = nowIso();
    const updated = await updateCampaignIn(trx, row.id, "draft", {
      status: scheduled ? "scheduled" : "sending",
      scheduled_at: scheduled ? new Date(later).toISOString() : null,
      updated_at: at,
    });
    if (!updated) throw conflict(NEWSLETTER_MESSAGES.campaignAlreadySent);
    // The job is stored with the status: a campaign marked sending always has a sender coming.
    // (One waiting job per campaign; a job left by a cancelled schedule holds it back, so the
    // sender's sweep starts a rescheduled campaign at its new time.)
    await jobs.send(
      SEND_JOB,
      { campaignId: row.id },
      { trx, singletonKey: row.id, ...(scheduled ? { startAfterSeconds: Math.ceil((later - now) / 1000) } : {}) },
    );
    return updated;
  }

  /**
   * The automatic campaign of a published article, made once (auto_article_id is unique, so a
   * second save, a second run or a second server adds nothing) and sent at the article's
   * publication time; the campaign and its sender job are stored together.
   */
  async function makeArticleCampaign(saved: PublishedArticle): Promise<void> {
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      const inserted = await insertAutomaticCampaign(trx, {
        id: newId(),
        kind: "article",
        subject: saved.title,
        body: "",
        article_id: saved.id,
        article_content: "excerpt",
        auto_article_id: saved.id,
        status: "draft",
        scheduled_at: null,
        started_at: null,
        finished_at: null,
        lease_until: null,
        created_by: null,
        created_at: at,
        updated_at: at,
      });
      if (!inserted) return;
      const publishAt = new Date(saved.publishedAt).getTime();
      await startSendingIn(trx, inserted, publishAt > Date.now() + 1000 ? { scheduledAt: new Date(publishAt).toISOString() } : {});
    });
  }
  jobs.define<PublishedArticle>(ARTICLE_CAMPAIGN_JOB, makeArticleCampaign, { retryLimit: 20, retryDelaySeconds: 10, retryDelayMaxSeconds: 600 });

  return {
    content,
    addressing,

    async list(page: number, limit: number) {
      const { rows, total } = await repo.campaigns(page, limit);
      const titles = await articleTitles(db, [...new Set(rows.flatMap((r) => (r.article_id ? [r.article_id] : [])))]);
      return {
        data: rows.map((r) => toCampaign(r, r.article_id ? (titles.get(r.article_id) ?? null) : null)),
        total,
        page,
        limit,
        pages: Math.ceil(total / limit),
      };
    },

    get: async (id: string) => withTitle(await load(id)),

    async create(input: CreateCampaignInput, adminId: string | null): Promise<Campaign> {
      const found = input.kind === "article" && input.articleId ? await publishedArticle(input.articleId) : null;
      const at = nowIso();
      const row = await insertCampaign(db, {
        id: newId(),
        kind: input.kind,
        subject: input.subject ?? found?.title ?? "",
        body: input.kind === "markdown" ? input.body : "",
        article_id: found?._id ?? null,
        article_content: input.articleContent,
        auto_article_id: null,
        status: "draft",
        scheduled_at: null,
        started_at: null,
        finished_at: null,
        lease_until: null,
        created_by: adminId,
        created_at: at,
        updated_at: at,
      });
      return withTitle(row);
    },

    async update(id: string, input: UpdateCampaignInput): Promise<Campaign> {
      const row = await load(id);
      if (row.status !== "draft") throw conflict(NEWSLETTER_MESSAGES.campaignNotEditable);
      const found = row.kind === "article" && input.articleId ? await publishedArticle(input.articleId) : null;
      if (row.kind === "markdown" && input.body !== undefined && !input.body.trim())
        throw badRequest(NEWSLETTER_MESSAGES.bodyRequired, { body: NEWSLETTER_MESSAGES.bodyRequired });
      const updated = await updateCampaignIn(db, id, "draft", {
        ...(input.subject !== undefined ? { subject: input.subject } : {}),
        ...(row.kind === "markdown" && input.body !== undefined ? { body: input.body } : {}),
        ...(found ? { article_id: found._id } : {}),
        ...(input.articleContent ? { article_content: input.articleContent } : {}),
        updated_at: nowIso(),
      });
      if (!updated) throw conflict(NEWSLETTER_MESSAGES.campaignNotEditable);
      return withTitle(updated);
    },

    async remove(id: string): Promise<void> {
      await load(id);
      if (!(await deleteDraft(db, id))) throw conflict(NEWSLETTER_MESSAGES.campaignNotEditable);
    },

    async preview(id: string): Promise<CampaignPreview> {
      const message = newsletterEmail(await content(await load(id)), addressing(id, { id: "preview", email: "subscriber@example.com" }));
      return { subject: message.subject, html: message.html, text: message.text };
    },

    /** A copy to the admin's own address, marked as a test; its unsubscribe link leads nowhere real. */
    async sendTest(id: string, to: string): Promise<{ to: string }> {
      const message = newsletterEmail(await content(await load(id)), addressing(id, { id: "test", email: to }));
      await jobs.send(MAIL_JOB, { ...message, subject: `[Test] ${message.subject}`, messageId: undefined });
      return { to };
    },

    send: async (id: string, input: SendCampaignInput) => withTitle(await startSending(await load(id), input)),

    async cancel(id: string): Promise<Campaign> {
      await load(id);
      const updated = await updateCampaignIn(db, id, "scheduled", { status: "draft", scheduled_at: null, updated_at: nowIso() });
      if (!updated) throw conflict(NEWSLETTER_MESSAGES.campaignNotCancellable);
      return withTitle(updated);
    },

    /**
     * An article saved as published with "send to subscribers" stores, in the save's transaction,
     * the job that makes its automatic campaign: a published article never misses its campaign.
     */
    async articleSaved(saved: PublishedArticle, trx: Kysely<DB>): Promise<void> {
      if (saved.status !== "published" || !saved.sendToSubscribers) return;
      await jobs.send(ARTICLE_CAMPAIGN_JOB, saved, { trx, singletonKey: saved.id });
    },

    /** When an article's automatic campaign was made (the editor shows "sent to subscribers on …"). */
    async automaticSentAt(articleId: string): Promise<string | null> {
      const row = await automaticCampaignOf(db, articleId);
      return row?.created_at ?? null;
    },
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;
