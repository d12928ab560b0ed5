import { expect, it } from "vitest";
import { LEAD_MAIL } from "@vestin/shared/leads";
import { CONFIRMATION_JOB } from "../../src/features/leads/index.ts";
import { MAIL_JOB } from "../../src/lib/jobs/index.ts";
import { freePort } from "../free-port.ts";
import { createTestDatabase } from "../harness.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../smtp-peer.ts";
import { queueSettled } from "../support/jobs.ts";
import { describeWith } from "./support/environment.ts";
import { request } from "./support/http.ts";
import { startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * An acknowledged write never loses its e-mail: the e-mail is a job stored in the write's own
 * transaction, so a server killed after its answer and before the e-mail left still has it to send
 * after the restart. Here SMTP refuses every connection at first (a closed port), a password reset
 * and a waitlist sign-up are answered, the server is SIGKILLed, and once it is back with a working
 * SMTP server both e-mails arrive, once each, with links that work.
 */

const RESET_SUBJECT = "Reset your Vestin password";

/** The token of the e-mail's link to `page` (the link names the first server, whose port is gone). */
function tokenIn(mail: ReceivedMail | undefined, page: "reset-password" | "confirm"): string | null {
  const found = new RegExp(`https?://\\S+/${page}\\?token=\\S+`).exec(mail?.text ?? "");
  if (!found) throw new Error(`no link to /${page} in the e-mail`);
  return new URL(found[0]).searchParams.get("token");
}

for (const dialect of ["sqlite", "postgres"] as const) {
  describeWith({ postgres: dialect === "postgres" }, `e-mail of an acknowledged write [${dialect}]`, () => {
    it("arrives after a SIGKILL between the answer and the sending: a password reset and a waitlist sign-up", { timeout: 240_000 }, async () => {
      const testDb = await createTestDatabase(dialect);
      const data = tempDataDir();
      const smtpPort = await freePort();
      const env = { DATABASE_URL: testDb.url, DATA_DIR: data.dir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const account = `reset.${stamp}@example.com`;
      const lead = `waitlist.${stamp}@example.com`;
      let server: ServerProcess | undefined;
      let smtp: SmtpPeer | undefined;
      try {
        server = await startServer({ env });
        const registered = await request(server.url, "/api/v1/auth/register", {
          body: { firstName: "Reset", lastName: "Tester", email: account, password: "correct horse battery" },
        });
        expect(registered.status).toBe(201);
        // Both answered though no e-mail can leave (nothing listens on the SMTP port).
        expect((await request(server.url, "/api/v1/auth/forgot-password", { body: { email: account } })).status).toBe(200);
        expect((await request(server.url, "/api/v1/testnet-signup", { body: { username: "Waitlist Tester", email: lead } })).status).toBe(201);
        // Killed at once: the answers have left, the e-mails have not.
        server.child.kill("SIGKILL");
        expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });

        smtp = await startSmtpPeer(smtpPort);
        const inbox = smtp.inbox;
        server = await startServer({ env });
        const arrived = (to: string, subject: string) => inbox.filter((m) => m.to.includes(to) && m.subject === subject);
        await expect
          .poll(() => arrived(account, RESET_SUBJECT).length + arrived(lead, LEAD_MAIL.waitlistSubject).length, { timeout: 150_000, interval: 500 })
          .toBe(2);
        // Once no e-mail job waits or runs, none can arrive twice.
        await queueSettled(testDb.url, [MAIL_JOB, CONFIRMATION_JOB]);
        expect(arrived(account, RESET_SUBJECT)).toHaveLength(1);
        expect(arrived(lead, LEAD_MAIL.waitlistSubject)).toHaveLength(1);

        // Each link was stored with its e-mail: both work.
        const newPassword = "a brand new password";
        const token = tokenIn(arrived(account, RESET_SUBJECT)[0], "reset-password");
        const set = await request(server.url, "/api/v1/auth/reset-password", { method: "PUT", body: { token, password: newPassword } });
        expect(set.status).toBe(200);
        expect((await request(server.url, "/api/v1/auth/login", { body: { email: account, password: newPassword } })).status).toBe(200);
        const confirmation = tokenIn(arrived(lead, LEAD_MAIL.waitlistSubject)[0], "confirm");
        expect((await request(server.url, "/api/v1/confirm", { body: { token: confirmation } })).status).toBe(200);
      } finally {
        await server?.stop();
        await smtp?.close();
        data.remove();
        await testDb.dispose();
      }
    });
  });
}
