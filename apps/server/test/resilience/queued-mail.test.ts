import { expect, it } from "vitest";
import { freePort } from "../free-port.ts";
import { createTestDatabase } from "../harness.ts";
import { startSmtpPeer, type SmtpPeer } from "../smtp-peer.ts";
import { MAIL_JOB } from "../../src/lib/jobs/index.ts";
import { describeWith } from "./support/environment.ts";
import { queueRetrying, queueSettled } from "../support/jobs.ts";
import { inBatches, request } from "./support/http.ts";
import { startServer, tempDataDir, type ServerProcess } from "./support/server-process.ts";

/**
 * Queued e-mail (ADR 11): the SMTP server is down while people ask for reset links, so
 * every e-mail waits in the job queue for a retry; then the server is SIGKILLed. With SMTP back and
 * the server restarted on the same database, every e-mail arrives, each exactly once.
 */

const PEOPLE = 12;

/**
 * A job that is running when its server dies (here: the SMTP server has the message but has not
 * answered) is retried soon after a restart: its claim stops being renewed (pg-boss's heartbeat,
 * the SQLite queue's renewed lock) and lapses within seconds. Without that it waits for the claim's
 * expiry (15 minutes on pg-boss, 5 on the old SQLite lock) and fails.
 */
for (const dialect of ["sqlite", "postgres"] as const) {
  describeWith({ postgres: dialect === "postgres" }, `e-mail being sent when the server dies [${dialect}]`, () => {
    it("is sent after the restart, within two minutes, once", { timeout: 240_000 }, async () => {
      const testDb = await createTestDatabase(dialect);
      const data = tempDataDir();
      let held = 0;
      // The first message is received and never answered, so the sending job stays running.
      const smtp = await startSmtpPeer(0, { onMessage: () => (held++ === 0 ? "hold" : "accept") });
      const env = { DATABASE_URL: testDb.url, DATA_DIR: data.dir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
      const email = `stalled.${Date.now().toString(36)}@example.com`;
      let server: ServerProcess | undefined;
      try {
        server = await startServer({ env });
        const base = server.url;
        const registered = await request(base, "/api/v1/auth/register", {
          body: { firstName: "Stalled", lastName: "Tester", email, password: "correct horse battery" },
        });
        expect(registered.status).toBe(201);
        expect((await request(base, "/api/v1/auth/forgot-password", { body: { email } })).status).toBe(200);
        const sending = Date.now() + 60_000;
        while (held === 0 && Date.now() < sending) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(held).toBe(1);
        server.child.kill("SIGKILL");
        await server.exited;

        const restarted = Date.now();
        server = await startServer({ env });
        const resets = () => smtp.inbox.filter((m) => m.subject === "Reset your Vestin password" && m.to.includes(email));
        while (resets().length === 0 && Date.now() - restarted < 150_000) await new Promise((resolve) => setTimeout(resolve, 500));
        expect(resets()).toHaveLength(1);
        expect(Date.now() - restarted).toBeLessThan(120_000);
        // Once no e-mail job waits or runs, none can arrive twice.
        await queueSettled(testDb.url, [MAIL_JOB]);
        expect(resets()).toHaveLength(1);
      } finally {
        await server?.stop();
        await smtp.close();
        data.remove();
        await testDb.dispose();
      }
    });
  });

  describeWith({ postgres: dialect === "postgres" }, `queued e-mail [${dialect}]`, () => {
    it("sends every e-mail accepted while SMTP was down, once, after a SIGKILL and a restart", { timeout: 240_000 }, async () => {
      const testDb = await createTestDatabase(dialect);
      const data = tempDataDir();
      const smtpPort = await freePort();
      const env = { DATABASE_URL: testDb.url, DATA_DIR: data.dir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const emails = Array.from({ length: PEOPLE }, (_, n) => `reset${n}.${stamp}@example.com`);
      let server: ServerProcess | undefined;
      let smtp: SmtpPeer | undefined;
      try {
        server = await startServer({ env });
        const base = server.url;
        await inBatches(emails, 4, async (email) => {
          const registered = await request(base, "/api/v1/auth/register", {
            body: { firstName: "Reset", lastName: "Tester", email, password: "correct horse battery" },
          });
          expect(registered.status).toBe(201);
          // Answered at once though no e-mail can leave: the message waits in the queue.
          const asked = await request(base, "/api/v1/auth/forgot-password", { body: { email } });
          expect(asked.status).toBe(200);
        });
        // Every first try fails against the closed port; the retries wait 30 s or more.
        await queueRetrying(testDb.url, [MAIL_JOB], PEOPLE);
        server.child.kill("SIGKILL");
        expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });

        smtp = await startSmtpPeer(smtpPort);
        server = await startServer({ env });
        const deadline = Date.now() + 200_000;
        while (smtp.inbox.length < PEOPLE && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
        // Once no e-mail job waits or runs, none can arrive twice.
        await queueSettled(testDb.url, [MAIL_JOB]);
        const resets = smtp.inbox
          .filter((m) => m.subject === "Reset your Vestin password")
          .map((m) => m.to.join(", "))
          .sort();
        expect(resets).toEqual([...emails].sort());
      } finally {
        await server?.stop();
        await smtp?.close();
        data.remove();
        await testDb.dispose();
      }
    });
  });
}
