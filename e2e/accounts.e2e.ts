import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ACCOUNT_MESSAGES, oauthErrorMessage } from "@vestin/shared/accounts";
import {
  DESKTOP,
  inviteAdmin,
  openPage,
  PHONE,
  sharedServer,
  signUpThroughForm,
  startIsolatedServer,
  useBrowser,
  waitForHydration,
  signInThroughForm,
} from "./support.ts";

const unique = () => `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** The newest reset link e-mailed to `email`, or null while the mail job has not run yet. */
function latestResetLink(email: string): string | null {
  const dir = path.join(inject("dataDir"), "outbox");
  const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
  for (const file of files) {
    const raw = readFileSync(path.join(dir, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!raw.includes(`To: ${email}`)) continue;
    const link = /http:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/.exec(raw)?.[0];
    if (link) return link;
  }
  return null;
}

describe("accounts in the browser", () => {
  const browser = useBrowser();

  it("sign up, see the profile chip, sign out, sign back in", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    const email = unique();
    await signUpThroughForm(page, email);
    await page.waitForURL("**/learn");
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.accountCreated).isVisible()).toBe(true);
    const chip = page.getByRole("button", { name: /Account menu for Marta/ });
    await expect.poll(() => chip.isVisible()).toBe(true);
    expect(await page.evaluate(() => Boolean(localStorage.getItem("token")))).toBe(true);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}").email).toBe(email);

    await chip.click();
    expect(
      await page
        .getByRole("menu")
        .getByText(/, Marta!$/)
        .isVisible(),
    ).toBe(true);
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL("**/learn");
    await expect.poll(() => page.getByRole("link", { name: "Sign In" }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await signInThroughForm(page, { email, password: "learner-pass" });
    await page.waitForURL("**/learn");
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.welcomeBack).isVisible()).toBe(true);

    // Signed in, the guest-only pages send you on.
    await page.goto("/signin");
    await page.waitForURL("**/learn");
    await context.close();
  });

  it("a wrong password shows the server's message and keeps you signed out", async () => {
    const { page, context } = await openPage(browser(), "/signin");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel(/^Password/).fill("whatever");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.invalidCredentials).isVisible()).toBe(true);
    expect(page.url()).toContain("/signin");
    await context.close();
  });

  it("mismatched passwords show the toast and send nothing", async () => {
    const { page, context } = await openPage(browser(), "/signup", { viewport: PHONE });
    const registerCalls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/v1/auth/register")) registerCalls.push(req.url());
    });
    await page.getByLabel("First name").fill("Ana");
    await page.getByLabel("Last name").fill("Silva");
    await page.getByLabel("Email").fill(unique());
    await page.getByLabel(/^Password/).fill("first-pass");
    await page.getByLabel("Confirm password").fill("other-pass");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch).first().isVisible()).toBe(true);
    // Sent again with matching passwords, the form makes exactly one request: the refused send made none.
    await page.getByLabel("Confirm password").fill("first-pass");
    const registered = page.waitForResponse((res) => res.url().includes("/api/v1/auth/register"));
    await page.getByRole("button", { name: "Create Account" }).click();
    expect((await registered).status()).toBe(201);
    expect(registerCalls).toHaveLength(1);
    await context.close();
  });

  it("forgot password → e-mail in the outbox → new password → sign in", async () => {
    const { page, context } = await openPage(browser(), "/");
    const email = unique();
    await signUpThroughForm(page, email, "old-password");
    await page.waitForURL("**/learn");
    await page.evaluate(() => localStorage.clear());

    await page.goto("/signin");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/forgot-password");
    // The address changes before the new (bare) page renders: wait for the header to go.
    await expect.poll(() => page.getByRole("banner").count()).toBe(0);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    // The whole suite runs in parallel on two cores: give the request time to come back.
    await expect.poll(() => page.getByRole("heading", { name: "Check Your Email" }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole("button", { name: "Resend Email" }).isVisible()).toBe(true);

    // E-mails leave through the job queue: the message lands in the outbox a moment later.
    await expect.poll(() => latestResetLink(email)).not.toBeNull();
    const link = latestResetLink(email) ?? "";
    expect(link).toContain(`email=${encodeURIComponent(email)}`);
    await page.goto(link.replace(/^http:\/\/[^/]+/, ""));
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Create New Password" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel(/^New password/).fill("abc");
    await dialog.getByLabel("Confirm new password").fill("abd");
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    expect(await dialog.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatchReset).isVisible()).toBe(true);
    await dialog.getByLabel("Confirm new password").fill("abc");
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    expect(await dialog.getByText(ACCOUNT_MESSAGES.passwordTooShort).isVisible()).toBe(true);
    await dialog.getByLabel(/^New password/).fill("new-password");
    await dialog.getByLabel("Confirm new password").fill("new-password");
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Password Changed!" }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Go to Sign In" }).click();
    await page.waitForURL("**/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("new-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/learn");
    await context.close();
  });

  it("OAuth callback errors come back to /signin as a friendly, dismissible notice and the query is cleared", async () => {
    const { page, context } = await openPage(browser(), "/auth/callback?error=access_denied");
    await page.waitForURL((url) => url.pathname === "/signin");
    const notice = page.getByText(oauthErrorMessage("access_denied"));
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await page.getByRole("button", { name: "Dismiss", exact: true }).click();
    expect(await notice.count()).toBe(0);

    await page.goto("/auth/callback");
    await page.waitForURL((url) => url.pathname === "/signin");
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.noAuthorizationCode).isVisible()).toBe(true);
    await context.close();
  });

  it("without Google configured, there is no Google button (nor its 'or') on the sign-in and sign-up pages", async () => {
    for (const path of ["/signin", "/signup"]) {
      const { page, context } = await openPage(browser(), path);
      expect(await page.getByRole("button", { name: /Google/ }).count(), path).toBe(0);
      expect(await page.getByText(/Google sign-in is not available/).count(), path).toBe(0);
      expect(await page.getByTestId("or-divider").count(), path).toBe(0);
      expect(await page.getByLabel("Email").isVisible(), path).toBe(true);
      await context.close();
    }
  });

  it("with Google configured, the Google button shows and starts the sign-in as before", async () => {
    // A client id of the right form; the provider is not reachable here, so starting says it failed.
    const server = await startIsolatedServer({
      GOOGLE_CLIENT_ID: "1234-e2e.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "e2e",
      GOOGLE_ISSUER: "http://127.0.0.1:9",
    });
    try {
      for (const [path, label] of [
        ["/signin", "Continue with Google"],
        ["/signup", "Sign up with Google"],
      ] as const) {
        const context = await browser().newContext({ baseURL: server.url, reducedMotion: "reduce" });
        const page = await context.newPage();
        await page.goto(path);
        await waitForHydration(page);
        const google = page.getByRole("button", { name: label });
        expect(await google.isVisible(), path).toBe(true);
        expect(await google.isEnabled(), path).toBe(true);
        expect(await page.getByTestId("or-divider").isVisible(), path).toBe(true);
        expect(await page.getByText(/By continuing with Google/).isVisible(), path).toBe(true);
        const [asked] = await Promise.all([page.waitForRequest((r) => r.url().endsWith("/api/v1/auth/oauth/urls")), google.click()]);
        expect(asked.method()).toBe("GET");
        await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.failedGoogleLogin).isVisible()).toBe(true);
        await context.close();
      }
    } finally {
      await server.stop();
    }
  });

  it("an administrator's invitation has its own words and takes only a strong password", async () => {
    const email = `invited.${Date.now()}@example.com`;
    const link = inviteAdmin(email, "Ola Nordmann", sharedServer());
    const { page, context } = await openPage(browser(), `${link.pathname}${link.search}`, { viewport: PHONE });
    // The page behind the dialog (hidden from assistive technology while the dialog is open).
    expect(await page.locator("h1").textContent()).toBe("Set up your administrator account");
    expect(await page.getByText(/Reset your password/).count()).toBe(0);
    const dialog = page.getByRole("dialog", { name: "Choose your password" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText(/at least 12 characters and must not be a common or breached password/).isVisible()).toBe(true);

    const attempt = async (password: string) => {
      await dialog.getByLabel(/^New password/).fill(password);
      await dialog.getByLabel("Confirm new password").fill(password);
      await dialog.getByRole("button", { name: "Set Password" }).click();
    };
    await attempt("learner-pw1");
    await expect.poll(() => dialog.getByText(ACCOUNT_MESSAGES.adminPasswordTooShort).isVisible()).toBe(true);
    await attempt("password1234");
    await expect.poll(() => dialog.getByText(ACCOUNT_MESSAGES.adminPasswordCommon).isVisible()).toBe(true);
    await attempt("copper-lantern-meadow-47");
    await expect.poll(() => page.getByRole("heading", { name: "Your password is set" }).isVisible()).toBe(true);
    expect(await page.getByText(/two-factor sign-in/).isVisible()).toBe(true);
    expect(await page.getByText(/every device was signed out/).count()).toBe(0);
    expect(await page.getByText(/has been reset/).count()).toBe(0);
    await context.close();
  });

  it("remembers where a visitor came from and returns there after sign-in (same-site paths only)", async () => {
    const { page, context } = await openPage(browser(), "/");
    const email = unique();
    await signUpThroughForm(page, email);
    await page.waitForURL("**/learn");
    await page.evaluate(() => localStorage.clear());
    await signInThroughForm(page, { email, password: "learner-pass" }, "/roadmap");
    await page.waitForURL("**/roadmap");

    await page.evaluate(() => localStorage.clear());
    await signInThroughForm(page, { email, password: "learner-pass" }, "https://evil.example/");
    await page.waitForURL((url) => url.pathname === "/learn");
    expect(new URL(page.url()).host).toBe(new URL(inject("baseURL")).host);
    await context.close();
  });
});
