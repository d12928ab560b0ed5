import { expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { freePort } from "../free-port.ts";
import { createTestDatabase } from "../harness.ts";
import { enrolSecondFactor, subscriberRow } from "../helpers.ts";
import { type ReceivedMail, startSmtpPeer } from "../smtp-peer.ts";
import { NEWSLETTER_SEND_JOB } from "../../src/features/newsletter/index.ts";
import { describeWith } from "./support/environment.ts";
import { queueSettled } from "../support/jobs.ts";
import { request } from "./support/http.ts";
import { startServer, tempDataDir, TEST_JWT_SECRET, type ServerProcess } from "./support/server-process.ts";

/**
 * A newsletter campaign of 500 recipients (ADR 13). The server is SIGKILLed in the
 * middle of an SMTP transaction, the 150th message sent but not yet accepted; restarted on the
 * same database, it resumes by itself. Every recipient ends with exactly one message: the ones
 * before the crash are not sent again, the one cut off and the rest are sent after it.
 */

const RECIPIENTS = 500;
const CRASH_AT = 150;

type Peer = { campaign(): ReceivedMail[]; crashPoint: Promise<void>; close(): Promise<void> };

const isCampaign = (mail: ReceivedMail) => mail.subject.startsWith("Field notes");

/** A real SMTP server that keeps every accepted message, and holds the campaign's message CRASH_AT unanswered. */
async function startPeer(port: number): Promise<Peer> {
  let seen = 0;
  let reached!: () => void;
  const crashPoint = new Promise<void>((resolve) => (reached = resolve));
  const smtp = await startSmtpPeer(port, {
    onMessage(mail) {
      if (!isCampaign(mail)) return "accept";
      seen++;
      if (seen !== CRASH_AT) return "accept";
      // The whole message has arrived but gets no answer: the sender dies before it is accepted.
      reached();
      return "hold";
    },
  });
  return { campaign: () => smtp.inbox.filter(isCampaign), crashPoint, close: () => smtp.close() };
}

for (const dialect of ["sqlite", "postgres"] as const) {
  describeWith({ postgres: dialect === "postgres" }, `newsletter campaign after a crash [${dialect}]`, () => {
    it(`sends each of ${RECIPIENTS} recipients exactly one message across a SIGKILL mid-transaction and a restart`, { timeout: 240_000 }, async () => {
      const testDb = await createTestDatabase(dialect);
      const data = tempDataDir();
      const smtpPort = await freePort();
      const env = { DATABASE_URL: testDb.url, DATA_DIR: data.dir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, NEWSLETTER_RATE: "30000" };
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const emails = Array.from({ length: RECIPIENTS }, (_, n) => `reader${n}.${stamp}@example.com`);
      const peer = await startPeer(smtpPort);
      let server: ServerProcess | undefined;
      const database = await openDatabase(dialect === "sqlite" ? { dialect, file: testDb.url.slice("sqlite:".length) } : { dialect, url: testDb.url });
      try {
        server = await startServer({ env });
        const base = server.url;
        // 500 confirmed subscribers, written as the confirmations would have left them.
        const at = new Date().toISOString();
        await database.db
          .insertInto("newsletter_subscribers")
          .values(emails.map((email, n) => subscriberRow(`sub-${stamp}-${String(n).padStart(3, "0")}`, email, "confirmed", at)))
          .execute();
        const admin = { firstName: "Ops", lastName: "Team", email: `ops.${stamp}@vestin.test`, password: "correct horse battery" };
        const registered = await request(base, "/api/v1/auth/register", { body: admin });
        await database.db.updateTable("users").set({ role: "admin" }).where("email", "=", admin.email).execute();
        await enrolSecondFactor(database.db, TEST_JWT_SECRET, registered.body.data.user._id as string);
        const token = registered.body.data.token as string;
        const draft = await request(base, "/api/v1/admin/newsletter/campaigns", {
          token,
          body: { kind: "markdown", subject: "Field notes from the first tokenized building", body: "Occupancy, rent and the next steps." },
        });
        expect(draft.status).toBe(201);
        const id = draft.body.data._id as string;
        expect((await request(base, `/api/v1/admin/newsletter/campaigns/${id}/send`, { token, body: {} })).status).toBe(200);

        await peer.crashPoint;
        server.child.kill("SIGKILL");
        expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
        expect(peer.campaign()).toHaveLength(CRASH_AT - 1);

        server = await startServer({ env });
        const deadline = Date.now() + 180_000;
        while (peer.campaign().length < RECIPIENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
        // Once no sending job waits or runs, no message can arrive twice.
        await queueSettled(testDb.url, [NEWSLETTER_SEND_JOB]);

        const received = peer
          .campaign()
          .map((m) => m.to.join(","))
          .sort();
        expect(received).toEqual([...emails].sort());
        expect(new Set(peer.campaign().map((m) => m.messageId)).size).toBe(RECIPIENTS);
        const campaign = await request(server.url, `/api/v1/admin/newsletter/campaigns/${id}`, { method: "GET", token });
        expect(campaign.body.data).toMatchObject({ status: "sent", progress: { total: RECIPIENTS, sent: RECIPIENTS, failed: 0, left: 0 } });
      } finally {
        await server?.stop();
        await peer.close();
        await database.close();
        data.remove();
        await testDb.dispose();
      }
    });
  });
}
