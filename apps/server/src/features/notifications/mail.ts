import { PRODUCT_NAME } from "@vestin/shared/brand";
import { LEAD_KIND_OF_EVENT, LEAD_EVENT_LABELS, type LeadEventType } from "@vestin/shared/events";
import { emailCard, escapeHtml, type MailMessage } from "../../lib/mailer.ts";
import type { DigestLead, DigestType, LeadNotice } from "../leads/index.ts";

/*
 * The team's notification e-mails: one per contact enquiry, partnership application
 * and airdrop claim, and an hourly digest of presale and waitlist sign-ups. Each links to the
 * lead in the admin inbox and says no more of the person than the inbox shows; e-mail
 * addresses, wallets and Telegram accounts stay behind the inbox's sign-in.
 */

const FORM_NAMES: Record<LeadEventType, string> = {
  "contact.submitted": "contact enquiries",
  "partnership.submitted": "partnership applications",
  "presale.registered": "presale whitelist registrations",
  "waitlist.joined": "testnet waitlist sign-ups",
  "airdrop.claimed": "airdrop claims",
};

/** "26 Nov 2026, 14:05 UTC": the team reads times in one zone. */
export function utcTime(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const time = d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${date}, ${time} UTC`;
}

const footer = (type: LeadEventType) =>
  `You receive this because your address is in NOTIFY_EMAILS for ${FORM_NAMES[type]} on ${PRODUCT_NAME}. The details stay in the admin inbox; sign in to read them.`;

const paragraph = (text: string) => `      <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
const button = (href: string, label: string) =>
  `      <p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">${escapeHtml(label)}</a></p>`;
const small = (text: string) => `      <p style="margin:8px 0 0;font-size:13px;color:#475569">${escapeHtml(text)}</p>`;

function detailTable(details: LeadNotice["details"]): string {
  if (details.length === 0) return "";
  const rows = details
    .map(
      ([label, value]) =>
        `        <tr><th align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:bold;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0;line-height:1.5">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `      <table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:15px">\n${rows}\n      </table>`;
}

/** One new lead: what it is, who, and the link to it in the inbox. */
export function leadNoticeEmail(to: string, type: LeadEventType, occurredAt: string, notice: LeadNotice, link: string): MailMessage {
  const label = LEAD_EVENT_LABELS[type];
  const subject = `New ${label.toLowerCase()}: ${notice.title}`;
  const intro = `A new ${label.toLowerCase()} arrived on the ${PRODUCT_NAME} website on ${utcTime(occurredAt)}.`;
  const text = [intro, notice.title, ...notice.details.map(([k, v]) => `${k}: ${v}`), "", `Open it in the inbox: ${link}`, "", footer(type)].join("\n");
  const html = emailCard(
    [
      paragraph(intro),
      `      <p style="margin:0 0 12px;font-size:18px;font-weight:bold">${escapeHtml(notice.title)}</p>`,
      detailTable(notice.details),
      button(link, "Open in the inbox"),
      small(footer(type)),
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return { to, subject, text, html, primaryLink: link };
}

/** How many leads a digest names one by one; the rest are counted and in the inbox. */
export const DIGEST_LIST_MAX = 20;

/** The hourly digest: how many arrived, how many in all, the first few by name, and the inbox links. */
export function digestEmail(to: string, type: DigestType, leads: DigestLead[], total: number, publicUrl: string): MailMessage {
  const n = leads.length;
  const noun = type === "presale.registered" ? (n === 1 ? "registration" : "registrations") : n === 1 ? "sign-up" : "sign-ups";
  const list = type === "presale.registered" ? "Presale whitelist" : "Testnet waitlist";
  const subject = `${list}: ${n.toLocaleString("en-US")} new ${noun} (${total.toLocaleString("en-US")} in all)`;
  const first = leads[0]?.createdAt ?? "";
  const last = leads.at(-1)?.createdAt ?? "";
  const span = n === 1 ? `on ${utcTime(first)}` : `between ${utcTime(first)} and ${utcTime(last)}`;
  const verified =
    type === "presale.registered" ? ` ${leads.filter((l) => l.walletVerified).length.toLocaleString("en-US")} of them proved their wallet by signature.` : "";
  const intro = `${n.toLocaleString("en-US")} new ${list.toLowerCase()} ${noun} arrived ${span}.${verified} The list now holds ${total.toLocaleString("en-US")}.`;
  const tab = `${publicUrl}/admin/leads?type=${LEAD_KIND_OF_EVENT[type]}`;
  const shown = leads.slice(0, DIGEST_LIST_MAX);
  const more = n - shown.length;
  const leadLink = (lead: DigestLead) => `${tab}&lead=${encodeURIComponent(lead.id)}`;
  const text = [
    intro,
    "",
    ...shown.map((lead) => `- ${lead.name}, ${utcTime(lead.createdAt)}: ${leadLink(lead)}`),
    ...(more > 0 ? [`… and ${more.toLocaleString("en-US")} more.`] : []),
    "",
    `Open the list in the inbox: ${tab}`,
    "",
    footer(type),
  ].join("\n");
  const items = shown
    .map(
      (lead) =>
        `        <li style="margin:0 0 6px"><a href="${escapeHtml(leadLink(lead))}" style="color:#7c3aed">${escapeHtml(lead.name)}</a> <span style="color:#475569">${escapeHtml(utcTime(lead.createdAt))}</span></li>`,
    )
    .join("\n");
  const html = emailCard(
    [
      paragraph(intro),
      `      <ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">\n${items}\n      </ul>`,
      more > 0 ? paragraph(`… and ${more.toLocaleString("en-US")} more.`) : "",
      button(tab, "Open the list"),
      small(footer(type)),
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return { to, subject, text, html, primaryLink: tab };
}
