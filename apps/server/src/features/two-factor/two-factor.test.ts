import { generate } from "otplib";
import { expect, it } from "vitest";
import { TWO_FACTOR, TWO_FACTOR_MESSAGES } from "@vestin/shared/two-factor";
import { describeEachDatabase } from "../../../test/harness.ts";
import { api, newUser } from "../../../test/helpers.ts";

/*
 * Two-factor sign-in (ADR 14), with codes computed here by otplib from the secret the
 * set-up answers: admins must enrol before the console answers, a code works once, recovery codes
 * work once, a challenge takes five tries and five minutes, a person takes ten wrong codes per
 * quarter hour, a remembered device skips the step, and nothing is unlocked by a second factor
 * without the first.
 */

const now = () => Math.floor(Date.now() / 1000);
/** The code of the step `offset` steps from now (the server accepts one step either side, each once). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: now() + offset * 30 });

describeEachDatabase("two-factor sign-in", (t) => {
  const app = () => t().app;
  const db = () => t().database.db;

  /** A registered person (admin when asked), signed in without a second factor yet. */
  async function person(admin = false) {
    const body = newUser();
    const res = await api(app(), "POST", "/api/v1/auth/register", body);
    const id = res.body.data.user._id as string;
    if (admin) await db().updateTable("users").set({ role: "admin" }).where("id", "=", id).execute();
    return { ...body, id, token: res.body.data.token as string };
  }

  /** Turns two-factor on with the code of the moment; answers the secret, the recovery codes and that code. */
  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[]; code: string }> {
    const setup = await api(app(), "POST", "/api/v1/me/2fa/setup", undefined, token);
    expect(setup.status).toBe(200);
    const secret = setup.body.data.secret as string;
    const code = await codeAt(secret);
    const enabled = await api(app(), "POST", "/api/v1/me/2fa/enable", { code }, token);
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.body.data.recoveryCodes as string[], code };
  }

  const login = (email: string, password: string, deviceToken?: string) =>
    api(app(), "POST", "/api/v1/auth/login", { email, password, ...(deviceToken ? { deviceToken } : {}) });
  const second = (body: Record<string, unknown>) => api(app(), "POST", "/api/v1/auth/2fa", body);

  it("keeps the console shut to an admin until two-factor is on, then opens it; other sessions end on enrolment", async () => {
    const admin = await person(true);
    const other = (await login(admin.email, admin.password)).body.data.token as string;
    const refused = await api(app(), "GET", "/api/v1/admin/stats", undefined, admin.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.adminMustEnrol, errors: { twoFactor: "required" } });
    expect((await api(app(), "GET", "/api/v1/auth/verify", undefined, admin.token)).body.data.twoFactorEnabled).toBe(false);

    const setup = await api(app(), "POST", "/api/v1/me/2fa/setup", undefined, admin.token);
    expect(setup.body.data.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/${TWO_FACTOR.issuer}:`));
    expect(setup.body.data.qrSvg).toMatch(/^<svg/);
    // A wrong first code turns nothing on.
    const wrong = await api(
      app(),
      "POST",
      "/api/v1/me/2fa/enable",
      { code: "000000" === (await codeAt(setup.body.data.secret)) ? "111111" : "000000" },
      admin.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.code).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await api(app(), "GET", "/api/v1/me/2fa", undefined, admin.token)).body.data.enabled).toBe(false);

    const enabled = await api(app(), "POST", "/api/v1/me/2fa/enable", { code: await codeAt(setup.body.data.secret) }, admin.token);
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recoveryCodes).toHaveLength(TWO_FACTOR.recoveryCodes);
    expect(new Set(enabled.body.data.recoveryCodes).size).toBe(TWO_FACTOR.recoveryCodes);
    expect((await api(app(), "GET", "/api/v1/admin/stats", undefined, admin.token)).status).toBe(200);
    // The session opened with the password alone elsewhere has ended.
    expect((await api(app(), "GET", "/api/v1/auth/verify", undefined, other)).status).toBe(401);
    const status = await api(app(), "GET", "/api/v1/me/2fa", undefined, admin.token);
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: true });
    // Stored sealed and hashed: neither the secret nor a recovery code is in the database as given.
    const row = await db().selectFrom("users").select(["totp_secret"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(setup.body.data.secret);
    const hashes = await db().selectFrom("recovery_codes").select("code_hash").where("user_id", "=", admin.id).execute();
    expect(JSON.stringify(hashes)).not.toContain(enabled.body.data.recoveryCodes[0].replace("-", ""));
  });

  it("asks for the code after the password, takes each code once, and never opens a session on a wrong one", async () => {
    const user = await person();
    const { secret, code: enrolment } = await enrol(user.token);
    const first = await login(user.email, user.password);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body.data.token).toBeUndefined();

    const bad = await second({ challenge: first.body.data.challenge, code: "12345" });
    expect(bad.status).toBe(400);
    // The enrolment's code was taken (the very code, even when the clock has moved to the next
    // 30-second step since): the next step's is accepted once.
    const replayed = await second({ challenge: first.body.data.challenge, code: enrolment });
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors?.code).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    const next = await codeAt(secret, 1);
    const ok = await second({ challenge: first.body.data.challenge, code: next });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ token: expect.any(String), user: { email: user.email }, deviceToken: null });
    expect((await api(app(), "GET", "/api/v1/auth/verify", undefined, ok.body.data.token)).status).toBe(200);

    // The same challenge cannot open a second session, nor the same code a second challenge.
    expect((await second({ challenge: first.body.data.challenge, code: next })).status).toBe(401);
    const again = await login(user.email, user.password);
    expect((await second({ challenge: again.body.data.challenge, code: next })).status).toBe(400);
  });

  it("takes each recovery code once, and new codes replace the old ones", async () => {
    const user = await person();
    const { secret, recoveryCodes } = await enrol(user.token);
    const challenge = async () => (await login(user.email, user.password)).body.data.challenge as string;
    const used = await second({ challenge: await challenge(), recoveryCode: recoveryCodes[0]!.toLowerCase() });
    expect(used.status).toBe(200);
    const twice = await second({ challenge: await challenge(), recoveryCode: recoveryCodes[0] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.recoveryCode).toBe(TWO_FACTOR_MESSAGES.invalidRecoveryCode);
    expect((await api(app(), "GET", "/api/v1/me/2fa", undefined, user.token)).body.data.recoveryCodesLeft).toBe(9);

    const fresh = await api(app(), "POST", "/api/v1/me/2fa/recovery-codes", { code: await codeAt(secret, 1) }, user.token);
    expect(fresh.status).toBe(200);
    expect((await second({ challenge: await challenge(), recoveryCode: recoveryCodes[1] })).status).toBe(400);
    expect((await second({ challenge: await challenge(), recoveryCode: fresh.body.data.recoveryCodes[0] })).status).toBe(200);
  });

  it("ends a challenge after five tries or five minutes, and refuses a second factor without the first", async () => {
    const user = await person();
    await enrol(user.token);
    const { challenge } = (await login(user.email, user.password)).body.data;
    for (let i = 0; i < TWO_FACTOR.attemptsPerChallenge; i++) expect((await second({ challenge, code: "000001" })).status).toBe(400);
    const sixth = await second({ challenge, code: "000001" });
    expect(sixth.status).toBe(401);
    expect(sixth.body.message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);

    const late = (await login(user.email, user.password)).body.data.challenge as string;
    await db()
      .updateTable("two_factor_challenges")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .execute();
    const expired = await second({ challenge: late, code: "000001" });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);

    for (const challengeToken of ["", "made-up-challenge", "A".repeat(43)]) {
      const res = await second({ challenge: challengeToken, code: "123456" });
      expect([400, 401]).toContain(res.status);
      expect(res.body.data).toBeUndefined();
    }
  });

  it("limits wrong codes per person across challenges (brute force through new sign-ins)", async () => {
    const user = await person();
    const { secret } = await enrol(user.token);
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const { challenge } = (await login(user.email, user.password)).body.data;
      const res = await second({ challenge, code: "000002" });
      if (res.status === 429) limited = true;
      else expect(res.status).toBe(400);
    }
    expect(limited).toBe(true);
    // Even the right code waits out the window now.
    const { challenge } = (await login(user.email, user.password)).body.data;
    expect((await second({ challenge, code: await codeAt(secret, 1) })).status).toBe(429);
  });

  it("remembers a device for 30 days when asked, for that person only", async () => {
    const user = await person();
    const { secret } = await enrol(user.token);
    const { challenge } = (await login(user.email, user.password)).body.data;
    const remembered = await second({ challenge, code: await codeAt(secret, 1), rememberDevice: true });
    const deviceToken = remembered.body.data.deviceToken as string;
    expect(deviceToken).toEqual(expect.any(String));
    const direct = await login(user.email, user.password, deviceToken);
    expect(direct.body.data.token).toEqual(expect.any(String));
    const device = await db().selectFrom("trusted_devices").select("expires_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(Date.parse(device.expires_at) - Date.now()).toBeGreaterThan((TWO_FACTOR.rememberDays - 1) * 86_400_000);

    const stranger = await person();
    await enrol(stranger.token);
    expect((await login(stranger.email, stranger.password, deviceToken)).body.data.twoFactorRequired).toBe(true);
    // The password is still checked first.
    expect((await login(user.email, "wrong password", deviceToken)).status).toBe(401);
  });

  it("lets a member turn it off with a code, never an admin", async () => {
    const user = await person();
    const { secret } = await enrol(user.token);
    expect((await api(app(), "POST", "/api/v1/me/2fa/disable", { code: "000003" }, user.token)).status).toBe(400);
    expect((await api(app(), "POST", "/api/v1/me/2fa/disable", { code: await codeAt(secret, 1) }, user.token)).status).toBe(200);
    expect((await login(user.email, user.password)).body.data.token).toEqual(expect.any(String));
    expect(await db().selectFrom("recovery_codes").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);

    const admin = await person(true);
    const { secret: adminSecret } = await enrol(admin.token);
    const refused = await api(app(), "POST", "/api/v1/me/2fa/disable", { code: await codeAt(adminSecret, 1) }, admin.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.adminCannotDisable);
    expect((await api(app(), "GET", "/api/v1/me/2fa", undefined, admin.token)).body.data.enabled).toBe(true);
  });
});
