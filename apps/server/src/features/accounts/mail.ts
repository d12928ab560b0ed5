import { PRODUCT_NAME } from "@vestin/shared/brand";
import { emailCard, escapeHtml, type MailMessage } from "../../lib/mailer.ts";

/** The password-reset e-mail: plain text and HTML, one link, valid for an hour. */
export function passwordResetEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : "Hello,";
  const text = [
    greeting,
    "",
    `We received a request to reset the password of your ${PRODUCT_NAME} account.`,
    "Open this link to choose a new password (it works once, for one hour):",
    "",
    link,
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    "",
    `The ${PRODUCT_NAME} team`,
  ].join("\n");
  const html = emailCard(`      <p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
      <p style="margin:0 0 24px">We received a request to reset the password of your ${PRODUCT_NAME} account. The button below works once, for one hour.</p>
      <p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Reset your password</a></p>
      <p style="margin:0 0 8px;font-size:13px;color:#475569">Or paste this address into your browser:</p>
      <p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#7c3aed">${escapeHtml(link)}</a></p>
      <p style="margin:0;font-size:13px;color:#475569">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`);
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html, primaryLink: link };
}

/** The invitation of a new administrator: one link to set a password, valid for a day. */
export function adminInviteEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : "Hello,";
  const text = [
    greeting,
    "",
    `You now have an administrator account on ${PRODUCT_NAME}. Choose your password with this link (it works once, for 24 hours).`,
    "Administrator passwords need at least 12 characters and must not be a common or breached password: three or four unrelated words make a strong one.",
    "",
    link,
    "",
    "Then sign in and open /admin.",
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;padding:24px">
  <p>${escapeHtml(greeting)}</p>
  <p>You now have an administrator account on ${PRODUCT_NAME}. Choose your password with the button below (it works once, for 24 hours).</p>
  <p>Administrator passwords need at least 12 characters and must not be a common or breached password: three or four unrelated words make a strong one.</p>
  <p><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c3aed;color:#fff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Set your password</a></p>
  <p style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(link)}</p>
  <p>Then sign in and open /admin.</p></body></html>`;
  return { to, subject: `Your ${PRODUCT_NAME} administrator account`, text, html, primaryLink: link };
}

/** The notice that an account's password was changed while signed in (other sessions were signed out). */
export function passwordChangedEmail(to: string, firstName: string, resetLink: string): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : "Hello,";
  const text = [
    greeting,
    "",
    `The password of your ${PRODUCT_NAME} account was just changed, and every other session was signed out.`,
    "If this was you, there is nothing more to do.",
    "If it was not you, choose a new password at once with this link, which signs everyone out:",
    "",
    resetLink,
    "",
    `The ${PRODUCT_NAME} team`,
  ].join("\n");
  const html = emailCard(`      <p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
      <p style="margin:0 0 16px">The password of your ${PRODUCT_NAME} account was just changed, and every other session was signed out.</p>
      <p style="margin:0 0 24px">If this was you, there is nothing more to do. If it was not you, choose a new password at once:</p>
      <p style="margin:0 0 24px"><a href="${escapeHtml(resetLink)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Choose a new password</a></p>`);
  return { to, subject: `Your ${PRODUCT_NAME} password was changed`, text, html, primaryLink: resetLink };
}

/** To an administrator whose password no longer meets their rule: a link to choose a stronger one, valid an hour. */
export function strongerAdminPasswordEmail(to: string, firstName: string, link: string): MailMessage {
  const greeting = firstName ? `Hello ${firstName},` : "Hello,";
  const rule = "at least 12 characters, and not a common or breached password (three or four unrelated words make a strong one)";
  const text = [
    greeting,
    "",
    `Someone, we hope you, just signed in to your ${PRODUCT_NAME} administrator account with its password. Administrator accounts need a stronger password than this one, so the sign-in did not go through.`,
    `Choose a new password with this link (it works once, for one hour): ${rule}.`,
    "",
    link,
    "",
    "If it was not you, choose a new password all the same: someone knows your current one.",
    "",
    `The ${PRODUCT_NAME} team`,
  ].join("\n");
  const html = emailCard(`      <p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
      <p style="margin:0 0 16px">Someone, we hope you, just signed in to your ${PRODUCT_NAME} administrator account with its password. Administrator accounts need a stronger password than this one, so the sign-in did not go through.</p>
      <p style="margin:0 0 24px">Choose a new password with the button below (it works once, for one hour): ${rule}.</p>
      <p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c3aed;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Choose a stronger password</a></p>
      <p style="margin:0;font-size:13px;color:#475569">If it was not you, choose a new password all the same: someone knows your current one.</p>`);
  return { to, subject: `Choose a stronger ${PRODUCT_NAME} administrator password`, text, html, primaryLink: link };
}
