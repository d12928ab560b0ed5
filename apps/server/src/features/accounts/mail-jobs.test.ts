import { expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { storedJobs, whileJobIsRefused } from "../../../test/support/jobs.ts";
import { api, newUser } from "../../../test/helpers.ts";
import { MAIL_JOB } from "../../lib/jobs/index.ts";

/**
 * Every account e-mail is a job stored in the transaction of the write that causes it (the password
 * link, the password change, the invitation's account): when the job cannot be stored the write is
 * undone, and a write that commits always has its e-mail waiting in the queue.
 */
describeEachDatabase("account e-mails stored with their writes", (t) => {
  /** The queue's mail jobs (whatever their state) addressed to `email` with `subject`. */
  const mailJobs = (email: string, subject: string): Promise<number> => storedJobs(t().database.db, t().dialect, MAIL_JOB, { to: email, subject });

  /** The password links (used or not) of the account with this e-mail. */
  async function passwordLinks(email: string): Promise<number> {
    const rows = await t()
      .database.db.selectFrom("password_resets")
      .innerJoin("users", "users.id", "password_resets.user_id")
      .select("password_resets.token_hash")
      .where("users.email", "=", email)
      .execute();
    return rows.length;
  }

  const accountsWith = async (email: string) => (await t().database.db.selectFrom("users").select("id").where("email", "=", email).execute()).length;

  const whileMailIsRefused = (work: () => Promise<void>) => whileJobIsRefused(t().app, MAIL_JOB, work);

  const register = async (overrides: Record<string, unknown> = {}) => {
    const user = newUser(overrides);
    const res = await api(t().app, "POST", "/api/v1/auth/register", user);
    expect(res.status).toBe(201);
    return { ...user, token: res.body.data.token as string };
  };
  const login = (email: string, password: string) => api(t().app, "POST", "/api/v1/auth/login", { email, password });

  it("a reset link and its e-mail are stored together or not at all, and forgot-password answers the same either way", async () => {
    const user = await register();
    const subject = "Reset your Vestin password";
    const unknown = await api(t().app, "POST", "/api/v1/auth/forgot-password", { email: `nobody.${Date.now()}@example.com` });
    await whileMailIsRefused(async () => {
      const refused = await api(t().app, "POST", "/api/v1/auth/forgot-password", { email: user.email });
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual(unknown.body);
    });
    expect(await passwordLinks(user.email)).toBe(0);
    expect(await mailJobs(user.email, subject)).toBe(0);

    expect((await api(t().app, "POST", "/api/v1/auth/forgot-password", { email: user.email })).status).toBe(200);
    // Stored before the answer left, with its link.
    expect(await passwordLinks(user.email)).toBe(1);
    expect(await mailJobs(user.email, subject)).toBe(1);
  });

  it("a password change, the other sessions signed out and the notice commit together", async () => {
    const user = await register();
    const phone = (await login(user.email, user.password)).body.data.token as string;
    const subject = "Your Vestin password was changed";
    const change = () => api(t().app, "POST", "/api/v1/me/password", { currentPassword: user.password, newPassword: "brand new secret" }, user.token);
    await whileMailIsRefused(async () => {
      expect((await change()).status).toBeGreaterThanOrEqual(500);
    });
    // Nothing of the change is kept: the old password works, the phone is still signed in, no link, no notice.
    expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, phone)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect(await passwordLinks(user.email)).toBe(0);
    expect(await mailJobs(user.email, subject)).toBe(0);

    expect((await change()).status).toBe(200);
    expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, phone)).status).toBe(401);
    expect(await passwordLinks(user.email)).toBe(1);
    expect(await mailJobs(user.email, subject)).toBe(1);
  });

  it("an administrator refused for a weak password gets the link and its e-mail together, or neither", async () => {
    const user = await register({ password: "password1234" });
    await t().app.accounts.setRole(user.email, "admin");
    const subject = "Choose a stronger Vestin administrator password";
    await whileMailIsRefused(async () => {
      expect((await login(user.email, user.password)).body.message).toBe(ACCOUNT_MESSAGES.adminPasswordWeakSignIn);
    });
    expect(await passwordLinks(user.email)).toBe(0);
    expect(await mailJobs(user.email, subject)).toBe(0);

    // No link was kept, so the next refusal is not held back as one sent minutes ago.
    expect((await login(user.email, user.password)).status).toBe(403);
    expect(await passwordLinks(user.email)).toBe(1);
    expect(await mailJobs(user.email, subject)).toBe(1);
  });

  it("an administrator's account, invitation link and e-mail are stored together or not at all", async () => {
    const email = `invited.${Date.now()}@example.com`;
    const subject = "Your Vestin administrator account";
    const invite = () => t().app.accounts.createAdmin({ email, firstName: "Ola", lastName: "Nordmann" });
    await whileMailIsRefused(async () => {
      await expect(invite()).rejects.toThrow("the job table refused the mail.send job");
    });
    expect(await accountsWith(email)).toBe(0);
    expect(await mailJobs(email, subject)).toBe(0);

    // The same invitation again is not refused as a taken address: nothing of the first was kept.
    await invite();
    expect(await accountsWith(email)).toBe(1);
    expect(await passwordLinks(email)).toBe(1);
    expect(await mailJobs(email, subject)).toBe(1);
  });
});
