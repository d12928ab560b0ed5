import type { Page } from "playwright-core";

/*
 * What browser tests of the lead forms share: the presale wizard walked as a person walks it.
 */

let serial = 0;
/** A well-formed wallet address no other test uses. */
export const freshWallet = () =>
  `0x${(Date.now().toString(16) + Math.floor(Math.random() * 1e9).toString(16) + (++serial).toString(16)).padStart(40, "c").slice(-40)}`;

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
