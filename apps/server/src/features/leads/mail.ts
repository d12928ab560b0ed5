import { CONFIRM_MESSAGES, CONFIRMATION, CONFIRMED_LEAD_LABELS } from "@vestin/shared/form-guard";
import type { ConfirmedLeadKind } from "@vestin/shared/lead-kinds";
import { formatTokenUnits, LEAD_MAIL } from "@vestin/shared/leads";
import { REFERRAL_RULE, referralCapNote } from "@vestin/shared/referrals";
import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";
import { emailCard, escapeHtml, type MailMessage } from "../../lib/mailer.ts";

const number = (n: number) => n.toLocaleString("en-US");

/** The confirmation link's button and its address, placed after the first paragraphs. */
export type ConfirmLink = { link: string; after: number };

const CONFIRM_TEXT = `Please confirm your e-mail address with this link (it works once, for ${CONFIRMATION.linkValidDays} days). Until you do, your place is kept but not confirmed.`;

/** A plain, branded HTML body around a few paragraphs (each escaped), with the confirmation button. */
function htmlBody(paragraphs: string[], footer: string, confirm: ConfirmLink | undefined): string {
  const link = escapeHtml(confirm?.link ?? "");
  const button = [
    `      <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(CONFIRM_TEXT)}</p>`,
    `      <p style="margin:0 0 16px"><a href="${link}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Confirm my e-mail address</a></p>`,
    `      <p style="margin:0 0 24px;font-size:13px;color:#475569;word-break:break-all">Or paste this address into your browser: <a href="${link}" style="color:#7c3aed">${link}</a></p>`,
  ];
  const rows = paragraphs.map((p) => `      <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`);
  if (confirm) rows.splice(confirm.after, 0, ...button);
  const body = rows.join("\n");
  return emailCard(`${body}
      <p style="margin:8px 0 0;font-size:13px;color:#475569">${escapeHtml(footer)}</p>`);
}

const FOOTER = `You receive this e-mail because this address was entered on the ${PRODUCT_NAME} website. If that was not you, ignore it; reply to this e-mail and we will delete your details.`;

/** The plain-text version: the paragraphs with the link after the first ones, then the footer. */
function textBody(paragraphs: string[], footer: string, confirm: ConfirmLink | undefined): string {
  const parts = [...paragraphs];
  if (confirm) parts.splice(confirm.after, 0, CONFIRM_TEXT, confirm.link);
  return [...parts, "", footer].join("\n\n");
}

function message(to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  const confirm = { link, after: 2 };
  return { to, subject, text: textBody(paragraphs, FOOTER, confirm), html: htmlBody(paragraphs, FOOTER, confirm), primaryLink: link };
}

/** Confirms a presale whitelist place with the queue position as it stands when the e-mail is written, and asks to confirm the address. */
export function presaleConfirmationEmail(
  to: string,
  fullName: string,
  queue: { queuePosition: number; totalAhead: number },
  link: string,
  referralLink: string,
  dailyBoosts: number,
): MailMessage {
  const paragraphs = [
    `Hello ${fullName},`,
    `Thank you for joining the ${TOKEN} presale whitelist. Your place in the queue is #${number(queue.queuePosition)} of ${number(queue.totalAhead)} registrations so far.`,
    "Whitelist places are served in queue order. The estimated presale launch is Q1 2025, and we will e-mail you 24 hours before launch with the time, the price and the payment options.",
    "Before you can buy, you will complete identity and anti-money-laundering checks. Joining the whitelist does not commit you to buy, and it is not investment advice: token prices can fall as well as rise.",
    `Move up the queue: ${REFERRAL_RULE.charAt(0).toLowerCase()}${REFERRAL_RULE.slice(1)} ${referralCapNote(dailyBoosts)} Your personal link:`,
    referralLink,
    `The ${PRODUCT_NAME} team`,
  ];
  return message(to, LEAD_MAIL.presaleSubject, paragraphs, link);
}

