import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpPeer } from "../../test/smtp-peer.ts";
import type { Config } from "../config.ts";
import { createMailer, SMTP_TIMEOUTS, smtpTransportOptions, writeOutboxFile } from "./mailer.ts";

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vestin-mailer-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the outbox mailer", () => {
  it("writes each message to data/outbox, making the folder when it is missing (at first and after it was removed)", async () => {
    const dataDir = scratch();
    const logged: object[] = [];
    const mailer = createMailer({ dataDir, mailFrom: "Vestin <hello@vestin.io>" } as Config, { info: (details) => logged.push(details) });
    const outbox = path.join(dataDir, "outbox");
    const message = (n: number) => ({ to: `reader${n}@example.com`, subject: `Note ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>` });

    await mailer.send(message(1));
    rmSync(outbox, { recursive: true });
    await mailer.send(message(2));
    await mailer.send(message(3));

    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    const texts = files.map((f) => readFileSync(path.join(outbox, f), "utf8"));
    expect(texts.some((t) => t.includes("Subject: Note 2"))).toBe(true);
    expect(texts.some((t) => t.includes("Subject: Note 3"))).toBe(true);
    expect(logged.map((d) => (d as { file: string }).file).every((f) => f.startsWith(outbox))).toBe(true);
  });

  it("passes on a failure other than a missing folder, writing nothing", async () => {
    const dir = scratch();
    // The parent is a file: the write fails with ENOTDIR, which no folder-making would mend.
    const parent = path.join(dir, "not-a-folder");
    await writeOutboxFile(parent, Buffer.from("x"));
    await expect(writeOutboxFile(path.join(parent, "message.eml"), Buffer.from("y"))).rejects.toMatchObject({ code: "ENOTDIR" });
    expect(existsSync(path.join(parent, "message.eml"))).toBe(false);
  });
});

describe("the SMTP mailer", () => {
  it("fails a send the server stalls on once the connection has been silent too long, and delivers the next one", async () => {
    let stalls = 1;
    const peer = await startSmtpPeer(0, { onMessage: () => (stalls-- > 0 ? "hold" : "accept") });
    // The URL's own setting shortens the silence allowed, as an operator's would.
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${peer.port}?socketTimeout=300`, mailFrom: "Vestin <hello@vestin.io>" } as Config, {
      info: () => {},
    });
    const message = (subject: string) => ({ to: "reader@example.com", subject, text: "Body", html: "<p>Body</p>" });
    try {
      const started = Date.now();
      await expect(mailer.send(message("Stalled"))).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUTS.socketTimeout);
      await mailer.send(message("Delivered"));
      expect(peer.inbox.map((mail) => mail.subject)).toEqual(["Delivered"]);
    } finally {
      await mailer.close?.();
      await peer.close();
    }
  });

  it("bounds connecting, the greeting and silence far below nodemailer's minutes, unless the URL says otherwise", () => {
    const options = (url: string) =>
      (nodemailer.createTransport(smtpTransportOptions(url)) as unknown as { transporter: { options: Record<string, unknown> } }).transporter.options;
    expect(options("smtp://relay.example.com:587")).toMatchObject({ ...SMTP_TIMEOUTS, pool: true, maxConnections: 2 });
    expect(SMTP_TIMEOUTS.socketTimeout).toBeLessThanOrEqual(60_000);
    expect(options("smtp://relay.example.com:587?socketTimeout=90000&greetingTimeout=5000")).toMatchObject({
      connectionTimeout: SMTP_TIMEOUTS.connectionTimeout,
      greetingTimeout: 5000,
      socketTimeout: 90_000,
    });
  });
});
