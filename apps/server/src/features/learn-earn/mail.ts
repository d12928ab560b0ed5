import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn";
import type { MailMessage } from "../../lib/mailer.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail telling a person an administrator revoked a quest grant, and why. */
export function grantRevokedEmail(to: string, firstName: string, questTitle: string, xp: number, reason: string, publicUrl: string): MailMessage {
  const link = `${publicUrl}/learn/earn`;
  const lines = [
    `Hello ${firstName},`,
    `The ${xp} XP granted to you for the quest "${questTitle}" have been revoked.`,
    `Reason: ${reason}`,
    `Your other quests are not affected. ${LEARN_EARN_MESSAGES.disclaimer}`,
    `Your quests: ${link}`,
  ];
  return {
    to,
    subject: `Quest XP revoked: ${questTitle}`,
    text: lines.join("\n\n"),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""),
    primaryLink: link,
  };
}
