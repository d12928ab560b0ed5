import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { CONSENT_WORDINGS, LEGAL_VERSIONS } from "@vestin/shared/consents-core";
import { ME_MESSAGES } from "@vestin/shared/me";
import { learnerApi as api, enrolAndComplete, expectAccessible, gotoHydrated, learnerPage, passAssessment } from "./learner-support.ts";
import { baseURL, jsErrors, PHONE, signUpThroughForm, useBrowser, waitForHydration, registerAccount, signInThroughForm } from "./support.ts";

const PASSWORD = "learner-pass";
const COURSE = "real-estate-01-foundations";

const uniqueEmail = (tag: string) => `account.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Signs up through the form, so the account's first session is this browser's. */
async function signUp(page: Page, email: string) {
  await signUpThroughForm(page, email, PASSWORD);
  await page.waitForURL("**/learn");
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

/** The account page has loaded the member's settings (the profile form is filled in). */
async function openAccount(page: Page) {
  await gotoHydrated(page, "/account");
  await expect.poll(() => page.getByLabel("E-mail address").inputValue()).toContain("@example.com");
}

const sessionRows = (page: Page) => page.getByRole("list", { name: "Signed-in sessions" }).getByRole("listitem");

/** Enrols, completes every lesson and passes the course's final assessment through the API. */
async function earnCertificate(token: string, slug: string): Promise<string> {
  await enrolAndComplete(token, slug);
  return passAssessment(token, slug);
}

describe("account settings and your data in the browser", () => {
  const browser = useBrowser();

  it("is for members only: signed out, /account and /account/data lead to sign-in and back; the HTML holds nothing personal", async () => {
    for (const route of ["/account", "/account/data"]) {
      const res = await fetch(`${baseURL()}${route}`);
      expect(res.status, route).toBe(200);
      const html = await res.text();
      expect(html, route).toMatch(/<h1[^>]*>(Account settings|Your data)<\/h1>/);
      expect(html, route).toContain('<meta name="robots" content="noindex"/>');
      expect(html, route).not.toContain("@example.com");
    }

    const { page, context } = await learnerPage(browser());
    const email = uniqueEmail("guard");
    expect((await registerAccount(baseURL(), { firstName: "Ines", lastName: "Duarte", email, password: PASSWORD })).status).toBe(201);
    await gotoHydrated(page, "/account/data");
    await page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("redirect") === "/account/data");
    await waitForHydration(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/account/data");
    await expect.poll(() => page.getByRole("button", { name: "Download my data (JSON)" }).isVisible()).toBe(true);

    // The privacy policy's access and deletion paragraphs lead here; the rest of the policy stays.
    const privacy = await (await fetch(`${baseURL()}/privacy`)).text();
    expect(privacy.match(/<a href="\/account\/data">Your data<\/a>/g)?.length).toBe(2);
    expect(privacy).toContain("State-Specific Privacy Notices");
    expect(privacy).toContain("with the subject line &quot;Access request&quot;");
    expect(privacy).toContain("with the subject line &quot;Deletion request&quot;");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("edits the name: the profile chip follows at once and after a reload; an empty name is refused before sending", async () => {
    const { page, context } = await learnerPage(browser());
    const email = uniqueEmail("name");
    await signUp(page, email);

    // From the profile chip's menu.
    const chip = page.getByRole("button", { name: /Account menu for Marta/ });
    await expect.poll(() => chip.isVisible()).toBe(true);
    await chip.click();
    await page.getByRole("menuitem", { name: "Account settings" }).click();
    await page.waitForURL((url) => url.pathname === "/account");
    await expect.poll(() => page.getByLabel("E-mail address").inputValue()).toBe(email);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Account settings");
    expect(await page.getByLabel("E-mail address").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel(/^First name/).inputValue()).toBe("Marta");
    expect(await page.getByLabel(/^Last name/).inputValue()).toBe("Kowalczyk");
    await expectAccessible(page, "/account, 1280 px", { excludeToasts: true });

    const patches: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "PATCH" && req.url().endsWith("/api/v1/me/account")) patches.push(req.url());
    });
    await page.getByLabel(/^First name/).fill("   ");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.getByText("First name is required").isVisible()).toBe(true);
    expect(patches).toEqual([]);

    await page.getByLabel(/^First name/).fill("Małgorzata");
    await page.getByLabel(/^Last name/).fill("Nowak-Kowalska");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.getByTestId("profile-status").textContent()).toBe(ME_MESSAGES.profileSaved);
    expect(patches).toHaveLength(1);
    expect(await page.getByRole("button", { name: /Account menu for Małgorzata/ }).isVisible()).toBe(true);

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByLabel(/^First name/).inputValue()).toBe("Małgorzata");
    expect(await page.getByLabel(/^Last name/).inputValue()).toBe("Nowak-Kowalska");
    await expect.poll(() => page.getByRole("button", { name: /Account menu for Małgorzata/ }).isVisible()).toBe(true);
    const saved = (await (await api("/me/account", { token: await storedToken(page) })).json()) as { data: { firstName: string; lastName: string } };
    expect(saved.data).toMatchObject({ firstName: "Małgorzata", lastName: "Nowak-Kowalska" });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("changes the password: a wrong current one changes nothing, mismatches send nothing, the change signs the other browser out", async () => {
    const a = await learnerPage(browser());
    const b = await learnerPage(browser(), PHONE);
    const email = uniqueEmail("password");
    await signUp(a.page, email);
    await signInThroughForm(b.page, { email, password: PASSWORD }, "/account");
    await b.page.waitForURL((url) => url.pathname === "/account");
    await expect.poll(() => b.page.getByLabel(/^First name/).inputValue()).toBe("Marta");

    await openAccount(a.page);
    await expect.poll(() => sessionRows(a.page).count()).toBe(2);

    // A wrong current password: the server's message beside the field, and nothing changes.
    await a.page.getByLabel(/^Current password/).fill("not-my-password");
    await a.page.getByLabel(/^New password/).fill("brand-new-pass");
    await a.page.getByLabel(/^Confirm new password/).fill("brand-new-pass");
    await a.page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => a.page.getByText(ME_MESSAGES.wrongPassword).first().isVisible()).toBe(true);
    expect(await a.page.getByLabel(/^Current password/).getAttribute("aria-invalid")).toBe("true");
    await b.page.reload();
    await waitForHydration(b.page);
    await expect.poll(() => b.page.getByLabel(/^First name/).inputValue()).toBe("Marta");
    expect(new URL(b.page.url()).pathname).toBe("/account");

    // Differing new passwords: the spec's toast, and no request.
    const posts: string[] = [];
    a.page.on("request", (req) => {
      if (req.method() === "POST" && req.url().endsWith("/api/v1/me/password")) posts.push(req.url());
    });
    await a.page.getByLabel(/^Current password/).fill(PASSWORD);
    await a.page.getByLabel(/^Confirm new password/).fill("brand-new-pasz");
    await a.page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => a.page.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch).first().isVisible()).toBe(true);
    expect(posts).toEqual([]);
    // (The change below makes exactly one request: so the refused one made none, even late.)

    // The change: this browser stays in, the other session is gone from the list.
    await a.page.getByLabel(/^Confirm new password/).fill("brand-new-pass");
    await a.page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => a.page.getByTestId("password-status").textContent()).toBe(ME_MESSAGES.passwordChanged);
    expect(posts).toHaveLength(1);
    expect(await a.page.getByLabel(/^Current password/).inputValue()).toBe("");
    await expect.poll(() => sessionRows(a.page).count()).toBe(1);
    expect(await a.page.getByText("You are not signed in anywhere else.").isVisible()).toBe(true);

    // The other browser's next request (saving its name) finds its session ended: signed out, sent to sign in.
    await b.page.getByRole("button", { name: "Save name" }).click();
    await b.page.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("redirect") === "/account");
    expect(await storedToken(b.page)).toBeNull();

    // The old password no longer works; the new one does, and brings the member back.
    await waitForHydration(b.page);
    await b.page.getByLabel("Email").fill(email);
    await b.page.getByLabel(/^Password/).fill(PASSWORD);
    await b.page.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => b.page.getByText(ACCOUNT_MESSAGES.invalidCredentials).isVisible()).toBe(true);
    await b.page.getByLabel(/^Password/).fill("brand-new-pass");
    await b.page.getByRole("button", { name: "Sign In" }).click();
    await b.page.waitForURL((url) => url.pathname === "/account");
    await expect.poll(() => b.page.getByLabel(/^First name/).inputValue()).toBe("Marta");
    // A still works after all this: its own session survived the change.
    await a.page.reload();
    await waitForHydration(a.page);
    await expect.poll(() => sessionRows(a.page).count()).toBe(2);
    expect(jsErrors(a.page)).toEqual([]);
    expect(jsErrors(b.page)).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("lists the sessions with this device marked; signs out one other session, then all the others", async () => {
    const a = await learnerPage(browser());
    const b = await learnerPage(browser());
    const email = uniqueEmail("sessions");
    await signUp(a.page, email);
    await signInThroughForm(b.page, { email, password: PASSWORD });
    await b.page.waitForURL("**/learn");

    await openAccount(a.page);
    const rows = sessionRows(a.page);
    await expect.poll(() => rows.count()).toBe(2);
    const current = a.page.locator('[data-session="current"]');
    const other = a.page.locator('[data-session="other"]');
    expect(await current.getByText("This device").isVisible()).toBe(true);
    expect(await current.getByRole("button", { name: /^Sign out/ }).count()).toBe(0);
    expect(await other.getByText("This device").count()).toBe(0);
    for (const row of [current, other]) {
      expect(await row.getByText(/^Signed in$/).isVisible()).toBe(true);
      expect(await row.getByText(/^Last seen$/).isVisible()).toBe(true);
    }
    expect(await other.textContent()).toMatch(/Linux/);

    await other.getByRole("button", { name: /^Sign out/ }).click();
    await expect.poll(() => a.page.getByTestId("sessions-status").textContent()).toMatch(/^Signed out .+\.$/);
    await expect.poll(() => rows.count()).toBe(1);
    await b.page.reload();
    await b.page.waitForURL("**/learn");
    await expect.poll(() => storedToken(b.page)).toBeNull();
    await expect.poll(() => b.page.getByRole("link", { name: "Sign In" }).first().isVisible()).toBe(true);

    // Two more browsers, then "Sign out all other sessions".
    const c = await learnerPage(browser());
    await signInThroughForm(c.page, { email, password: PASSWORD });
    await c.page.waitForURL("**/learn");
    await signInThroughForm(b.page, { email, password: PASSWORD });
    await b.page.waitForURL("**/learn");
    await a.page.reload();
    await waitForHydration(a.page);
    await expect.poll(() => rows.count()).toBe(3);
    await a.page.getByRole("button", { name: "Sign out all other sessions" }).click();
    await expect.poll(() => a.page.getByTestId("sessions-status").textContent()).toBe("Signed out 2 other sessions.");
    await expect.poll(() => rows.count()).toBe(1);
    for (const gone of [b.page, c.page]) {
      await gotoHydrated(gone, "/account");
      await gone.waitForURL((url) => url.pathname === "/signin");
      expect(await storedToken(gone)).toBeNull();
    }
    const left = (await (await api("/me/sessions", { token: await storedToken(a.page) })).json()) as { data: Array<{ current: boolean }> };
    expect(left.data).toEqual([expect.objectContaining({ current: true })]);
    await a.context.close();
    await b.context.close();
    await c.context.close();
  });

  it("downloads the member's data as a JSON file holding the account's e-mail, an enrolment and the consents given in the browser", async () => {
    const { page, context } = await learnerPage(browser());
    const email = uniqueEmail("export");
    await signUp(page, email);
    const token = await storedToken(page);
    expect((await api(`/courses/${COURSE}/enroll`, { method: "POST", token })).status).toBe(201);
    // A signed-in cookie choice is recorded with the account as well as in the browser.
    await gotoHydrated(page, "/cookies");
    await page.waitForFunction(() => !document.querySelector('[data-consent="analytics"]')?.hasAttribute("disabled"));
    await page.locator('[data-consent="analytics"]').click();
    await expect.poll(() => page.getByTestId("cookie-choice-status").textContent()).toMatch(/recorded with your account\.$/);

    await gotoHydrated(page, "/account/data");
    const button = page.getByRole("button", { name: "Download my data (JSON)" });
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Download my data" }).textContent()).toContain("course enrolments");
    await expectAccessible(page, "/account/data, 1280 px", { excludeToasts: true });
    const downloading = page.waitForEvent("download");
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, "utf8")) as {
      email: string;
      account: { user: { email: string } };
      learning: { enrollments: Array<{ slug: string }> };
      sessions: unknown[];
      consents: Array<{ kind: string; action: string; documentVersion: string | null; wording: string | null; sourceForm: string }>;
    };
    expect(exported.email).toBe(email);
    expect(exported.account.user.email).toBe(email);
    expect(exported.learning.enrollments.map((e) => e.slug)).toEqual([COURSE]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.consents.map((c) => [c.kind, c.action, c.documentVersion, c.sourceForm]).sort()).toEqual([
      ["cookies-analytics", "given", LEGAL_VERSIONS.cookies, "cookie-settings"],
      ["privacy", "given", LEGAL_VERSIONS.privacy, "signup"],
      ["terms", "given", LEGAL_VERSIONS.terms, "signup"],
    ]);
    // The sign-up form's checkbox showed the words the record keeps.
    expect(exported.consents.find((c) => c.kind === "terms")?.wording).toBe(CONSENT_WORDINGS.signup.text);
    await expect.poll(() => page.getByTestId("export-status").textContent()).toBe(`Downloaded ${download.suggestedFilename()}.`);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("deletes the account: a wrong e-mail or password is refused; then signed out, sign-in fails, the certificate shows as revoked", async () => {
    const { page, context } = await learnerPage(browser(), PHONE);
    const email = uniqueEmail("delete");
    await signUp(page, email);
    const token = await storedToken(page);
    const code = await earnCertificate(token ?? "", COURSE);
    expect((await api(`/certificates/${code}`)).status).toBe(200);
    // Viewed (so the server keeps the rendered page): the deletion must not leave it saying "verified".
    const before = await fetch(`${baseURL()}/learn/certificates/${code}`);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain("Verified certificate");

    await gotoHydrated(page, "/account/data");
    const open = page.getByRole("button", { name: "Delete my account…" });
    await expect.poll(() => open.isVisible()).toBe(true);
    await open.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("revoked at your request");
    await expectAccessible(page, "/account/data with the delete dialog, 390 px", { excludeToasts: true });

    // A wrong e-mail address: refused, the account is still there.
    await dialog.getByLabel(/^Type your e-mail address/).fill(`other.${email}`);
    await dialog.getByLabel(/^Your password/).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect.poll(() => dialog.getByText(ME_MESSAGES.deleteEmailMismatch).isVisible()).toBe(true);
    expect((await api("/me/account", { token })).status).toBe(200);

    // The right address with a wrong password: refused too.
    await dialog.getByLabel(/^Type your e-mail address/).fill(email);
    await dialog.getByLabel(/^Your password/).fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect.poll(() => dialog.getByText(ME_MESSAGES.wrongPassword).isVisible()).toBe(true);
    expect((await api("/me/account", { token })).status).toBe(200);

    // Escape backs out; the account stays.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await open.click();
    await dialog.getByLabel(/^Type your e-mail address/).fill(email);
    await dialog.getByLabel(/^Your password/).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    // A page of its own says the account is gone: what went, what the law has us keep, and the ways on.
    await page.waitForURL((url) => url.pathname === "/account/deleted");
    const deleted = page.getByRole("region", { name: "Your account has been deleted" });
    await expect.poll(() => deleted.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Welcome back" }).count()).toBe(0);
    expect(await deleted.getByRole("heading", { name: "What we deleted" }).isVisible()).toBe(true);
    expect(await deleted.getByRole("heading", { name: "What we keep, and why" }).isVisible()).toBe(true);
    const said = (await deleted.textContent()) ?? "";
    expect(said).toContain("revoked at your request");
    expect(said).toContain("that anti-money-laundering law makes us keep");
    const links = () => deleted.locator("a").evaluateAll((as) => as.map((a) => [a.textContent?.trim() ?? "", a.getAttribute("href") ?? ""]));
    await expect.poll(links).toEqual([
      ["How long we keep information, and why, is set out in section 7 of our Privacy Policy.", "/privacy#7-data-retention"],
      ["Back to the home page", "/"],
      ["Create a new account", "/signup"],
    ]);
    expect(await page.title()).toBe("Your account has been deleted | Vestin");
    await expect.poll(() => storedToken(page)).toBeNull();
    // Signed out in the header too: no profile chip any more.
    await expect.poll(() => page.getByRole("button", { name: /Account menu for/ }).count()).toBe(0);
    await expectAccessible(page, "/account/deleted, 390 px", { excludeToasts: true });
    expect((await api("/me/account", { token })).status).toBe(401);

    // Signing in fails.
    await signInThroughForm(page, { email, password: PASSWORD });
    await expect.poll(() => page.getByText(ACCOUNT_MESSAGES.invalidCredentials).isVisible()).toBe(true);

    // The certificate issued before: revoked, said so clearly (410), not "not found".
    const res = await fetch(`${baseURL()}/learn/certificates/${code}`);
    expect(res.status).toBe(410);
    await gotoHydrated(page, `/learn/certificates/${code}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Certificate revoked");
    expect(await page.getByTestId("certificate-revoked-message").textContent()).toBe(ME_MESSAGES.certificateRevoked);
    expect(await page.title()).toBe("Certificate revoked | Vestin");
    expect(await page.getByText("Certificate not found").count()).toBe(0);
    await expectAccessible(page, "revoked certificate, 390 px", { excludeToasts: true });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });
});
