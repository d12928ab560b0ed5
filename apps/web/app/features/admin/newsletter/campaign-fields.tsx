import type { Campaign } from "@vestin/shared/newsletter";
import { ARTICLE_CONTENT, CAMPAIGN_KINDS, NEWSLETTER_LIMITS, type ArticleContent, type CampaignKind } from "@vestin/shared/newsletter-core";
import { AdminInput, FieldError, RadioCards } from "../components/admin-fields";
import { Panel } from "../components/query-states";
import { formatDateTime } from "../leads/lead-types";
import { ArticlePicker, type PickedArticle } from "./article-picker";

export type CampaignDraft = { kind: CampaignKind; articleId: string; articleTitle: string; articleContent: ArticleContent; subject: string; body: string };

export const EMPTY_DRAFT: CampaignDraft = { kind: "markdown", articleId: "", articleTitle: "", articleContent: "excerpt", subject: "", body: "" };

export function draftOf(campaign: Campaign): CampaignDraft {
  return {
    kind: campaign.kind,
    articleId: campaign.articleId ?? "",
    articleTitle: campaign.articleTitle ?? "",
    articleContent: campaign.articleContent,
    subject: campaign.subject,
    body: campaign.body,
  };
}

export const sameDraft = (a: CampaignDraft, b: CampaignDraft) => (Object.keys(a) as Array<keyof CampaignDraft>).every((key) => a[key] === b[key]);

const KIND_TEXT: Record<CampaignKind, { label: string; hint: string }> = {
  article: { label: "An article", hint: "Its e-mail version: title, image, excerpt or full text, and a link back to the site." },
  markdown: { label: "A message", hint: "News or an announcement you write here in Markdown." },
};

const CONTENT_TEXT: Record<ArticleContent, { label: string; hint: string }> = {
  excerpt: { label: "Excerpt and link", hint: "Readers open the article on the site." },
  full: { label: "Full text", hint: "The whole article in the e-mail, with a link to the site." },
};

/** What a campaign sends: its kind (fixed once saved), the article and how much of it, and the subject. */
export function CampaignFields({
  draft,
  onChange,
  errors,
  kindLocked,
}: {
  draft: CampaignDraft;
  onChange: (changes: Partial<CampaignDraft>) => void;
  errors: Record<string, string>;
  kindLocked: boolean;
}) {
  const picked: PickedArticle | null = draft.articleId ? { id: draft.articleId, title: draft.articleTitle } : null;
  const pick = (article: PickedArticle) =>
    // The subject follows the article's title unless the admin wrote their own.
    onChange({
      articleId: article.id,
      articleTitle: article.title,
      subject: !draft.subject.trim() || draft.subject === draft.articleTitle ? article.title : draft.subject,
    });

  return (
    <Panel title="Campaign">
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-ink">What to send</legend>
          {kindLocked && <p className="mb-2 text-xs text-muted">The kind of a saved campaign stays; start a new campaign to send something else.</p>}
          <RadioCards
            name="campaign-kind"
            options={CAMPAIGN_KINDS}
            value={draft.kind}
            onChange={(kind) => onChange({ kind })}
            text={KIND_TEXT}
            disabled={(kind) => kindLocked && draft.kind !== kind}
            className="grid gap-2 sm:grid-cols-2"
          />
        </fieldset>

        {draft.kind === "article" && (
          <>
            <ArticlePicker picked={picked} onPick={pick} error={errors.articleId} />
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-ink">How much of the article</legend>
              <RadioCards
                name="campaign-article-content"
                options={ARTICLE_CONTENT}
                value={draft.articleContent}
                onChange={(articleContent) => onChange({ articleContent })}
                text={CONTENT_TEXT}
                className="grid gap-2 sm:grid-cols-2"
              />
              {errors.articleContent && <FieldError>{errors.articleContent}</FieldError>}
            </fieldset>
          </>
        )}

        <AdminInput
          label="Subject"
          required={draft.kind === "markdown"}
          maxLength={NEWSLETTER_LIMITS.subjectMax}
          value={draft.subject}
          onChange={(event) => onChange({ subject: event.target.value })}
          placeholder={draft.kind === "article" ? draft.articleTitle || "The article's title" : "e.g. Vestin news: the testnet opens"}
          error={errors.subject}
          hint={
            draft.kind === "article"
              ? `The article's title unless you write another. ${NEWSLETTER_LIMITS.subjectMax - draft.subject.length} characters left.`
              : `${NEWSLETTER_LIMITS.subjectMax - draft.subject.length} characters left.`
          }
        />
      </div>
    </Panel>
  );
}

/** A campaign that has left the draft stage, read-only: what it sent and when it was made. */
export function CampaignSummary({ campaign }: { campaign: Campaign }) {
  return (
    <Panel title="Campaign">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-muted">Subject</dt>
        <dd className="font-medium text-ink">{campaign.subject}</dd>
        <dt className="text-muted">Kind</dt>
        <dd className="text-ink">
          {campaign.kind === "article"
            ? `Article: ${campaign.articleTitle ?? "(deleted article)"} · ${CONTENT_TEXT[campaign.articleContent].label.toLowerCase()}`
            : "Message"}
          {campaign.automatic && <span className="text-muted"> · sent when the article was published</span>}
        </dd>
        <dt className="text-muted">Created</dt>
        <dd className="tabular-nums text-ink">{formatDateTime(campaign.createdAt)}</dd>
      </dl>
      <p className="mt-4 text-xs text-muted">
        A campaign that has been scheduled or sent cannot be changed. The preview shows exactly what subscribers received.
      </p>
    </Panel>
  );
}
