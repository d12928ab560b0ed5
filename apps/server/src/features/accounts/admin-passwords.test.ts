import { expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, latestMailTo, linkIn, newUser, outboxMessages } from "../../../test/helpers.ts";
import { sha256 } from "../../lib/ids.ts";
import { accountsRepository } from "./repository.ts";

const STRONG = "copper-lantern-meadow-47";

describeEachDatabase("administrators' passwords", (t) => {
  const mails = () => outboxMessages(t().config.dataDir);
  const tokenIn = (message: string) => new URL(linkIn(message, "http://localhost:3000/reset-password?token=")).searchParams.get("token") ?? "";
  const describeLink = (token: unknown) => api(t().app, "POST", "/api/v1/auth/password-link", { token });
  const reset = (token: string, password: string) => api(t().app, "PUT", "/api/v1/auth/reset-password", { token, password });
  const login = (email: string, password: string) => api(t().app, "POST", "/api/v1/auth/login", { email, password });

  it("an invitation says what it is for and sets only a long password that is not a common one", async () => {
    const email = `invited.${Date.now()}@example.com`;
    const { link } = await t().app.accounts.createAdmin({ email, firstName: "Ola", lastName: "Nordmann" });
    const token = new URL(link).searchParams.get("token") ?? "";

    const described = await describeLink(token);
    expect(described.status).toBe(200);
    expect(described.headers["cache-control"]).toBe("no-store");
    expect(described.body.data).toEqual({ purpose: "invitation", administrator: true, email, minLength: 12 });

    // Too short, then common (a breached password with digits, the person's own name): refused on the
    // password field, the link still usable.
    for (const [password, message] of [
      ["learner-pw1", ACCOUNT_MESSAGES.adminPasswordTooShort],
      ["password1234", ACCOUNT_MESSAGES.adminPasswordCommon],
      ["qwertyuiop123", ACCOUNT_MESSAGES.adminPasswordCommon],
      ["Ola.Nordmann1", ACCOUNT_MESSAGES.adminPasswordCommon],
    ] as const) {
      const refused = await reset(token, password);
      expect(refused.status, password).toBe(400);
      expect(refused.body).toEqual({ success: false, requestId: expect.any(String), message, errors: { password: message } });
    }
    expect((await describeLink(token)).status).toBe(200);
    expect((await login(email, "password1234")).status).toBe(401);

    expect((await reset(token, STRONG)).status).toBe(200);
    expect((await describeLink(token)).body).toMatchObject({ success: false, message: ACCOUNT_MESSAGES.resetLinkInvalid });
    // No second factor yet: the password alone opens the session (the console then asks for it).
    expect((await login(email, STRONG)).body.data.token).toEqual(expect.any(String));
  });

  it("a learner's link is a reset with the learner's rule; unknown and missing tokens are 400", async () => {
    const user = newUser();
    expect((await api(t().app, "POST", "/api/v1/auth/register", user)).status).toBe(201);
    expect((await api(t().app, "POST", "/api/v1/auth/forgot-password", { email: user.email })).status).toBe(200);
    await t().app.jobs.idle();
    const token = tokenIn(latestMailTo(t().config.dataDir, user.email));
    expect((await describeLink(token)).body.data).toEqual({ purpose: "reset", administrator: false, email: user.email, minLength: 6 });
    expect((await reset(token, "abcdef")).status).toBe(200);

    expect((await describeLink("not-a-token")).status).toBe(400);
    const missing = await api(t().app, "POST", "/api/v1/auth/password-link", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ token: ACCOUNT_MESSAGES.resetLinkInvalid });
  });

  it("a learner made an administrator is signed out, and a weak password then opens no session but e-mails one link", async () => {
    const user = newUser({ password: "password1234" });
    const registered = await api(t().app, "POST", "/api/v1/auth/register", user);
    const oldToken = registered.body.data.token as string;
    await t().app.accounts.setRole(user.email, "admin");
    expect((await api(t().app, "GET", "/api/v1/auth/verify", undefined, oldToken)).status).toBe(401);

    const before = mails().length;
    const refused = await login(user.email, user.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.adminPasswordWeakSignIn);
    expect(JSON.stringify(refused.body)).not.toMatch(/token/i);
    await t().app.jobs.idle();
    const sent = mails().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Choose a stronger");
    // Again at once: the same answer, no second e-mail (the first link still works).
    expect((await login(user.email, user.password)).status).toBe(403);
    await t().app.jobs.idle();
    expect(mails().length).toBe(before + 1);
    // A wrong password is still a wrong password.
    expect((await login(user.email, "not the password")).status).toBe(401);

    const token = tokenIn(sent[0] ?? "");
    expect((await describeLink(token)).body.data).toMatchObject({ purpose: "reset", administrator: true, minLength: 12 });
    expect((await reset(token, "abcdef")).status).toBe(400);
    expect((await reset(token, STRONG)).status).toBe(200);
    expect((await login(user.email, STRONG)).body.data.token).toEqual(expect.any(String));
  });

  it("an administrator's change of password in the account settings follows the administrators' rule; a learner's does not", async () => {
    const admin = newUser();
    const reg = await api(t().app, "POST", "/api/v1/auth/register", admin);
    await t().database.db.updateTable("users").set({ role: "admin" }).where("id", "=", reg.body.data.user._id).execute();
    const change = (password: string) =>
      api(t().app, "POST", "/api/v1/me/password", { currentPassword: admin.password, newPassword: password }, reg.body.data.token);
    const weak = await change("password12345");
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ newPassword: ACCOUNT_MESSAGES.adminPasswordCommon });
    expect((await change("abcdefgh")).body.errors).toEqual({ newPassword: ACCOUNT_MESSAGES.adminPasswordTooShort });
    expect((await change(STRONG)).status).toBe(200);

    const learner = newUser();
    const own = await api(t().app, "POST", "/api/v1/auth/register", learner);
    const changed = await api(t().app, "POST", "/api/v1/me/password", { currentPassword: learner.password, newPassword: "abcdef" }, own.body.data.token);
    expect(changed.status).toBe(200);
  });

  it("a learner's link used after the account became an administrator sets nothing under the learner's rule", async () => {
    const user = newUser();
    await api(t().app, "POST", "/api/v1/auth/register", user);
    await api(t().app, "POST", "/api/v1/auth/forgot-password", { email: user.email });
    await t().app.jobs.idle();
    const token = tokenIn(latestMailTo(t().config.dataDir, user.email));
    await t().app.accounts.setRole(user.email, "admin");
    // Checked after the promotion: the administrators' rule.
    expect((await reset(token, "abcdef")).body.errors).toEqual({ password: ACCOUNT_MESSAGES.adminPasswordTooShort });
    // Checked as a learner's just before a promotion lands: the write is undone and the link stays unused.
    const repo = accountsRepository(t().database.db);
    expect(await repo.consumePasswordReset(sha256(token), "not-a-hash", "user")).toBe("role-changed");
    expect((await describeLink(token)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});
