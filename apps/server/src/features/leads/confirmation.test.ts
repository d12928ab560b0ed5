import { spawn } from "node:child_process";
import type { FastifyBaseLogger } from "fastify";
import { expect, it } from "vitest";
import { MESSAGES } from "@vestin/shared/api";
import { CONFIRM_MESSAGES, CONFIRMATION } from "@vestin/shared/form-guard";
import { LEAD_MAIL } from "@vestin/shared/leads";
import { ROOT_DIR } from "../../config.ts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { guarded } from "../../../test/form-guard.ts";
import { api, countRows, enrolSecondFactor, linkIn, newUser, outboxMessages } from "../../../test/helpers.ts";
import { freshClaimUsername, presaleBody, uniqueEmail, waitlistBody } from "../../../test/lead-payloads.ts";
import { injectPost, signedClaimBody } from "../../../test/wallet.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import { CONFIRMATION_JOB, createConfirmations } from "./confirmations.ts";
import { CONFIRM_RESEND_LIMIT } from "./limits.ts";
import { confirmationJobs } from "./testing/confirmation-jobs.ts";

const HOUR = 60 * 60 * 1000;

describeEachDatabase(
  "verified leads",
  (t) => {
    const post = (path: string, body: Record<string, unknown>) => api(t().app, "POST", `/api/v1${path}`, guarded(t().config, body));
    const confirm = (token: string) => api(t().app, "POST", "/api/v1/confirm", { token });
    const presale = (email: string) => presaleBody({ email });
    const waitlist = (email: string) => waitlistBody({ email });
    const claim = (email: string) => signedClaimBody(injectPost(t().app), { email, zealyUsername: freshClaimUsername() });
    /** The e-mails sent to one address, oldest first. */
    /** E-mails leave through the job queue: wait for it before reading the outbox. */
    const mailsTo = async (email: string) => {
      await t().app.jobs.idle();
      return outboxMessages(t().config.dataDir).filter((m) => m.includes(`To: ${email}`));
    };
    const tokenOf = (mail: string) => new URL(linkIn(mail, `${t().config.publicUrl}/confirm?token=`)).searchParams.get("token") ?? "";
    const verifiedAt = async (table: "presale_registrations" | "testnet_signups" | "pioneer_users", email: string) =>
      (await t().database.db.selectFrom(table).select("verified_at").where("email", "=", email).executeTakeFirstOrThrow()).verified_at;
    const admin = async () => {
      const user = guarded(t().config, newUser());
      const res = await api(t().app, "POST", "/api/v1/auth/register", user);
      await t().database.db.updateTable("users").set({ role: "admin" }).where("id", "=", res.body.data.user._id).execute();
      await enrolSecondFactor(t().database.db, t().config.jwtSecret, res.body.data.user._id as string);
      return res.body.data.token as string;
    };

    it("stores a sign-up with its confirmation link and e-mail, or none of them: an acknowledged lead never loses its e-mail", async () => {
      const jobs = t().app.jobs;
      const send = jobs.send;
      const count = async (table: "testnet_signups" | "presale_registrations" | "pioneer_users" | "lead_confirmations", email: string) =>
        (await t().database.db.selectFrom(table).select("email").where("email", "=", email).execute()).length;
      // The job table refuses the confirmation request (a full disk, a lost connection at that moment).
      jobs.send = (async (name: string, data: unknown, options?: Parameters<typeof send>[2]) => {
        if (name === CONFIRMATION_JOB) throw new Error("the job table refused the confirmation request");
        return send.call(jobs, name, data, options);
      }) as typeof send;
      const refused = { waitlist: uniqueEmail("together.w"), presale: uniqueEmail("together.p"), claim: uniqueEmail("together.c") };
      try {
        const answers = [
          await post("/testnet-signup", waitlist(refused.waitlist)),
          await post("/presale", presale(refused.presale)),
          await post("/pioneer-users", await claim(refused.claim)),
        ];
        // Not acknowledged, and nothing of it kept: no lead, no link, no e-mail.
        for (const res of answers) expect(res.status).toBeGreaterThanOrEqual(500);
        expect(await count("testnet_signups", refused.waitlist)).toBe(0);
        expect(await count("presale_registrations", refused.presale)).toBe(0);
        expect(await count("pioneer_users", refused.claim)).toBe(0);
        for (const email of Object.values(refused)) expect(await count("lead_confirmations", email)).toBe(0);
      } finally {
        jobs.send = send;
      }
      // The same person again: the sign-up, then its link and its e-mail once its request is worked.
      expect((await post("/testnet-signup", waitlist(refused.waitlist))).status).toBe(201);
      expect(await count("testnet_signups", refused.waitlist)).toBe(1);
      expect(await mailsTo(refused.waitlist)).toHaveLength(1);
      expect(await count("lead_confirmations", refused.waitlist)).toBe(1);
    });

    it("e-mails a single-use link with a presale registration; opening it verifies the lead once", async () => {
      const email = uniqueEmail("presale");
      const res = await post("/presale", presale(email));
      expect(res.status).toBe(201);
      expect(await verifiedAt("presale_registrations", email)).toBeNull();

      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      const mail = mails[0] ?? "";
      expect(mail).toContain(`Subject: ${LEAD_MAIL.presaleSubject}`);
      expect(mail).toContain("presale whitelist");
      const link = linkIn(mail, `${t().config.publicUrl}/confirm?token=`);
      expect(link).toMatch(/^http:\/\/localhost:3000\/confirm\?token=[\w-]{43}$/);
      // Only a hash of the token is stored.
      const token = tokenOf(mail);
      const stored = await t().database.db.selectFrom("lead_confirmations").selectAll().where("email", "=", email).execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(Date.parse(stored[0]?.expires_at ?? "") - Date.now()).toBeGreaterThan((CONFIRMATION.linkValidDays - 1) * 24 * HOUR);

      const opened = await confirm(token);
      expect(opened.status).toBe(200);
      expect(opened.headers["cache-control"]).toBe("no-store");
      expect(opened.body).toEqual({ success: true, message: CONFIRM_MESSAGES.confirmed, data: { confirmed: ["presale"], confirmedAt: expect.any(String) } });
      const at = await verifiedAt("presale_registrations", email);
      expect(at).toBe(opened.body.data.confirmedAt);

      // Used: a clear refusal, and nothing changes.
      const again = await confirm(token);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, requestId: expect.any(String), message: CONFIRM_MESSAGES.used, errors: { token: CONFIRM_MESSAGES.used } });
      expect(await verifiedAt("presale_registrations", email)).toBe(at);
    });

    it("refuses invalid and expired links without changing anything", async () => {
      for (const token of ["not-a-real-token", "x".repeat(43)]) {
        const res = await confirm(token);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          requestId: expect.any(String),
          message: CONFIRM_MESSAGES.invalid,
          errors: { token: CONFIRM_MESSAGES.invalid },
        });
      }
      for (const body of [{}, { token: "" }, { token: 5 }]) {
        const res = await api(t().app, "POST", "/api/v1/confirm", body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toBe(CONFIRM_MESSAGES.invalid);
      }

      const email = uniqueEmail("expired");
      expect((await post("/testnet-signup", waitlist(email))).status).toBe(201);
      const token = tokenOf((await mailsTo(email))[0] ?? "");
      await t()
        .database.db.updateTable("lead_confirmations")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      const expired = await confirm(token);
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(CONFIRM_MESSAGES.expired);
      expect(await verifiedAt("testnet_signups", email)).toBeNull();
      const row = await t().database.db.selectFrom("lead_confirmations").select("used_at").where("email", "=", email).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
    });

    it("e-mails a new link for an expired one; the new link works, and asking again within the hour sends nothing more", async () => {
      const resend = (token: string) => api(t().app, "POST", "/api/v1/confirm/resend", { token });
      const neutral = { success: true, message: CONFIRM_MESSAGES.resent };
      const email = uniqueEmail("resend");
      expect((await post("/testnet-signup", waitlist(email))).status).toBe(201);
      const first = tokenOf((await mailsTo(email))[0] ?? "");
      // Thirty days later: the link has expired and the hour of its e-mail is long past.
      const { db } = t().database;
      await db
        .updateTable("lead_confirmations")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      await db
        .updateTable("confirmation_mail_log")
        .set({ last_sent_at: new Date(Date.now() - HOUR - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      expect((await confirm(first)).body.message).toBe(CONFIRM_MESSAGES.expired);

      const asked = await resend(first);
      expect(asked.status).toBe(200);
      expect(asked.headers["cache-control"]).toBe("no-store");
      expect(asked.body).toEqual(neutral);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toContain(`Subject: ${CONFIRM_MESSAGES.mailSubject}`);
      expect(mails[1]).toContain("Testnet waitlist");
      const second = tokenOf(mails[1] ?? "");
      expect(second).not.toBe(first);

      // Asked again within the hour (a double click, a second tab): the same answer, no second e-mail.
      const again = await resend(first);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(neutral);
      expect(await mailsTo(email)).toHaveLength(2);

      // The new link confirms the address; the old one stays expired and changes nothing.
      const opened = await confirm(second);
      expect(opened.status).toBe(200);
      expect(opened.body.data.confirmed).toEqual(["waitlist"]);
      expect(await verifiedAt("testnet_signups", email)).toBe(opened.body.data.confirmedAt);
      expect((await confirm(first)).body.message).toBe(CONFIRM_MESSAGES.expired);

      // Nothing left to confirm: an hour later the expired link still gets the same answer, and no e-mail.
      await db
        .updateTable("confirmation_mail_log")
        .set({ last_sent_at: new Date(Date.now() - HOUR - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      expect((await resend(first)).body).toEqual(neutral);
      expect(await mailsTo(email)).toHaveLength(2);
    });

    it("answers a new-link request for an unknown, used or still valid link alike and sends nothing; a malformed token is a 400, never a 5xx", async () => {
      const resend = (body: unknown) => api(t().app, "POST", "/api/v1/confirm/resend", body);
      const pending = uniqueEmail("resend-valid");
      const used = uniqueEmail("resend-used");
      for (const email of [pending, used]) expect((await post("/presale", presale(email))).status).toBe(201);
      const pendingToken = tokenOf((await mailsTo(pending))[0] ?? "");
      const usedToken = tokenOf((await mailsTo(used))[0] ?? "");
      expect((await confirm(usedToken)).status).toBe(200);
      await t().app.jobs.idle();
      const before = outboxMessages(t().config.dataDir).length;

      for (const token of ["not-a-real-token", "x".repeat(43), pendingToken, usedToken]) {
        const res = await resend({ token });
        expect({ token, status: res.status, body: res.body }).toEqual({ token, status: 200, body: { success: true, message: CONFIRM_MESSAGES.resent } });
      }
      await t().app.jobs.idle();
      expect(outboxMessages(t().config.dataDir)).toHaveLength(before);

      for (const body of [{}, { token: "" }, { token: 5 }, { token: "t".repeat(201) }]) {
        const res = await resend(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: CONFIRM_MESSAGES.invalid });
      }
    });

    it("sends at most one confirmation e-mail per address per hour; its link verifies every lead of the address", async () => {
      const email = uniqueEmail("busy");
      expect((await post("/testnet-signup", waitlist(email))).status).toBe(201);
      expect((await post("/pioneer-users", await claim(email))).status).toBe(201);
      expect((await post("/pioneer-users", await claim(email))).status).toBe(201);
      expect((await post("/presale", presale(email))).status).toBe(201);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`Subject: ${LEAD_MAIL.waitlistSubject}`);

      const opened = await confirm(tokenOf(mails[0] ?? ""));
      expect(opened.body.data.confirmed).toEqual(["presale", "waitlist", "airdrop-claims"]);
      const claims = await t().database.db.selectFrom("pioneer_users").select("verified_at").where("email", "=", email).execute();
      expect(claims.map((c) => c.verified_at !== null)).toEqual([true, true]);

      // Within the same hour, after the link was opened: no e-mail, and the address is already proven.
      const another = uniqueEmail("other");
      expect((await post("/presale", presale(another))).status).toBe(201);
      expect(await mailsTo(another)).toHaveLength(1);
      const fourth = await post("/pioneer-users", await claim(email));
      expect(fourth.status).toBe(201);
      expect(await mailsTo(email)).toHaveLength(1);
      const latest = await t().database.db.selectFrom("pioneer_users").select("verified_at").where("id", "=", fourth.body.data._id).executeTakeFirstOrThrow();
      expect(latest.verified_at).not.toBeNull();

      // An hour later the next submission gets its own e-mail (the claim mail) and link.
      await t()
        .database.db.updateTable("confirmation_mail_log")
        .set({ last_sent_at: new Date(Date.now() - HOUR - 1000).toISOString() })
        .where("email", "=", email)
        .execute();
      expect((await post("/pioneer-users", await claim(email))).status).toBe(201);
      const later = await mailsTo(email);
      expect(later).toHaveLength(2);
      expect(later[1]).toContain(`Subject: ${LEAD_MAIL.claimSubject}`);
      expect(tokenOf(later[1] ?? "")).not.toBe(tokenOf(later[0] ?? ""));
    });

    it("decides each lead's e-mail once the lead is stored: leads of one address sent at once get one e-mail, whose link verifies them all", async () => {
      const email = uniqueEmail("together");
      const answers = await Promise.all([
        post("/testnet-signup", waitlist(email)),
        post("/presale", presale(email)),
        post("/pioneer-users", await claim(email)),
      ]);
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      // One link stored, the one the e-mail carries; one slot taken for the hour.
      const links = await t().database.db.selectFrom("lead_confirmations").select("token_hash").where("email", "=", email).execute();
      expect(links).toHaveLength(1);
      expect(await t().database.db.selectFrom("confirmation_mail_log").select("email").where("email", "=", email).execute()).toHaveLength(1);
      const opened = await confirm(tokenOf(mails[0] ?? ""));
      expect(opened.status).toBe(200);
      expect([...opened.body.data.confirmed].sort()).toEqual(["airdrop-claims", "presale", "waitlist"]);
    });

    const oneStatementForms: Array<{
      form: string;
      path: string;
      body: (email: string) => Record<string, unknown>;
      answered?: (data: unknown) => Promise<void>;
    }> = [
      { form: "waitlist sign-up", path: "/testnet-signup", body: waitlist },
      {
        form: "presale registration (its place read once it is committed)",
        path: "/presale",
        body: presale,
        answered: async (data) => {
          const total = await countRows(t().database.db, "presale_registrations");
          expect(data).toMatchObject({ queuePosition: total, totalAhead: total });
        },
      },
    ];
    for (const { form, path, body, answered } of oneStatementForms) {
      it(`stores a ${form}'s transaction as one statement on PostgreSQL, committed with others handed in at the same time`, async (ctx) => {
        if (t().dialect !== "postgres") return ctx.skip();
        await t().app.jobs.idle();
        const before = t().database.commits();
        const email = uniqueEmail("one-statement");
        const answer = await post(path, body(email));
        expect(answer.status).toBe(201);
        const after = t().database.commits();
        // Only a transaction sent whole, as one statement, is committed through the group commit.
        expect(after.transactions - before.transactions).toBe(1);
        expect(await mailsTo(email)).toHaveLength(1);
        await answered?.(answer.body.data);
      });
    }

    it("sends a lead's e-mail again when its send failed, without deciding again; a later lead of the address is held back", async () => {
      // The confirmation job as the queue runs it: stored by the lead's transaction, worked, tried again.
      const { jobs, stored, run } = confirmationJobs();
      const sent: MailMessage[] = [];
      let failures = 1;
      const smtp: Mailer = {
        mode: "smtp",
        async send(message) {
          if (failures-- > 0) throw new Error("Timeout");
          sent.push(message);
        },
      };
      const confirmations = createConfirmations({
        database: t().database,
        mailer: smtp,
        directMailer: smtp,
        jobs,
        publicUrl: "https://vestin.example",
        log: { info: () => {} } as unknown as FastifyBaseLogger,
        referralDailyBoosts: 3,
      });
      const email = uniqueEmail("retried");
      const lead = (subject: string) =>
        t()
          .database.db.transaction()
          .execute((trx) => confirmations.requestFor(trx, email, (link) => ({ to: email, subject, text: link, html: link })));
      const links = async () => (await t().database.db.selectFrom("lead_confirmations").select("token_hash").where("email", "=", email).execute()).length;

      await lead("First");
      await expect(run(stored[0], 1)).rejects.toThrow("Timeout");
      // Decided (the slot and the link are stored) but not sent; the retry sends the same message.
      expect(await links()).toBe(1);
      await run(stored[0], 2);
      expect(sent.map((m) => m.subject)).toEqual(["First"]);
      expect(sent[0]?.text).toMatch(/^https:\/\/vestin\.example\/confirm\?token=[\w-]{43}$/);

      // A second lead within the hour: the link on its way covers it, nothing more is sent or stored.
      await lead("Second");
      await run(stored[1], 1);
      expect(sent).toHaveLength(1);
      expect(await links()).toBe(1);
    });

    it("keeps counting every registration in the queue, verified or not", async () => {
      const a = await post("/presale", presale(uniqueEmail("queue-a")));
      const b = await post("/presale", presale(uniqueEmail("queue-b")));
      expect(b.body.data.queuePosition).toBe(a.body.data.queuePosition + 1);
      expect(b.body.data.totalAhead).toBe(a.body.data.totalAhead + 1);
    });

    it("shows verified and unverified leads in the admin inbox and filters by it", async () => {
      const token = await admin();
      const verified = uniqueEmail("inbox-verified");
      const unverified = uniqueEmail("inbox-unverified");
      expect((await post("/presale", presale(verified))).status).toBe(201);
      expect((await post("/presale", presale(unverified))).status).toBe(201);
      await confirm(tokenOf((await mailsTo(verified))[0] ?? ""));

      const list = async (query: string) => (await api(t().app, "GET", `/api/v1/admin/leads/presale?limit=100${query}`, undefined, token)).body;
      const all = await list("");
      const byEmail = new Map((all.data as Array<{ email: string; verifiedAt: string | null }>).map((l) => [l.email, l]));
      expect(byEmail.get(verified)?.verifiedAt).toEqual(expect.any(String));
      expect(byEmail.get(unverified)?.verifiedAt).toBeNull();
      const onlyVerified = (await list("&verified=verified")).data as Array<{ email: string; verifiedAt: string | null }>;
      expect(onlyVerified.every((l) => l.verifiedAt !== null)).toBe(true);
      expect(onlyVerified.map((l) => l.email)).toContain(verified);
      const onlyUnverified = (await list("&verified=unverified")).data as Array<{ email: string; verifiedAt: string | null }>;
      expect(onlyUnverified.every((l) => l.verifiedAt === null)).toBe(true);
      expect(onlyUnverified.map((l) => l.email)).toContain(unverified);

      const csv = await t().app.inject({
        method: "GET",
        url: "/api/v1/admin/leads/presale/export.csv?verified=verified",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(csv.body).toContain("E-mail confirmed");
      expect(csv.body).toContain(verified);
      expect(csv.body).not.toContain(unverified);

      const contacts = await api(t().app, "GET", "/api/v1/admin/leads/enquiries?verified=verified", undefined, token);
      expect(contacts.status).toBe(400);
      const wrong = await api(t().app, "GET", "/api/v1/admin/leads/presale?verified=yes", undefined, token);
      expect(wrong.status).toBe(400);
    });

    it("purges unverified leads older than 30 days from the command line, after a dry-run count", { timeout: 60_000 }, async () => {
      const { db } = t().database;
      const old = new Date(Date.now() - 31 * 24 * HOUR).toISOString();
      const oldVerified = uniqueEmail("old-verified");
      const oldUnverified = uniqueEmail("old-unverified");
      const recent = uniqueEmail("recent-unverified");
      for (const email of [oldVerified, oldUnverified, recent]) expect((await post("/testnet-signup", waitlist(email))).status).toBe(201);
      expect((await post("/pioneer-users", await claim(oldUnverified))).status).toBe(201);
      await db.updateTable("testnet_signups").set({ created_at: old }).where("email", "in", [oldVerified, oldUnverified]).execute();
      await db.updateTable("pioneer_users").set({ created_at: old }).where("email", "=", oldUnverified).execute();
      await db.updateTable("testnet_signups").set({ verified_at: old }).where("email", "=", oldVerified).execute();
      const count = async () =>
        Number(
          (
            await db
              .selectFrom("testnet_signups")
              .select((eb) => eb.fn.countAll<string | number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();

      // Run without blocking this process: the app under test shares the SQLite file, and its
      // writer commits its open batch on a later turn of the event loop, which a synchronous
      // spawn would never give it (the command would wait for the lock until it gave up).
      const run = (...args: string[]) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
          const child = spawn(process.execPath, ["apps/server/src/features/admin/cli.ts", "purge-unverified", ...args], {
            cwd: ROOT_DIR,
            env: { ...process.env, DATABASE_URL: t().databaseUrl, DATA_DIR: t().config.dataDir, JWT_SECRET: t().config.jwtSecret, LOG_LEVEL: "silent" },
          });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (chunk) => (stdout += chunk));
          child.stderr.on("data", (chunk) => (stderr += chunk));
          child.once("error", reject);
          child.once("close", (status) => resolve({ status, stdout, stderr }));
        });
      const dry = await run("--dry-run");
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/Dry run: 2 unverified lead\(s\) older than 30 days would be deleted \(presale 0, waitlist 1, airdrop claims 1\)/);
      expect(await count()).toBe(before);

      const real = await run();
      expect(real.status, real.stderr).toBe(0);
      expect(real.stdout).toMatch(/Deleted 2 unverified lead\(s\) older than 30 days/);
      expect(await count()).toBe(before - 1);
      const left = await db.selectFrom("testnet_signups").select("email").where("email", "in", [oldVerified, oldUnverified, recent]).execute();
      expect(left.map((r) => r.email).sort()).toEqual([oldVerified, recent].sort());
      expect(await db.selectFrom("pioneer_users").select("id").where("email", "=", oldUnverified).execute()).toEqual([]);
      const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "CLI purge-unverified").execute();
      expect(audit).toHaveLength(1);

      const help = await run("--days", "zero");
      expect(help.status).toBe(1);
      expect(help.stderr).toContain("--days");
    });
  },
  { env: { FORM_GUARD: "on", RATE_LIMITS: "off" } },
);

describeEachDatabase(
  "new confirmation links: the limit per client address",
  (t) => {
    it(`answers ${CONFIRM_RESEND_LIMIT.max} new-link requests an hour per address, then 429 with Retry-After`, async () => {
      const resend = () => api(t().app, "POST", "/api/v1/confirm/resend", { token: `an-expired-link-${Math.random()}` });
      for (let i = 0; i < CONFIRM_RESEND_LIMIT.max; i++) expect((await resend()).status).toBe(200);
      const refused = await resend();
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, requestId: expect.any(String), message: MESSAGES.tooManyRequests });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    });
  },
  { env: { RATE_LIMITS: "on" } },
);
