import { afterAll, beforeAll, expect, it } from "vitest";
import { SCHEDULE_AUDIT } from "@vestin/shared/article-schedule";
import { openDatabase, type Database } from "../../src/db/database.ts";
import { createTestDatabase, type TestDatabase } from "../harness.ts";
import { enrolSecondFactor, outboxMessages, subscriberRow } from "../helpers.ts";
import { until } from "../until.ts";
import { queueSettled } from "../support/jobs.ts";
import { NEWSLETTER_SEND_JOB } from "../../src/features/newsletter/index.ts";
import { describeWith } from "./support/environment.ts";
import { request } from "./support/http.ts";
import { startServer, tempDataDir, TEST_JWT_SECRET, type ServerProcess } from "./support/server-process.ts";

/**
 * Scheduled publishing with two real servers on one PostgreSQL database: both run the publish
 * job's queue and a due check each second, yet the article goes public once, within 5 s of its
 * moment, on both servers (their cached lists included), with one audit row, one campaign and one
 * e-mail per subscriber.
 */

const SUBSCRIBERS = 3;

describeWith({ postgres: true }, "scheduled publishing on two servers", () => {
  let testDb: TestDatabase;
  let database: Database;
  const dataDirs: Array<{ dir: string; remove(): void }> = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    const env = () => {
      const data = tempDataDir();
      dataDirs.push(data);
      return { DATABASE_URL: testDb.url, DATA_DIR: data.dir };
    };
    a = await startServer({ env: env() });
    b = await startServer({ env: env() });
    database = await openDatabase({ dialect: "postgres", url: testDb.url });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    for (const data of dataDirs) data.remove();
    await testDb?.dispose();
  });

  it("publishes once, within 5 s, seen on both servers, with one campaign e-mail per subscriber", { timeout: 60_000 }, async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const at = new Date().toISOString();
    const emails = Array.from({ length: SUBSCRIBERS }, (_, n) => `reader${n}.${stamp}@example.com`);
    await database.db
      .insertInto("newsletter_subscribers")
      .values(emails.map((email, n) => subscriberRow(`sub-${stamp}-${n}`, email, "confirmed", at)))
      .execute();
    const admin = { firstName: "Ops", lastName: "Team", email: `ops.${stamp}@vestin.test`, password: "correct horse battery" };
    const registered = await request(a.url, "/api/v1/auth/register", { body: admin });
    await database.db.updateTable("users").set({ role: "admin" }).where("email", "=", admin.email).execute();
    await enrolSecondFactor(database.db, TEST_JWT_SECRET, registered.body.data.user._id as string);
    const token = registered.body.data.token as string;

    const slug = `twin-servers-${stamp}`;
    const title = `Twin servers publish once ${stamp}`;
    const created = await request(a.url, "/api/v1/blogs", {
      token,
      body: {
        title,
        slug,
        excerpt: "One moment, two servers.",
        category: "Operations",
        author: { name: "Ops" },
        markdown: "Once.",
        status: "draft",
        sendToSubscribers: true,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const moment = new Date(Date.now() + 3000).toISOString();
    expect((await request(a.url, `/api/v1/admin/articles/${id}/schedule`, { method: "PUT", token, body: { scheduledAt: moment } })).status).toBe(200);

    // Both servers cache their public list without it before the moment.
    for (const server of [a, b]) {
      expect((await request(server.url, `/api/v1/blogs/${slug}`, { method: "GET" })).status).toBe(404);
      const list = await request(server.url, "/api/v1/blogs?limit=5", { method: "GET" });
      expect(list.body.data.map((x: { slug: string }) => x.slug)).not.toContain(slug);
    }

    const listed = async (url: string) =>
      (await request(url, "/api/v1/blogs?limit=5", { method: "GET" })).body.data.some((x: { slug: string }) => x.slug === slug);
    const seen = await Promise.all(
      [a, b].map(async (server) => {
        await until(
          `the article public on ${server.url}`,
          async () => (await listed(server.url)) && (await request(server.url, `/api/v1/blogs/${slug}`, { method: "GET" })).status === 200,
          {
            timeoutMs: 15_000,
          },
        );
        return Date.now() - Date.parse(moment);
      }),
    );
    for (const after of seen) expect(after).toBeLessThan(5000);

    const mails = () => dataDirs.flatMap((d) => outboxMessages(d.dir)).filter((m) => m.includes(title));
    await until("one campaign e-mail per subscriber", () => mails().length >= SUBSCRIBERS, { timeoutMs: 30_000 });
    // Once no campaign or sending job waits or runs, no message can arrive twice.
    await queueSettled(testDb.url, [NEWSLETTER_SEND_JOB]);
    const recipients = mails()
      .map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim() ?? "")
      .sort();
    expect(recipients).toEqual([...emails].sort());

    const published = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", id)
      .where("action", "like", "article.published%")
      .execute();
    expect(published).toEqual([{ action: SCHEDULE_AUDIT.onSchedule }]);
    const campaigns = await database.db.selectFrom("newsletter_campaigns").select("status").where("auto_article_id", "=", id).execute();
    expect(campaigns).toHaveLength(1);
    const row = await database.db.selectFrom("articles").select(["status", "published_at", "scheduled_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "published", published_at: moment, scheduled_at: null });
  });
});
