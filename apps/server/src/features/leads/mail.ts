import { LEAD_MAIL } from "@vestin/shared/leads";
import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";
import { escapeHtml, type MailMessage } from "../../lib/mailer.ts";

const number = (n: number) => n.toLocaleString("en-US");

/** A plain, branded HTML body around a few paragraphs (each escaped). */
function htmlBody(paragraphs: string[], footer: string): string {
  const body = paragraphs.map((p) => `      <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n");
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:16px">
    <tr><td style="padding:32px">
      <p style="margin:0 0 16px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
${body}
      <p style="margin:8px 0 0;font-size:13px;color:#475569">${escapeHtml(footer)}</p>
    </td></tr>
  </table>
</body></html>`;
}

const FOOTER = `You receive this e-mail because this address was entered on the ${PRODUCT_NAME} website. If that was not you, ignore it; reply to this e-mail and we will delete your details.`;

/** Confirms a presale whitelist place with the queue position at the time of sign-up. */
export function presaleConfirmationEmail(to: string, fullName: string, queue: { queuePosition: number; totalAhead: number }): MailMessage {
  const paragraphs = [
    `Hello ${fullName},`,
    `Thank you for joining the ${TOKEN} presale whitelist. Your place in the queue is #${number(queue.queuePosition)} of ${number(queue.totalAhead)} registrations so far.`,
    "Whitelist places are served in queue order. The estimated presale launch is Q1 2025, and we will e-mail you 24 hours before launch with the time, the price and the payment options.",
    "Before you can buy, you will complete identity and anti-money-laundering checks. Joining the whitelist does not commit you to buy, and it is not investment advice: token prices can fall as well as rise.",
    `The ${PRODUCT_NAME} team`,
  ];
  return { to, subject: LEAD_MAIL.presaleSubject, text: [...paragraphs, "", FOOTER].join("\n\n"), html: htmlBody(paragraphs, FOOTER) };
}

/** Confirms a testnet waitlist sign-up. */
export function waitlistConfirmationEmail(to: string, name: string): MailMessage {
  const paragraphs = [
    `Hello ${name},`,
    `Thanks! You're on the ${PRODUCT_NAME} testnet waitlist. Access opens for the first 1,000 users in the order they signed up, and we will e-mail you when your place comes up.`,
    "On the testnet you can browse sample offerings, invest test funds and see how custody, distributions and staking work. Testnet balances have no monetary value and cannot be withdrawn or exchanged.",
    `The ${PRODUCT_NAME} team`,
  ];
  return { to, subject: LEAD_MAIL.waitlistSubject, text: [...paragraphs, "", FOOTER].join("\n\n"), html: htmlBody(paragraphs, FOOTER) };
}
