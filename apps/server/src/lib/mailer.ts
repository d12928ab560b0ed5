import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { PRODUCT_NAME } from "@vestin/shared/brand";
import { randomToken } from "./ids.ts";
import { inSpan } from "./tracing.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a person needs from this message; logged when mail goes to the outbox. */
  primaryLink?: string;
  /** Extra header lines (List-Unsubscribe, List-Unsubscribe-Post, List-Id for the newsletter). */
  headers?: Record<string, string>;
  /** The Message-ID, with its angle brackets; nodemailer makes one when absent. */
  messageId?: string;
};

export type Mailer = {
  /**
   * Sends a message. With `trx` (the application's mailer, which sends through the job queue) the
   * message is stored in that open transaction: it exists if and only if the write it belongs to
   * commits, so an acknowledged write never loses its e-mail.
   */
  send(message: MailMessage, options?: { trx?: Kysely<DB> }): Promise<void>;
  /** "smtp" or "outbox". */
  readonly mode: "smtp" | "outbox";
  /** Closes the pooled SMTP connections (the server's shutdown). */
  close?(): Promise<void>;
};

/**
 * Sends e-mail through SMTP_URL, or, when it is unset, writes each message as an .eml file to
 * data/outbox/ and logs its link, so a person running locally can follow a reset link.
 */
/** Only what the mailer needs of a logger (pino's or the console's shape). */
export type MailLog = { info(details: object, message: string): void };

/** nodemailer loads with the first message, not with the server (a few MB that most requests never need). */
function lazyTransport(options: Parameters<typeof import("nodemailer").createTransport>[0]): { get: () => Promise<Transporter>; close: () => Promise<void> } {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import("nodemailer").then((m) => m.default.createTransport(options))),
    async close() {
      if (transport !== undefined) (await transport).close();
      transport = undefined;
    },
  };
}

/** What nodemailer is given for one message. */
function envelope(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.headers ? { headers: message.headers } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
  };
}

/**
 * Writes one outbox message, off the event loop: creating a file is a slow system call (8.4 % of
 * the server's busy time during a wave of airdrop claims when it was synchronous), and requests
 * would wait behind it. The folder is made only when it is missing (the first message, or after
 * someone removed it), not before every message. The file exists when this resolves.
 */
export async function writeOutboxFile(file: string, body: Buffer): Promise<void> {
  try {
    await writeFile(file, body);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }
}

/**
 * How long an SMTP exchange may stall before its send fails (a queued message is tried again
 * later): reaching the server, waiting for its greeting, and any silence once connected.
 * nodemailer's own defaults are 2 minutes to connect and 10 minutes of silence, during which a
 * stalled relay would hold one of a server's mail workers.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The SMTP transport's settings. Pooled: a newsletter campaign sends thousands of messages over
 * two connections instead of opening one per message. The URL's own settings win over these
 * (`smtp://host:587?socketTimeout=60000`).
 */
export function smtpTransportOptions(smtpUrl: string) {
  return { url: smtpUrl, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS };
}

export function createMailer(config: Config, log: MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(smtpTransportOptions(config.smtpUrl));
    return {
      mode: "smtp",
      async send(message) {
        await inSpan("email send", { "vestin.email.transport": "smtp" }, async () => {
          await (await transport.get()).sendMail(envelope(config.mailFrom, message));
        });
      },
      close: transport.close,
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async send(message) {
      const info = await inSpan("email send", { "vestin.email.transport": "outbox" }, async () =>
        (await transport.get()).sendMail(envelope(config.mailFrom, message)),
      );
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${randomToken(4)}.eml`);
      await writeOutboxFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, link: message.primaryLink }, "e-mail written to the outbox");
    },
  };
}

/**
 * The mailer with each message's outcome counted: `sent` once the SMTP server (or the outbox)
 * took it, `failed` for each refusal or unreachable server (a queued message is tried again).
 */
export function countedMailer(mailer: Mailer, counts: { sent: { inc(): void }; failed: { inc(): void } }): Mailer {
  return {
    mode: mailer.mode,
    async send(message, options) {
      try {
        await mailer.send(message, options);
      } catch (err) {
        counts.failed.inc();
        throw err;
      }
      counts.sent.inc();
    },
    ...(mailer.close ? { close: () => mailer.close?.() ?? Promise.resolve() } : {}),
  };
}

/** Escapes text for an HTML e-mail body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** The branded card every HTML e-mail is laid out in: the product name, then `rows` (ready HTML paragraphs). */
export function emailCard(rows: string): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:16px">
    <tr><td style="padding:32px">
      <p style="margin:0 0 16px;font-size:20px;font-weight:bold">${PRODUCT_NAME}</p>
${rows}
    </td></tr>
  </table>
</body></html>`;
}
