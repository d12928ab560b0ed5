import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as a real SMTP server received it, parsed by mailparser. */
export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  at: number;
  messageId: string;
  /** Each header as sent (lower-case names; the last one when repeated). */
  headers: Record<string, string>;
};

export type SmtpPeer = { port: number; inbox: ReceivedMail[]; close(): Promise<void> };

export type SmtpPeerOptions = {
  /**
   * Called once a whole message has arrived. "accept" (the default) keeps it and answers; "hold"
   * neither keeps nor answers it, so the sender waits, as it would on a stalled server.
   */
  onMessage?(mail: ReceivedMail): "accept" | "hold";
};

/**
 * A real local SMTP server (smtp-server) that keeps every message it receives, parsed with
 * mailparser: the peer e-mail tests send to. Port 0 takes a free one.
 */
export function startSmtpPeer(port = 0, options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));
          const headers = Object.fromEntries(
            mail.headerLines.map((h) => [
              h.key,
              h.line
                .slice(h.line.indexOf(":") + 1)
                .replace(/\r?\n\s+/g, " ")
                .trim(),
            ]),
          );
          const received: ReceivedMail = {
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            at: Date.now(),
            messageId: mail.messageId ?? "",
            headers,
          };
          if (options.onMessage?.(received) === "hold") return;
          inbox.push(received);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) =>
    smtp.listen(port, "127.0.0.1", () => {
      const address = smtp.server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : port,
        inbox,
        close: () => new Promise<void>((done) => smtp.close(() => done())),
      });
    }),
  );
}
