import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import { randomToken } from "./ids.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a person needs from this message; logged when mail goes to the outbox. */
  primaryLink?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** "smtp" or "outbox". */
  readonly mode: "smtp" | "outbox";
};

/**
 * Sends e-mail through SMTP_URL, or, when it is unset, writes each message as an .eml file to
 * data/outbox/ and logs its link, so a person running locally can follow a reset link.
 */
/** Only what the mailer needs of a logger (pino's or the console's shape). */
export type MailLog = { info(details: object, message: string): void };

/** nodemailer loads with the first message, not with the server (a few MB that most requests never need). */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import("nodemailer").then((m) => m.default.createTransport(options)));
}

export function createMailer(config: Config, log: MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      mode: "smtp",
      async send(message) {
        await (await transport()).sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
      },
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async send(message) {
      const info = await (await transport()).sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${randomToken(4)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, link: message.primaryLink }, "e-mail written to the outbox");
    },
  };
}

/** Escapes text for an HTML e-mail body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}
