import { PRODUCT_NAME } from "@vestin/shared/brand";
import { NEWSLETTER_CONSENT, NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter";
import { emailCard, escapeHtml, type MailMessage } from "../../lib/mailer.ts";
import { htmlToText, markdownToSafeHtml } from "../../lib/sanitize.ts";

const P = 'style="margin:0 0 16px;line-height:1.6"';
const SMALL = 'style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#475569"';
const BUTTON = 'style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px"';

/** The double opt-in e-mail: the words the person agreed to, and the link that starts the subscription. */
export function confirmationEmail(to: string, link: string): MailMessage {
  const intro = `Someone, we hope you, asked to receive the ${PRODUCT_NAME} newsletter at this address.`;
  const ask = `Open this link to confirm (it works for ${NEWSLETTER_LIMITS.confirmLinkDays} days). Until you do, we send you nothing else.`;
  const agreed = `What you agreed to: "${NEWSLETTER_CONSENT.text}"`;
  const notYou = "If that was not you, ignore this e-mail: without a confirmation you will not be subscribed.";
  const html = emailCard(`      <p ${P}>${escapeHtml(intro)}</p>
      <p ${P}>${escapeHtml(ask)}</p>
      <p style="margin:0 0 16px"><a href="${escapeHtml(link)}" ${BUTTON}>Confirm my subscription</a></p>
      <p ${SMALL}>Or paste this address into your browser: <a href="${escapeHtml(link)}" style="color:#7c3aed;word-break:break-all">${escapeHtml(link)}</a></p>
      <p ${SMALL}>${escapeHtml(agreed)}</p>
      <p ${SMALL}>${escapeHtml(notYou)}</p>`);
  const text = [intro, ask, link, agreed, notYou].join("\n\n");
  return { to, subject: NEWSLETTER_MESSAGES.confirmSubject, text, html, primaryLink: link };
}

/** What a campaign says, before it is addressed to anyone. */
export type CampaignContent = {
  subject: string;
  /** Sanitized HTML of the body (article or Markdown). */
  html: string;
  /** The body as plain text, with links written out. */
  text: string;
};

export type ArticleForMail = { title: string; excerpt: string; contentHtml: string; featuredImage: string; featuredImageAlt: string; url: string };

/** An absolute URL for an image path on this site (e-mail clients know no relative links). */
function absolute(src: string, publicUrl: string): string {
  if (!src) return "";
  return /^https?:\/\//.test(src) ? src : `${publicUrl}${src.startsWith("/") ? "" : "/"}${src}`;
}

/** An article as an e-mail: its title, image, excerpt or whole text, and a link back. */
export function articleContent(article: ArticleForMail, content: "excerpt" | "full", subject: string, publicUrl: string): CampaignContent {
  const image = absolute(article.featuredImage, publicUrl);
  const body = content === "full" ? absoluteLinks(article.contentHtml, publicUrl) : `<p ${P}>${escapeHtml(article.excerpt)}</p>`;
  const html = [
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(article.title)}</h1>`,
    image
      ? `<p style="margin:0 0 16px"><img src="${escapeHtml(image)}" alt="${escapeHtml(article.featuredImageAlt)}" width="496" style="max-width:100%;height:auto;border-radius:12px"></p>`
      : "",
    body,
    `<p style="margin:8px 0 16px"><a href="${escapeHtml(article.url)}" ${BUTTON}>${content === "full" ? "Read it on the website" : "Read the article"}</a></p>`,
  ].join("\n");
  const textBody = content === "full" ? linkedText(article.contentHtml, publicUrl) : article.excerpt;
  const text = [article.title, textBody, `Read it on the website: ${article.url}`].join("\n\n");
  return { subject, html, text };
}

/** A Markdown message: rendered and sanitized as articles are. */
export function markdownContent(subject: string, markdown: string, publicUrl: string): CampaignContent {
  const html = absoluteLinks(markdownToSafeHtml(markdown), publicUrl);
  return { subject, html, text: markdown.trim() };
}

function absoluteLinks(html: string, publicUrl: string): string {
  return html.replace(/(href|src)="(\/[^"]*)"/g, (_m, attr: string, path: string) => `${attr}="${publicUrl}${path}"`);
}

/** Plain text of an HTML body with each link's address after its words, as mail readers expect. */
function linkedText(html: string, publicUrl: string): string {
  const withUrls = absoluteLinks(html, publicUrl).replace(
    /<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_m, href: string, words: string) => `${words} (${href})`,
  );
  const paragraphs = withUrls.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, "$&\n\n");
  return paragraphs
    .split(/\n\n/)
    .map((part) => htmlToText(part))
    .filter(Boolean)
    .join("\n\n");
}

export type Addressing = {
  to: string;
  /** The https URL that unsubscribes with one POST (RFC 8058), and the page a person opens. */
  oneClickUrl: string;
  pageUrl: string;
  messageId: string;
  postalAddress: string;
  listId: string;
};

/**
 * A campaign addressed to one subscriber: a plain-text part, List-Unsubscribe with the https
 * URL and List-Unsubscribe-Post (RFC 8058), a visible unsubscribe link, the postal address and a
 * Message-ID. No tracking pixel and no rewritten links.
 */
export function newsletterEmail(content: CampaignContent, a: Addressing): MailMessage {
  const why = `You receive this because you subscribed to the ${PRODUCT_NAME} newsletter with ${a.to}.`;
  const html = emailCard(`      ${content.html}
      <hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 16px">
      <p ${SMALL}>${escapeHtml(why)} <a href="${escapeHtml(a.pageUrl)}" style="color:#7c3aed">Unsubscribe</a> with one click.</p>
      <p ${SMALL}>${escapeHtml(a.postalAddress)}</p>`);
  const text = [content.text, "--", why, `Unsubscribe: ${a.pageUrl}`, a.postalAddress].join("\n\n");
  return {
    to: a.to,
    subject: content.subject,
    text,
    html,
    messageId: a.messageId,
    headers: {
      "List-Unsubscribe": `<${a.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": a.listId,
    },
  };
}
