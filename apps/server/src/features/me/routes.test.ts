import { beforeAll, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts";
import { ME_MESSAGES } from "@vestin/shared/me";
import { LEARNING_MESSAGES } from "@vestin/shared/learning";
import { describeEachDatabase } from "../../../test/harness.ts";
import { until } from "../../../test/until.ts";
import { api, createCourse, newUser, outboxMessages, signedInUser } from "../../../test/helpers.ts";

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describeEachDatabase(
  "the learner's own space (/me)",
  (t) => {
    let admin = "";
    beforeAll(async () => {
      admin = (await signedInUser(t().app, t().database.db, { admin: true })).token;
    });

    /** Registers someone and signs them in again from a second device. */
    const person = async () => {
      const user = newUser();
      const first = await t().app.inject({ method: "POST", url: "/api/v1/auth/register", payload: user, headers: { "user-agent": CHROME_MAC } });
      const second = await t().app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: user.email, password: user.password },
        headers: { "user-agent": SAFARI_IPHONE },
      });
      return { ...user, id: first.json().data.user._id as string, laptop: first.json().data.token as string, phone: second.json().data.token as string };
    };
    /** Makes the account one that signs in with Google and has no password. */
    const signsInWithGoogleOnly = (userId: string) =>
      t()
        .database.db.updateTable("users")
        .set({ password_hash: null, google_sub: `google-${userId}` })
        .where("id", "=", userId)
        .execute();
    const makeCourse = (lessons: number) => createCourse(t().app, admin, lessons);

    it("lists my courses in progress (last visited first) and completed ones, and resumes at the lesson last opened", async () => {
      const me = await person();
      const a = await makeCourse(4);
      const b = await makeCourse(2);
      const empty = await api(t().app, "GET", "/api/v1/me/learning", undefined, me.laptop);
      expect(empty.body.data).toEqual({ inProgress: [], completed: [], placement: null });

      for (const course of [a, b]) await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, me.laptop);
      await api(t().app, "POST", `/api/v1/lessons/${a.lessons[0]}/complete`, undefined, me.laptop);
      // Opened lesson 3 of course a (not the first lesson left to do), then finished course b.
      expect((await api(t().app, "POST", `/api/v1/me/lessons/${a.lessons[2]}/visit`, undefined, me.laptop)).status).toBe(204);
      for (const lesson of b.lessons) await api(t().app, "POST", `/api/v1/lessons/${lesson}/complete`, undefined, me.laptop);
      const pdf = await t().app.inject({ method: "GET", url: `/api/v1/courses/${b.id}/certificate`, headers: { authorization: `Bearer ${me.laptop}` } });
      expect(pdf.statusCode).toBe(200);

      const mine = (await api(t().app, "GET", "/api/v1/me/learning", undefined, me.laptop)).body.data;
      expect(mine.inProgress.map((c: { courseId: string }) => c.courseId)).toEqual([a.id]);
      expect(mine.inProgress[0]).toMatchObject({
        completedLessons: 1,
        totalLessons: 4,
        progressPercentage: 25,
        resume: { lessonId: a.lessons[2], lessonNumber: 3, title: "Step 3" },
        certificate: null,
      });
      expect(mine.inProgress[0].resume.visitedAt).not.toBeNull();
      expect(mine.completed[0]).toMatchObject({
        courseId: b.id,
        progressPercentage: 100,
        certificate: { code: pdf.headers["x-certificate-code"], score: null },
        assessmentPassed: null,
      });
      expect((await api(t().app, "GET", `/api/v1/me/courses/${a.slug}`, undefined, me.laptop)).body.data.resume.lessonNumber).toBe(3);

      // Without a visit, the first lesson not done.
      const other = await person();
      await api(t().app, "POST", `/api/v1/courses/${a.id}/enroll`, undefined, other.laptop);
      await api(t().app, "POST", `/api/v1/lessons/${a.lessons[0]}/complete`, undefined, other.laptop);
      expect((await api(t().app, "GET", `/api/v1/me/courses/${a.id}`, undefined, other.laptop)).body.data.resume).toMatchObject({
        lessonNumber: 2,
        visitedAt: null,
      });
      // Someone else's enrolment and unknown lessons.
      const stranger = await person();
      expect(await api(t().app, "POST", `/api/v1/me/lessons/${a.lessons[1]}/visit`, undefined, stranger.laptop)).toMatchObject({
        status: 403,
        body: { message: LEARNING_MESSAGES.mustEnroll },
      });
      expect((await api(t().app, "POST", "/api/v1/me/lessons/no-such-lesson/visit", undefined, me.laptop)).status).toBe(404);
      expect((await api(t().app, "GET", `/api/v1/me/courses/${a.id}`, undefined, stranger.laptop)).status).toBe(404);
      expect((await api(t().app, "GET", "/api/v1/me/learning")).status).toBe(401);
    });

    it("changes my name and my newsletter choice, with when it changed", async () => {
      const me = await person();
      const settings = await api(t().app, "GET", "/api/v1/me/account", undefined, me.laptop);
      expect(settings.body.data).toMatchObject({
        firstName: "Ada",
        email: me.email,
        hasPassword: true,
        signsInWithGoogle: false,
        newsletter: false,
        newsletterChangedAt: null,
      });
      expect((await api(t().app, "PATCH", "/api/v1/me/account", { firstName: " ", lastName: "X" }, me.laptop)).status).toBe(400);
      const renamed = await api(t().app, "PATCH", "/api/v1/me/account", { firstName: "Grace", lastName: "Hopper" }, me.laptop);
      expect(renamed.body.data).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.phone)).body.data.user).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
      const subscribed = await api(t().app, "PUT", "/api/v1/me/preferences", { newsletter: true }, me.laptop);
      expect(subscribed.body.data.newsletter).toBe(true);
      expect(Date.parse(subscribed.body.data.newsletterChangedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect((await api(t().app, "PUT", "/api/v1/me/preferences", { newsletter: "yes" }, me.laptop)).status).toBe(400);
    });

    it("changes my password only with the current one, signs out my other sessions and e-mails a notice", async () => {
      const me = await person();
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ currentPassword: "wrong password", newPassword: "brand new secret" }, ME_MESSAGES.wrongPassword],
        [{ newPassword: "brand new secret" }, ME_MESSAGES.currentPasswordRequired],
        [{ currentPassword: me.password, newPassword: me.password }, ME_MESSAGES.samePassword],
        [{ currentPassword: me.password, newPassword: "ab" }, ACCOUNT_MESSAGES.passwordTooShort],
      ];
      for (const [body, text] of refusals)
        expect(await api(t().app, "POST", "/api/v1/me/password", body, me.laptop), text).toMatchObject({ status: 400, body: { message: text } });
      // Nothing changed: both devices are signed in, the old password works.
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.phone)).status).toBe(200);
      expect((await api(t().app, "POST", "/api/v1/auth/login", { email: me.email, password: me.password })).status).toBe(200);

      await t().app.jobs.idle();
      const mailsBefore = outboxMessages(t().config.dataDir).length;
      const changed = await api(t().app, "POST", "/api/v1/me/password", { currentPassword: me.password, newPassword: "brand new secret" }, me.laptop);
      expect(changed).toMatchObject({ status: 200, body: { data: { message: ME_MESSAGES.passwordChanged } } });
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.phone)).status).toBe(401);
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.laptop)).status).toBe(200);
      expect((await api(t().app, "POST", "/api/v1/auth/login", { email: me.email, password: me.password })).status).toBe(401);
      expect((await api(t().app, "POST", "/api/v1/auth/login", { email: me.email, password: "brand new secret" })).status).toBe(200);
      await t().app.jobs.idle();
      const notice = outboxMessages(t().config.dataDir)
        .slice(mailsBefore)
        .find((m) => m.includes(me.email));
      expect(notice).toContain("password was changed");
    });

    it("lets an account without a password set one", async () => {
      const me = await person();
      await signsInWithGoogleOnly(me.id);
      const set = await api(t().app, "POST", "/api/v1/me/password", { newPassword: "first password" }, me.laptop);
      expect(set.body.data.message).toBe(ME_MESSAGES.passwordSet);
      expect((await api(t().app, "POST", "/api/v1/auth/login", { email: me.email, password: "first password" })).status).toBe(200);
    });

    it("lists my sessions with their devices and ends one or all others, never someone else's", async () => {
      const me = await person();
      const stranger = await person();
      const sessions = (await api(t().app, "GET", "/api/v1/me/sessions", undefined, me.laptop)).body.data as Array<{
        id: string;
        device: string;
        current: boolean;
        deviceType: string;
      }>;
      expect(sessions).toHaveLength(2);
      const laptop = sessions.find((s) => s.current);
      const phone = sessions.find((s) => !s.current);
      expect(laptop?.device).toBe("Chrome 142 on macOS");
      expect(phone).toMatchObject({ deviceType: "mobile" });
      expect(phone?.device).toContain("Safari");

      const theirs = (await api(t().app, "GET", "/api/v1/me/sessions", undefined, stranger.laptop)).body.data[0].id as string;
      expect(await api(t().app, "DELETE", `/api/v1/me/sessions/${theirs}`, undefined, me.laptop)).toMatchObject({
        status: 404,
        body: { message: ME_MESSAGES.sessionNotFound },
      });
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, stranger.laptop)).status).toBe(200);

      expect((await api(t().app, "DELETE", `/api/v1/me/sessions/${phone?.id}`, undefined, me.laptop)).status).toBe(204);
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.phone)).status).toBe(401);
      const again = await t().app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: me.email, password: me.password } });
      expect(again.statusCode).toBe(200);
      expect((await api(t().app, "POST", "/api/v1/me/sessions/sign-out-others", undefined, me.laptop)).body.data.revoked).toBe(1);
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, again.json().data.token)).status).toBe(401);
      expect((await api(t().app, "GET", "/api/v1/me/sessions", undefined, me.laptop)).body.data).toHaveLength(1);
    });

    it("records when a session was last seen on its requests, at most once in five minutes", async () => {
      const me = await person();
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
      const seenOf = async (userAgent: string) =>
        (
          await t()
            .database.db.selectFrom("sessions")
            .select("last_seen_at")
            .where("user_id", "=", me.id)
            .where("user_agent", "=", userAgent)
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      const setSeen = (userAgent: string, at: string) =>
        t().database.db.updateTable("sessions").set({ last_seen_at: at }).where("user_id", "=", me.id).where("user_agent", "=", userAgent).execute();
      // Neither session has been used yet: the laptop was last seen ten minutes ago, the phone two.
      const laptopBefore = minutesAgo(10);
      const phoneBefore = minutesAgo(2);
      await setSeen(CHROME_MAC, laptopBefore);
      await setSeen(SAFARI_IPHONE, phoneBefore);
      const requestedAt = new Date().toISOString();

      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.phone)).status).toBe(200);
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.laptop)).status).toBe(200);
      // Written soon after each request, in the order of the requests.
      const laptopSeen = await until("the laptop's session seen again", async () => {
        const seen = await seenOf(CHROME_MAC);
        return seen !== null && seen >= requestedAt ? seen : undefined;
      });
      expect(Date.parse(laptopSeen)).toBeLessThanOrEqual(Date.now());
      expect(await seenOf(SAFARI_IPHONE)).toBe(phoneBefore);
      const listed = (await api(t().app, "GET", "/api/v1/me/sessions", undefined, me.laptop)).body.data as Array<{ current: boolean; lastSeenAt: string }>;
      expect(listed.find((s) => !s.current)?.lastSeenAt).toBe(phoneBefore);
    });

    it("exports what is held about me, and deletion removes it: account, learning, leads; certificates read as revoked", async () => {
      const me = await person();
      const course = await makeCourse(1);
      await api(t().app, "POST", `/api/v1/courses/${course.id}/enroll`, undefined, me.laptop);
      await api(t().app, "POST", `/api/v1/lessons/${course.lessons[0]}/complete`, undefined, me.laptop);
      const pdf = await t().app.inject({ method: "GET", url: `/api/v1/courses/${course.id}/certificate`, headers: { authorization: `Bearer ${me.laptop}` } });
      const code = pdf.headers["x-certificate-code"] as string;
      expect((await api(t().app, "POST", "/api/v1/testnet-signup", { username: "Ada", email: me.email, twitterHandle: "", telegramHandle: "" })).status).toBe(
        201,
      );

      const exported = await t().app.inject({ method: "GET", url: "/api/v1/me/export", headers: { authorization: `Bearer ${me.laptop}` } });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="vestin-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      const data = exported.json();
      expect(data.account.user.email).toBe(me.email);
      expect(data.learning.enrollments.map((e: { courseId: string }) => e.courseId)).toContain(course.id);
      expect(data.learning.certificates.map((c: { code: string }) => c.code)).toContain(code);
      expect(data.sessions).toHaveLength(2);
      expect(JSON.stringify(data.leads)).toContain(me.email);

      expect(await api(t().app, "POST", "/api/v1/me/delete", { email: "someone.else@example.com", password: me.password }, me.laptop)).toMatchObject({
        status: 400,
        body: { message: ME_MESSAGES.deleteEmailMismatch },
      });
      expect(await api(t().app, "POST", "/api/v1/me/delete", { email: me.email, password: "not it" }, me.laptop)).toMatchObject({
        status: 400,
        body: { message: ME_MESSAGES.wrongPassword },
      });
      expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, me.laptop)).status).toBe(200);

      const deleted = await api(t().app, "POST", "/api/v1/me/delete", { email: me.email.toUpperCase(), password: me.password }, me.laptop);
      expect(deleted).toMatchObject({ status: 200, body: { data: { message: ME_MESSAGES.accountDeleted } } });
      // Every session ends; a stale tab gets a 401 and changes nothing.
      expect((await api(t().app, "GET", "/api/v1/me/account", undefined, me.phone)).status).toBe(401);
      expect((await api(t().app, "PATCH", "/api/v1/me/account", { firstName: "Back", lastName: "Again" }, me.laptop)).status).toBe(401);
      expect((await api(t().app, "POST", "/api/v1/auth/login", { email: me.email, password: me.password })).status).toBe(401);
      expect(await api(t().app, "GET", `/api/v1/certificates/${code}`)).toMatchObject({ status: 410, body: { message: ME_MESSAGES.certificateRevoked } });
      const after = await api(t().app, "POST", "/api/v1/admin/privacy/export", { email: me.email }, admin);
      expect(after.body.data).toMatchObject({ account: null, learning: null });
      expect(Object.values(after.body.data.leads as Record<string, unknown[]>).every((rows) => rows.length === 0)).toBe(true);
      for (const table of ["enrollments", "lesson_completions", "sessions", "certificates"] as const) {
        expect(await t().database.db.selectFrom(table).select("user_id").where("user_id", "=", me.id).execute(), table).toEqual([]);
      }
      const audit = await t().database.db.selectFrom("audit_log").select(["action", "actor_email"]).where("action", "=", "ACCOUNT deleted by holder").execute();
      expect(audit.length).toBeGreaterThan(0);
      expect(JSON.stringify(audit)).not.toContain(me.email);
    });

    it("asks an account without a password for a fresh sign-in before deleting it", async () => {
      const me = await person();
      await signsInWithGoogleOnly(me.id);
      await t()
        .database.db.updateTable("sessions")
        .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
        .where("user_id", "=", me.id)
        .execute();
      expect(await api(t().app, "POST", "/api/v1/me/delete", { email: me.email }, me.laptop)).toMatchObject({
        status: 403,
        body: { message: ME_MESSAGES.freshSignInRequired },
      });
      await t().database.db.updateTable("sessions").set({ created_at: new Date().toISOString() }).where("user_id", "=", me.id).execute();
      expect((await api(t().app, "POST", "/api/v1/me/delete", { email: me.email }, me.laptop)).status).toBe(200);
    });
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
