import type { Page, Request } from "playwright-core";
import { expect } from "vitest";

/*
 * What browser tests of the lead forms share: fresh e-mails and wallets, the bodies a form posts,
 * and the presale wizard walked as a person walks it.
 */

let serial = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${++serial}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** A well-formed, all-lower-case wallet address (valid without a checksum) no other test uses. */
export const freshWallet = () =>
  `0x${(Date.now().toString(16) + Math.floor(Math.random() * 1e9).toString(16) + (++serial).toString(16)).padStart(40, "c").slice(-40)}`;

/** Bodies of the POSTs the page sends to one API path, without the form guard's fields (form-guard.e2e.ts checks those). */
export function recordPosts(page: Page, path: string): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on("request", (req: Request) => {
    if (req.method() !== "POST" || new URL(req.url()).pathname !== `/api/v1${path}`) return;
    const { formToken: _token, website: _honeypot, challengeToken: _challenge, ...body } = JSON.parse(req.postData() ?? "{}") as Record<string, unknown>;
    bodies.push(body);
  });
  return bodies;
}

/** Whether the first element showing `text` is visible now, for expect.poll. */
export const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** The presale wizard's seven steps, from /presale (the page already open), to its success page. */
export async function joinPresale(page: Page, email: string, fullName = "Ines Duarte") {
  const next = () => page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("What is your email address?").fill(email);
  await next();
  await page.getByLabel("What is your full name?").fill(fullName);
  await next();
  await page.getByLabel("Which wallet address should receive your tokens?").fill(freshWallet());
  await next();
  for (const option of ["Intermediate (1-3 years)", "$1,000 - $5,000", "Discord"]) {
    await page.getByRole("radio", { name: option }).check();
    await next();
  }
  await page.getByRole("radio", { name: "Portfolio diversification" }).check();
  await page.getByRole("button", { name: "Join Presale" }).click();
  await page.waitForURL("**/presale/success");
}

/** Steps 1 and 2 of the presale wizard (from /presale, already open), leaving it on step 3 (the wallet). */
export async function presaleToWalletStep(page: Page, email: string, fullName = "Lena Hartmann") {
  await page.getByLabel("What is your email address?").fill(email);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("What is your full name?").fill(fullName);
  await page.getByRole("button", { name: "Next" }).click();
  await expect.poll(visible(page, "Step 3 of 7"), { timeout: 10_000 }).toBe(true);
}

/** From step 3 (an address given), steps 4 to 7 and Join Presale, to the success page. */
export async function finishPresale(page: Page) {
  await page.getByRole("button", { name: "Next" }).click();
  for (const option of ["Intermediate (1-3 years)", "$1,000 - $5,000", "Discord", "Portfolio diversification"]) {
    await page.getByRole("radio", { name: option }).check();
    await page.getByRole("button", { name: option === "Portfolio diversification" ? "Join Presale" : "Next" }).click();
  }
  await page.waitForURL("**/presale/success");
}