/** Confirms a testnet waitlist sign-up, and asks to confirm the address. */
export function waitlistConfirmationEmail(to: string, name: string, link: string, referralLink: string, dailyBoosts: number): MailMessage {
  const paragraphs = [
    `Hello ${name},`,
    `Thanks! You're on the ${PRODUCT_NAME} testnet waitlist. Access opens for the first 1,000 users in the order they signed up, and we will e-mail you when your place comes up.`,
    "On the testnet you can browse sample offerings, invest test funds and see how custody, distributions and staking work. Testnet balances have no monetary value and cannot be withdrawn or exchanged.",
    `Move up the waitlist: ${REFERRAL_RULE.charAt(0).toLowerCase()}${REFERRAL_RULE.slice(1)} ${referralCapNote(dailyBoosts)} Your personal link:`,
    referralLink,
    `The ${PRODUCT_NAME} team`,
  ];
  return message(to, LEAD_MAIL.waitlistSubject, paragraphs, link);
}

/** Confirms an airdrop claim with its reward, and asks to confirm the address. */
export function claimConfirmationEmail(
  to: string,
  claim: { zealyUsername: string; vstnRewardUnits: string; distributionDate: string; claimStatus?: string | undefined },
  link: string,
): MailMessage {
  const paragraphs = [
    `Hello ${claim.zealyUsername},`,
    `We have received your airdrop claim, signed by your wallet: ${formatTokenUnits(claim.vstnRewardUnits)} ${TOKEN} from the community sprint, to be distributed from ${claim.distributionDate.slice(0, 10)}.`,
    ...(claim.claimStatus === "pending_review"
      ? [
          "The sprint leaderboard lists no wallet for your Zealy account, so our team checks the claim by hand before it is granted. We will write to you when it is decided.",
        ]
      : []),
    "Tokens are distributed at the token generation event to the wallet address you gave. We will never ask for your private keys or a payment to release an airdrop.",
    `The ${PRODUCT_NAME} team`,
  ];
  return message(to, LEAD_MAIL.claimSubject, paragraphs, link);
}

/** A new confirmation link, asked for from an expired one's page; names what it confirms. */
export function newConfirmationLinkEmail(to: string, waiting: ConfirmedLeadKind[], link: string): MailMessage {
  const paragraphs = [
    "Hello,",
    `You asked for a new link to confirm this e-mail address. It confirms what you signed up for with it: ${waiting.map((kind) => CONFIRMED_LEAD_LABELS[kind]).join(", ")}.`,
    `The ${PRODUCT_NAME} team`,
  ];
  return message(to, CONFIRM_MESSAGES.mailSubject, paragraphs, link);
}

/** The team's decision on a claim that waited for review (the leaderboard listed no wallet for the username). */
export function claimDecisionEmail(
  to: string,
  claim: { zealyUsername: string; vstnRewardUnits: string; walletAddress: string },
  decision: "approve" | "reject",
  note: string | null,
  claimUrl: string,
): MailMessage {
  const approved = decision === "approve";
  const paragraphs = approved
    ? [
        `Hello ${claim.zealyUsername},`,
        `Good news: our team has checked your airdrop claim and approved it. ${formatTokenUnits(claim.vstnRewardUnits)} ${TOKEN} will be distributed at the token generation event to the wallet that signed the claim, ${claim.walletAddress}.`,
        ...(note ? [`A note from the team: ${note}`] : []),
        "We will never ask for your private keys or a payment to release an airdrop.",
        `The ${PRODUCT_NAME} team`,
      ]
    : [
        `Hello ${claim.zealyUsername},`,
        `Our team has checked your airdrop claim for the wallet ${claim.walletAddress} and could not approve it.`,
        ...(note ? [`The reason: ${note}`] : []),
        `If the Zealy account is yours, you can sign a new claim with the wallet you connected on Zealy: ${claimUrl}`,
        `The ${PRODUCT_NAME} team`,
      ];
  const subject = approved ? `Your ${TOKEN} airdrop claim is approved` : `Your ${TOKEN} airdrop claim was not approved`;
  return { to, subject, text: textBody(paragraphs, FOOTER, undefined), html: htmlBody(paragraphs, FOOTER, undefined), primaryLink: claimUrl };
}
