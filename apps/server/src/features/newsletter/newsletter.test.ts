import { afterAll, beforeAll, expect, it } from "vitest";
import { NEWSLETTER_CONSENT, NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, metricValue, newUser, signedInUser } from "../../../test/helpers.ts";
import { startSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer.ts";
import type { JobHandler, JobQueue } from "../../lib/jobs/index.ts";
import type { MailMessage, Mailer } from "../../lib/mailer.ts";
import { createSubscriptions, NEWSLETTER_CONFIRMATION_JOB } from "./subscriptions.ts";
import { emailHash, newsletterKeys } from "./tokens.ts";

/*
 * The newsletter through a real SMTP server (smtp-server), every message parsed by
 * mailparser: double opt-in, consent records, campaigns with RFC 8058 headers, one-click
 * unsubscribe, scheduling, the automatic campaign of a published article, CSV import, privacy.
 */

let smtp: SmtpPeer | undefined;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp?.close();
});

const SITE = "https://news.vestin.test";
let counter = 0;
const unique = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

describeEachDatabase(
  "newsletter",
  (t) => {
    const app = () => t().app;
    /** What a scrape reads of newsletter_campaign_progress_ratio now. */
    const campaignProgress = async () => {
      const gauge = app().metrics.registry.getSingleMetric("newsletter_campaign_progress_ratio");
      return gauge ? metricValue(gauge) : Number.NaN;
    };
    const inbox = (address: string) => (smtp?.inbox ?? []).filter((m) => m.to.includes(address));
    const settle = async () => {
      await app().jobs.idle(30_000);
      await app().jobs.idle(30_000);
    };
    const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
      api(app(), "POST", "/api/v1/newsletter/subscriptions", { email, form: "footer", page: "/articles", ...extra });
    const tokenIn = (text: string) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(text)?.[1] ?? "";

    /** Subscribes and confirms through the e-mailed link; answers the address. */
    async function confirmed(name: string): Promise<string> {
      const email = unique(name);
      expect((await subscribe(email)).status).toBe(202);
      await settle();
      const mail = inbox(email).at(-1);
      const res = await api(app(), "POST", "/api/v1/newsletter/confirm", { token: tokenIn(mail?.text ?? "") });
      expect(res.body.data.status).toBe("confirmed");
      return email;
    }

    let admin: { token: string; email: string };
    beforeAll(async () => {
      admin = await signedInUser(app(), t().database.db, { admin: true });
    });
    const asAdmin = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
      api(app(), method, `/api/v1${path}`, body, admin.token);

    it("asks for a confirmation first, with one e-mail an hour, and answers the same whatever the address's state", async () => {
      const email = unique("reader");
      const first = await subscribe(email);
      expect(first.status).toBe(202);
      expect(first.body.data.message).toBe(NEWSLETTER_MESSAGES.subscribed);
      await settle();
      const mails = inbox(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(NEWSLETTER_MESSAGES.confirmSubject);
      expect(mails[0]!.text).toContain(`${SITE}/newsletter/confirm?token=`);
      expect(mails[0]!.text).toContain(NEWSLETTER_CONSENT.text);

      // Pending: asked again within the hour, the same answer and no second e-mail.
      const again = await subscribe(email);
      expect(again.status).toBe(202);
      expect(again.body).toEqual(first.body);
      await settle();
      expect(inbox(email)).toHaveLength(1);

      // Nothing is sent before the link is opened.
      const stats = await asAdmin("GET", "/admin/newsletter/subscribers?status=pending&search=" + encodeURIComponent(email));
      expect(stats.body.data).toHaveLength(1);
      expect(stats.body.data[0]).toMatchObject({ email, status: "pending", source: "footer", sourcePage: "/articles", confirmedAt: null });

      const token = tokenIn(mails[0]!.text);
      const confirm = await api(app(), "POST", "/api/v1/newsletter/confirm", { token });
      expect(confirm.status).toBe(200);
      expect(confirm.body.data).toEqual({ status: "confirmed", message: NEWSLETTER_MESSAGES.confirmed });
      const twice = await api(app(), "POST", "/api/v1/newsletter/confirm", { token });
      expect(twice.body.data.status).toBe("already-confirmed");

      // Confirmed: the same answer again, and no e-mail.
      expect((await subscribe(email)).body).toEqual(first.body);
      await settle();
      expect(inbox(email)).toHaveLength(1);
    });

    it("refuses malformed and disposable addresses and unknown or expired confirmation links, storing nothing", async () => {
      const bad = await subscribe("not-an-address");
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.email).toBeTruthy();
      expect((await subscribe(unique("x"), { form: "sidebar" })).status).toBe(400);
      expect((await subscribe(unique("x"), { page: "https://elsewhere.example/" })).status).toBe(400);
      expect(await t().database.db.selectFrom("newsletter_subscribers").select("id").where("email", "=", "not-an-address").execute()).toHaveLength(0);

      const unknown = await api(app(), "POST", "/api/v1/newsletter/confirm", { token: "A".repeat(43) });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(NEWSLETTER_MESSAGES.confirmInvalid);

      const email = unique("late");
      await subscribe(email);
      await settle();
      await t()
        .database.db.updateTable("newsletter_subscribers")
        .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      const expired = await api(app(), "POST", "/api/v1/newsletter/confirm", { token: tokenIn(inbox(email)[0]!.text) });
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(NEWSLETTER_MESSAGES.confirmExpired);
      expect((await t().database.db.selectFrom("newsletter_subscribers").select("status").where("email", "=", email).executeTakeFirstOrThrow()).status).toBe(
        "pending",
      );
    });

    it("keeps a consent record of each step: the wording, the form and page, and the IP only hashed", async () => {
      const email = await confirmed("consent");
      const exported = await asAdmin("POST", "/admin/privacy/export", { email });
      expect(exported.status).toBe(200);
      const { subscription, consents } = exported.body.data.newsletter;
      expect(subscription).toMatchObject({ email, status: "confirmed", source: "footer" });
      expect(consents.map((c: { action: string }) => c.action)).toEqual(["given", "confirmed"]);
      expect(consents[0]).toMatchObject({ source: "footer", page: "/articles", wordingVersion: NEWSLETTER_CONSENT.version, wording: NEWSLETTER_CONSENT.text });
      const stored = await t().database.db.selectFrom("newsletter_consents").select(["ip_hash"]).execute();
      expect(stored.every((row) => row.ip_hash === null || /^[0-9a-f]{64}$/.test(row.ip_hash))).toBe(true);
      expect(JSON.stringify(stored)).not.toContain("127.0.0.1");
    });

    it("sends a campaign once to each confirmed subscriber, with a text part, RFC 8058 headers, the postal address and a Message-ID", async () => {
      const readers = [await confirmed("camp-a"), await confirmed("camp-b"), await confirmed("camp-c")];
      const pending = unique("camp-pending");
      await subscribe(pending);
      const draft = await asAdmin("POST", "/admin/newsletter/campaigns", {
        kind: "markdown",
        subject: "Harbour Exchange is now tokenized",
        body: "Our **first building** is live.\n\n[Read the details](/blog/x)",
      });
      expect(draft.status).toBe(201);
      expect(draft.body.data).toMatchObject({ status: "draft", progress: { total: 0, sent: 0, failed: 0, left: 0 } });
      const id = draft.body.data._id as string;

      const preview = await asAdmin("GET", `/admin/newsletter/campaigns/${id}/preview`);
      expect(preview.body.data.html).toContain("<strong>first building</strong>");
      expect(preview.body.data.html).toContain(`${SITE}/blog/x`);
      expect(preview.body.data.text).toContain("Unsubscribe: ");

      const test = await asAdmin("POST", `/admin/newsletter/campaigns/${id}/test`);
      expect(test.body.data.to).toBe(admin.email);
      await settle();
      expect(inbox(admin.email).map((m) => m.subject)).toContain("[Test] Harbour Exchange is now tokenized");

      const sentBefore = await metricValue(app().metrics.newsletterDeliveries, { outcome: "sent" });
      const sent = await asAdmin("POST", `/admin/newsletter/campaigns/${id}/send`, {});
      expect(sent.status).toBe(200);
      expect(sent.body.data.status).toBe("sending");
      expect((await asAdmin("POST", `/admin/newsletter/campaigns/${id}/send`, {})).status).toBe(409);
      expect((await asAdmin("PATCH", `/admin/newsletter/campaigns/${id}`, { subject: "Changed" })).status).toBe(409);
      await settle();

      const done = await asAdmin("GET", `/admin/newsletter/campaigns/${id}`);
      expect(done.body.data.status).toBe("sent");
      expect(done.body.data.progress.sent).toBe(done.body.data.progress.total);
      expect(done.body.data.progress).toMatchObject({ failed: 0, left: 0 });
      expect((await metricValue(app().metrics.newsletterDeliveries, { outcome: "sent" })) - sentBefore).toBe(done.body.data.progress.sent);
      // Sent: no campaign is sending, so the progress gauge reads 0.
      expect(await campaignProgress()).toBe(0);
      expect(inbox(pending).filter((m) => m.subject.startsWith("Harbour"))).toHaveLength(0);
      for (const reader of readers) {
        const copies = inbox(reader).filter((m) => m.subject === "Harbour Exchange is now tokenized");
        expect(copies).toHaveLength(1);
        const mail = copies[0]!;
        expect(mail.text).toContain("Our **first building** is live.");
        expect(mail.text).toContain("Vestin Technologies Ltd, 1 Harbour Exchange Square, London E14 9GE, United Kingdom");
        expect(mail.html).toContain("Vestin Technologies Ltd, 1 Harbour Exchange Square");
        expect(mail.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${SITE.replace(/\./g, "\\.")}/api/v1/newsletter/unsubscribe\\?token=[\\w.-]+>$`));
        expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
        expect(mail.messageId).toMatch(new RegExp(`^<${id}\\.[\\w-]+@news\\.vestin\\.test>$`));
        expect(mail.html).toMatch(/newsletter\/unsubscribe\?token=[\w.-]+"[^>]*>Unsubscribe<\/a>/);
        // No tracking: no image in a Markdown message, no rewritten links.
        expect(mail.html).not.toMatch(/<img/i);
      }
    });

    it("unsubscribes with one click (RFC 8058 form POST) and from the page, refuses forged and expired tokens, and sends nothing after", async () => {
      const email = await confirmed("leaver");
      const id = (await t().database.db.selectFrom("newsletter_subscribers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
      const keys = newsletterKeys(t().config.jwtSecret);
      const token = keys.unsubscribeToken(id);

      const info = await api(app(), "GET", `/api/v1/newsletter/unsubscribe?token=${token}`);
      expect(info.body.data).toEqual({ email: `${email[0]}•••@example.com`, status: "confirmed" });

      const forged = `${id}.${token.split(".")[1]}.${"A".repeat(43)}`;
      const refused = await app().inject({
        method: "POST",
        url: `/api/v1/newsletter/unsubscribe?token=${forged}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(NEWSLETTER_MESSAGES.unsubscribeInvalid);
      const old = keys.unsubscribeToken(id, Date.now() - 400 * 24 * 3600 * 1000);
      const expired = await api(app(), "POST", `/api/v1/newsletter/unsubscribe?token=${old}`, {});
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(NEWSLETTER_MESSAGES.unsubscribeExpired);
      expect((await api(app(), "GET", `/api/v1/newsletter/unsubscribe?token=${token}`)).body.data.status).toBe("confirmed");

      const oneClick = await app().inject({
        method: "POST",
        url: `/api/v1/newsletter/unsubscribe?token=${token}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.json().data.status).toBe("unsubscribed");
      const again = await api(app(), "POST", `/api/v1/newsletter/unsubscribe?token=${token}`, {});
      expect(again.body.data.status).toBe("already-unsubscribed");

      const exported = await asAdmin("POST", "/admin/privacy/export", { email });
      expect(exported.body.data.newsletter.consents.at(-1)).toMatchObject({ action: "withdrawn", source: "one-click" });

      const campaign = await asAdmin("POST", "/admin/newsletter/campaigns", { kind: "markdown", subject: "After leaving", body: "Hello again." });
      await asAdmin("POST", `/admin/newsletter/campaigns/${campaign.body.data._id}/send`, {});
      await settle();
      expect(inbox(email).filter((m) => m.subject === "After leaving")).toHaveLength(0);
    });

    it("throttles sending to NEWSLETTER_RATE messages a minute", async () => {
      // 600 a minute in this suite: a message every 100 ms at most.
      const readers = [await confirmed("slow-a"), await confirmed("slow-b"), await confirmed("slow-c")];
      const campaign = await asAdmin("POST", "/admin/newsletter/campaigns", { kind: "markdown", subject: "Paced", body: "One at a time." });
      await asAdmin("POST", `/admin/newsletter/campaigns/${campaign.body.data._id}/send`, {});
      // Paced, the campaign is seen part-way through by the operator's progress gauge.
      const deadline = Date.now() + 10_000;
      let progress = await campaignProgress();
      while (!(progress > 0 && progress < 1) && Date.now() < deadline) {
        // A poll that yields to the timers, so the sender's pacing runs between two reads.
        await new Promise((resolve) => setTimeout(resolve, 10));
        progress = await campaignProgress();
      }
      expect(progress).toBeGreaterThan(0);
      expect(progress).toBeLessThan(1);
      await settle();
      const times = (smtp?.inbox ?? [])
        .filter((m) => m.subject === "Paced")
        .map((m) => m.at)
        .sort((a, b) => a - b);
      expect(times.length).toBeGreaterThanOrEqual(readers.length);
      // Measured where the messages arrive, so one interval is left for the first connection's set-up.
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 2) * 100);
    });

    it("schedules a campaign for later, cancels it back to a draft, and refuses a time in the past", async () => {
      const campaign = await asAdmin("POST", "/admin/newsletter/campaigns", { kind: "markdown", subject: "Next week", body: "Soon." });
      const id = campaign.body.data._id as string;
      expect((await asAdmin("POST", `/admin/newsletter/campaigns/${id}/send`, { scheduledAt: new Date(Date.now() - 60_000).toISOString() })).status).toBe(400);
      const at = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
      const scheduled = await asAdmin("POST", `/admin/newsletter/campaigns/${id}/send`, { scheduledAt: at });
      expect(scheduled.body.data).toMatchObject({ status: "scheduled", scheduledAt: at });
      const cancelled = await asAdmin("POST", `/admin/newsletter/campaigns/${id}/cancel`);
      expect(cancelled.body.data).toMatchObject({ status: "draft", scheduledAt: null });
      expect((await asAdmin("POST", `/admin/newsletter/campaigns/${id}/cancel`)).status).toBe(409);
      expect((await asAdmin("DELETE", `/admin/newsletter/campaigns/${id}`)).status).toBe(204);
      expect((await asAdmin("GET", `/admin/newsletter/campaigns/${id}`)).status).toBe(404);
    });

    it("e-mails an article published with 'send to subscribers' once, however often it is saved", async () => {
      const reader = await confirmed("auto");
      const article = {
        title: `Solar farm in Andalusia ${counter}`,
        excerpt: "A 40 MW solar farm joins the platform.",
        markdown: "The farm produces **enough power** for 12,000 homes.",
        category: "Renewable Energy",
        author: { name: "Vestin Research" },
        featuredImage: "/images/blog/solar.jpg",
        featuredImageAlt: "Rows of solar panels",
        sendToSubscribers: true,
      };
      const created = await asAdmin("POST", "/blogs", article);
      expect(created.status).toBe(201);
      const articleId = created.body.data._id as string;
      await settle();
      await asAdmin("PUT", `/blogs/${articleId}`, { excerpt: "A 40 MW solar farm joins the platform today." });
      await settle();
      const copies = inbox(reader).filter((m) => m.subject === article.title);
      const rows = await t().database.db.selectFrom("newsletter_campaigns").selectAll().where("auto_article_id", "=", articleId).execute();
      expect(copies, JSON.stringify(rows)).toHaveLength(1);
      expect(copies[0]!.html).toContain(`src="${SITE}/images/blog/solar.jpg"`);
      expect(copies[0]!.text).toContain(`${SITE}/blog/`);
      const editing = await asAdmin("GET", `/admin/articles/${articleId}`);
      expect(editing.body.data.sendToSubscribers).toBe(true);
      expect(editing.body.data.newsletterSentAt).toEqual(expect.any(String));
      const automatic = await t().database.db.selectFrom("newsletter_campaigns").select(["status"]).where("auto_article_id", "=", articleId).execute();
      expect(automatic).toEqual([{ status: "sent" }]);
    });

    it("imports a CSV only when every line is an address, names the bad line, and asks each new address to confirm", async () => {
      const good = [unique("imp-a"), unique("imp-b")];
      const existing = await confirmed("imp-existing");
      const badCsv = `email,name\n${good[0]},A\nnot-an-address,B\n`;
      const bad = await asAdmin("POST", "/admin/newsletter/subscribers/import", {
        csv: badCsv,
        consentSource: "Signed up at the London tokenization meetup, 12 Nov",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^Line 3: "not-an-address" is not a valid e-mail address/);
      expect(await t().database.db.selectFrom("newsletter_subscribers").select("id").where("email", "=", good[0]!).execute()).toHaveLength(0);
      expect((await asAdmin("POST", "/admin/newsletter/subscribers/import", { csv: good.join("\n"), consentSource: "" })).status).toBe(400);

      const ok = await asAdmin("POST", "/admin/newsletter/subscribers/import", {
        csv: `Email\n${good.join("\n")}\n${existing}\n${good[0]}`,
        consentSource: "Signed up at the London tokenization meetup, 12 Nov",
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toEqual({ imported: 2, skipped: 2 });
      await settle();
      for (const email of good) expect(inbox(email).map((m) => m.subject)).toEqual([NEWSLETTER_MESSAGES.confirmSubject]);
      const consents = (await asAdmin("POST", "/admin/privacy/export", { email: good[0] })).body.data.newsletter.consents;
      expect(consents[0]).toMatchObject({ action: "given", source: "import", wording: "Signed up at the London tokenization meetup, 12 Nov" });

      const csv = await app().inject({
        method: "GET",
        url: "/api/v1/admin/newsletter/subscribers.csv?status=pending",
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(csv.headers["content-type"]).toContain("text/csv");
      expect(csv.body).toContain(good[1]);
      expect(csv.body).not.toContain(existing);
    });

    it("counts subscribers and charts confirmed ones per day", async () => {
      const stats = await asAdmin("GET", "/admin/newsletter/stats");
      const { counts, days } = stats.body.data;
      const all = await t().database.db.selectFrom("newsletter_subscribers").select("status").execute();
      expect(counts.confirmed).toBe(all.filter((r) => r.status === "confirmed").length);
      expect(counts.pending).toBe(all.filter((r) => r.status === "pending").length);
      expect(days).toHaveLength(90);
      expect(days.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), confirmed: counts.confirmed });
      expect(days.at(-1).joined).toBeGreaterThan(0);
    });

    it("subscribes at sign-up with the double opt-in, follows the account's choice, and erases with the person", async () => {
      const user = newUser({ subscribeNewsletter: true });
      const registered = await api(app(), "POST", "/api/v1/auth/register", user);
      expect(registered.status).toBe(201);
      await settle();
      expect(inbox(user.email).map((m) => m.subject)).toContain(NEWSLETTER_MESSAGES.confirmSubject);
      const token = registered.body.data.token as string;
      const settings = await api(app(), "GET", "/api/v1/me/account", undefined, token);
      expect(settings.body.data).toMatchObject({ newsletter: true, newsletterStatus: "pending" });
      const off = await api(app(), "PUT", "/api/v1/me/preferences", { newsletter: false }, token);
      expect(off.body.data).toMatchObject({ newsletter: false, newsletterStatus: "unsubscribed" });
      // Back on within the hour: no second e-mail, and the link already sent starts it again.
      const on = await api(app(), "PUT", "/api/v1/me/preferences", { newsletter: true }, token);
      expect(on.body.data).toMatchObject({ newsletter: true, newsletterStatus: "pending" });
      await settle();
      expect(inbox(user.email).filter((m) => m.subject === NEWSLETTER_MESSAGES.confirmSubject)).toHaveLength(1);
      const link = tokenIn(inbox(user.email).find((m) => m.subject === NEWSLETTER_MESSAGES.confirmSubject)?.text ?? "");
      expect((await api(app(), "POST", "/api/v1/newsletter/confirm", { token: link })).body.data.status).toBe("confirmed");
      expect((await api(app(), "PUT", "/api/v1/me/preferences", { newsletter: false }, token)).body.data.newsletterStatus).toBe("unsubscribed");

      const erased = await asAdmin("POST", "/admin/privacy/erase", { email: user.email, confirm: true });
      expect(erased.status).toBe(200);
      expect(await t().database.db.selectFrom("newsletter_subscribers").select("id").where("email", "=", user.email).execute()).toHaveLength(0);
      const after = await asAdmin("POST", "/admin/privacy/export", { email: user.email });
      expect(after.body.data.newsletter.subscription).toBeNull();
      expect(after.body.data.newsletter.consents).toEqual([expect.objectContaining({ action: "withdrawn", source: "erasure", wording: null })]);
    });

    it("stores a subscription from the public form as one statement on PostgreSQL, committed with others handed in at the same time", async (ctx) => {
      if (t().dialect !== "postgres") return ctx.skip();
      await app().jobs.idle();
      const before = t().database.commits();
      const email = unique("one-statement");
      expect((await subscribe(email)).status).toBe(202);
      // Only a transaction sent whole, as one statement, is committed through the group commit.
      expect(t().database.commits().transactions - before.transactions).toBe(1);
      const row = await t()
        .database.db.selectFrom("newsletter_subscribers")
        .select(["status", "source", "source_page"])
        .where("email", "=", email)
        .executeTakeFirst();
      expect(row).toEqual({ status: "pending", source: "footer", source_page: "/articles" });
      await settle();
      expect(inbox(email)).toHaveLength(1);
    });

    it("sends a confirmation e-mail only while its link is the one awaited: not once replaced, confirmed or held back by the hour", async () => {
      // The confirmation job as the queue stores and runs it, here run by hand in any order.
      const handlers = new Map<string, JobHandler<unknown>>();
      const stored: { name: string; data: unknown }[] = [];
      const jobs = {
        define: (name: string, handler: JobHandler<unknown>) => handlers.set(name, handler),
        send: async (name: string, data: unknown) => {
          stored.push({ name, data });
          return "job";
        },
      } as unknown as JobQueue;
      const sent: MailMessage[] = [];
      const directMailer: Mailer = { mode: "outbox", send: async (message) => void sent.push(message) };
      const subscriptions = createSubscriptions({ database: t().database, jobs, directMailer, keys: newsletterKeys("a test secret"), publicUrl: SITE });
      const run = (i: number) => handlers.get(NEWSLETTER_CONFIRMATION_JOB)?.(stored[i]?.data, { attempt: 1 } as never);
      const email = unique("awaited");
      const ask = () => subscriptions.request(email, { source: "footer", page: "/", ip: "203.0.113.9" });

      await ask();
      await ask(); // within the hour: held back, its link stored nowhere
      expect(stored.map((s) => s.name)).toEqual([NEWSLETTER_CONFIRMATION_JOB, NEWSLETTER_CONFIRMATION_JOB]);
      await run(1);
      expect(sent).toHaveLength(0);
      // An hour later a new link replaces the first: the first's e-mail, run late, is not sent.
      const earlier = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
      await t().database.db.updateTable("newsletter_subscribers").set({ confirm_mail_sent_at: earlier }).where("email", "=", email).execute();
      await ask();
      await run(0);
      expect(sent).toHaveLength(0);
      await run(2);
      expect(sent).toHaveLength(1);
      // Confirmed through it, a later try of the same job sends nothing more.
      expect((await subscriptions.confirm(tokenIn(sent[0]?.text ?? ""), undefined)).status).toBe("confirmed");
      await run(2);
      expect(sent).toHaveLength(1);
      // Each request that changed something recorded its consent: the first and the third.
      const consents = await t().database.db.selectFrom("newsletter_consents").select("action").where("email_hash", "=", emailHash(email)).execute();
      expect(consents.map((c) => c.action).sort()).toEqual(["confirmed", "given", "given"]);
    });

    it("keeps the console to admins", async () => {
      const user = await signedInUser(app(), t().database.db);
      for (const path of ["/admin/newsletter/stats", "/admin/newsletter/subscribers", "/admin/newsletter/campaigns"]) {
        expect((await api(app(), "GET", `/api/v1${path}`)).status).toBe(401);
        expect((await api(app(), "GET", `/api/v1${path}`, undefined, user.token)).status).toBe(403);
      }
      expect(
        (await api(app(), "POST", "/api/v1/admin/newsletter/subscribers/import", { csv: "a@example.com", consentSource: "a stated source" }, user.token))
          .status,
      ).toBe(403);
    });
  },
  { env: () => ({ PUBLIC_URL: SITE, NEWSLETTER_RATE: "600", SMTP_URL: `smtp://127.0.0.1:${smtp?.port ?? 0}` }) },
);
