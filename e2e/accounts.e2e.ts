import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ACCOUNT_MESSAGES, oauthErrorMessage } from "@vestin/shared/accounts";
import { DESKTOP, openPage, PHONE, signUpThroughForm, useBrowser, waitForHydration } from "./support.ts";

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

    await page.goto("/signin");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("learner-pass");
    await page.getByRole("button", { name: "Sign In" }).click();
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
    await page.waitForTimeout(300);
    expect(registerCalls).toEqual([]);
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

  it("without Google configured, the Google button is disabled and says why", async () => {
    const { page, context } = await openPage(browser(), "/signin");
    const google = page.getByRole("button", { name: "Continue with Google" });
    expect(await google.isDisabled()).toBe(true);
    expect(await page.getByText(/Google sign-in is not available/).isVisible()).toBe(true);
    await context.close();
  });

  it("remembers where a visitor came from and returns there after sign-in (same-site paths only)", async () => {
    const { page, context } = await openPage(browser(), "/");
    const email = unique();
    await signUpThroughForm(page, email);
    await page.waitForURL("**/learn");
    await page.evaluate(() => localStorage.clear());
    await page.goto("/signin?redirect=%2Froadmap");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("learner-pass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/roadmap");

    await page.evaluate(() => localStorage.clear());
    await page.goto("/signin?redirect=https%3A%2F%2Fevil.example%2F");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill("learner-pass");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/learn");
    expect(new URL(page.url()).host).toBe(new URL(inject("baseURL")).host);
    await context.close();
  });
});
