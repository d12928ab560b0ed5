import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { freshWallet, recordPosts, uniqueEmail, visible } from "./lead-support.ts";
import { baseURL, DESKTOP, jsErrors, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

/* The sign-up lists: the presale whitelist wizard and the testnet waitlist. */

describe("presale whitelist", () => {
  const browser = useBrowser();

  async function next(page: Page) {
    await page.getByRole("button", { name: "Next" }).click();
  }

  it("walks the 7 steps with their checks and lands on /presale/success with the queue number", async () => {
    const { page, context } = await openPage(browser(), "/presale", { viewport: PHONE });
    expect(await page.getByText("2,847 spots remaining").isVisible()).toBe(true);
    expect(await page.getByText("Step 1 of 7").isVisible()).toBe(true);
    expect(await page.getByText("14%").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);

    const email = uniqueEmail("Presale.Walk");
    const input = page.getByLabel("What is your email address?");
    await next(page);
    await expect.poll(visible(page, "Please enter your email address")).toBe(true);
    await input.fill("not-an-email");
    await next(page);
    await expect.poll(visible(page, "Please enter a valid email address")).toBe(true);
    await input.fill(email);
    expect(await page.getByText("Please enter a valid email address").count()).toBe(0);
    await next(page);

    await expect.poll(visible(page, "Step 2 of 7")).toBe(true);
    expect(await page.getByText("29%").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    await next(page);
    await expect.poll(visible(page, "Please enter your full name")).toBe(true);
    await page.getByLabel("What is your full name?").fill("Kwame Mensah");
    await next(page);

    await expect.poll(visible(page, "Step 3 of 7")).toBe(true);
    const wallet = page.getByLabel("Which wallet address should receive your tokens?");
    for (const [value, message] of [
      ["", "Please enter your wallet address"],
      ["5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "Wallet address must start with 0x"],
      ["0x5aAeb6053F", "Wallet address must be 42 characters long (including 0x)"],
      ["0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "Please enter a valid Ethereum wallet address"],
    ] as const) {
      await wallet.fill(value);
      await next(page);
      await expect.poll(visible(page, message)).toBe(true);
    }
    await wallet.fill(freshWallet());
    await next(page);

    const choices: Array<[string, string, string]> = [
      ["Step 4 of 7", "Please select your crypto experience level", "Intermediate (1-3 years)"],
      ["Step 5 of 7", "Please select your investment range", "$1,000 - $5,000"],
      ["Step 6 of 7", "Please select how you heard about us", "Discord"],
      ["Step 7 of 7", "Please select your investment goals", "Portfolio diversification"],
    ];
    for (const [stepLabel, message, option] of choices) {
      await expect.poll(visible(page, stepLabel)).toBe(true);
      const last = stepLabel === "Step 7 of 7";
      if (last) {
        expect(await page.getByText("100%").isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
      }
      await page.getByRole("button", { name: last ? "Join Presale" : "Next" }).click();
      await expect.poll(visible(page, message)).toBe(true);
      await page.getByRole("radio", { name: option }).check();
      expect(await page.getByText(message).count()).toBe(0);
      if (!last) await next(page);
    }
    // Completed steps carry a check; Back keeps the answers.
    expect(await page.getByText("Email, completed").count()).toBe(1);
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(visible(page, "Step 6 of 7")).toBe(true);
    expect(await page.getByRole("radio", { name: "Discord" }).isChecked()).toBe(true);
    await next(page);

    await page.getByRole("button", { name: "Join Presale" }).click();
    await page.waitForURL("**/presale/success");
    await expect.poll(visible(page, LEAD_MESSAGES.queueLoaded)).toBe(true);
    const queue = (await (await fetch(`${baseURL()}/api/v1/presale/${encodeURIComponent(email)}`)).json()) as {
      data: { queuePosition: number; totalAhead: number };
    };
    const position = page.locator("[data-queue-position]");
    expect(await position.textContent()).toBe(`#${queue.data.queuePosition.toLocaleString("en-US")}`);
    expect(await page.getByText(`of ${queue.data.totalAhead.toLocaleString("en-US")} on the whitelist`).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("Vestin_user_email"))).toBe(email.toLowerCase());
    expect(await page.getByRole("banner").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Welcome to $VSTN!" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(jsErrors(page)).toEqual([]);

    // The same e-mail again: the server's 409 in a banner, the toast, and back to step 1.
    await page.goto("/presale");
    await waitForHydration(page);
    await page.getByLabel("What is your email address?").fill(email);
    await next(page);
    await page.getByLabel("What is your full name?").fill("Kwame Mensah");
    await next(page);
    await page.getByLabel("Which wallet address should receive your tokens?").fill(freshWallet());
    await next(page);
    for (const option of ["Beginner (0-1 years)", "$100 - $500", "YouTube", "Learning about DeFi"]) {
      await page.getByRole("radio", { name: option }).check();
      await page.getByRole("button", { name: option === "Learning about DeFi" ? "Join Presale" : "Next" }).click();
    }
    await expect.poll(() => page.locator("[data-sonner-toast]").filter({ hasText: LEAD_MESSAGES.presaleFailureToast }).isVisible()).toBe(true);
    await expect.poll(visible(page, "Step 1 of 7")).toBe(true);
    expect(await page.getByText(LEAD_MESSAGES.presaleEmailTaken).count()).toBeGreaterThanOrEqual(1);
    expect(page.url()).toMatch(/\/presale$/);
    await context.close();
  });

  it("falls back to the default queue figures with the spec's messages", async () => {
    const { page, context } = await openPage(browser(), "/presale/success", { viewport: DESKTOP });
    // No stored e-mail: defaults, and no call at all.
    expect(await page.locator("[data-queue-position]").textContent()).toBe("#1,056");
    expect(await page.getByText("of 5,296 on the whitelist").isVisible()).toBe(true);

    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/api/v1/presale/")) calls.push(req.url());
    });
    await page.evaluate(() => localStorage.setItem("VestinUserEmail", "nobody-here@example.com"));
    await page.reload();
    await waitForHydration(page);
    await expect.poll(visible(page, LEAD_MESSAGES.queueFailed)).toBe(true);
    expect(await page.locator("[data-queue-position]").textContent()).toBe("#1,056");
    expect(calls).toEqual([`${baseURL()}/api/v1/presale/nobody-here%40example.com`]);

    await page.route("**/api/v1/presale/*", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ user: { position: 7 } }) }),
    );
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.locator("[data-queue-position]").textContent()).toBe("#7");
    expect(await page.getByText("of 1,000 on the whitelist").isVisible()).toBe(true);

    await page.unroute("**/api/v1/presale/*");
    await page.route("**/api/v1/presale/*", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: true, data: {} }) }),
    );
    await page.reload();
    await waitForHydration(page);
    await expect.poll(visible(page, LEAD_MESSAGES.queueNoPosition)).toBe(true);
    expect(await page.locator("[data-queue-position]").textContent()).toBe("#1,056");
    await context.close();
  });
});

describe("testnet waitlist", () => {
  const browser = useBrowser();

  it("scrolls below the sticky header, checks the fields, sends once, then shows the overlay, hides the banner and goes home", async () => {
    const { page, context } = await openPage(browser(), "/v4", { viewport: PHONE });
    expect(await page.locator("[data-testnet-banner]").count()).toBe(0);
    await page.getByRole("button", { name: "Join Waitlist" }).first().click();
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById("waitlist")?.getBoundingClientRect().top ?? -1))).toBeGreaterThanOrEqual(64);
    const headerBottom = await page.evaluate(() => document.querySelector("header")?.getBoundingClientRect().bottom ?? 0);
    const sectionTop = await page.evaluate(() => document.getElementById("waitlist")?.getBoundingClientRect().top ?? 0);
    expect(sectionTop).toBeGreaterThanOrEqual(headerBottom);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("waitlist");

    const form = page.locator("#waitlist form");
    const submit = form.getByRole("button", { name: "Join Waitlist" });
    await submit.click();
    await expect.poll(visible(page, "Full name is required")).toBe(true);
    expect(await page.getByText("Email is required").isVisible()).toBe(true);
    await page.getByLabel("Full name").fill("Lena Fischer");
    await page.getByLabel("Email").fill("lena@example");
    await page.getByLabel("X (Twitter) handle (optional)").fill("@lena fischer");
    await submit.click();
    await expect.poll(visible(page, "Enter a valid email address")).toBe(true);
    expect(await page.getByText("Invalid handle").isVisible()).toBe(true);

    const posts = recordPosts(page, "/testnet-signup");
    await page.getByLabel("Email").fill(uniqueEmail("waitlist"));
    await page.getByLabel("X (Twitter) handle (optional)").fill("@lena_f");
    await submit.dblclick();
    await expect.poll(() => page.getByRole("alertdialog", { name: "You're on the waitlist!" }).isVisible()).toBe(true);
    expect(await page.getByText("Redirecting to home…").isVisible()).toBe(true);
    expect(await page.getByText("Thanks! You're on the list.").isVisible()).toBe(true);
    // The overlay says where the referral link is once it has gone: the e-mail, and this page later.
    const overlayText = await page.getByRole("alertdialog", { name: "You're on the waitlist!" }).innerText();
    expect(overlayText).toContain("Your personal link is in the confirmation e-mail we have just sent you.");
    expect(overlayText).toContain("when you come back to the Testnet Waitlist page in this browser");
    expect(overlayText).not.toContain("on the testnet page");
    expect(posts).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem("VestinBannerDisabled"))).toBe("1");
    await page.waitForURL(`${baseURL()}/`, { timeout: 5000 });
    await expect.poll(() => page.locator("[data-testnet-banner]").count()).toBe(0);

    // Coming back to the waitlist page, the link is there, under the form.
    await page.goto("/v4");
    await waitForHydration(page);
    const card = page.getByRole("region", { name: "Move up the waitlist" });
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => card.getByLabel("Your referral link").inputValue()).toMatch(/\/v4\?ref=[a-z2-7]{10}$/);
    await context.close();
  });

  it("shows the server's refusal for an e-mail already on the list and keeps the form", async () => {
    const email = uniqueEmail("twice");
    const first = await fetch(`${baseURL()}/api/v1/testnet-signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "Lena", email }),
    });
    expect(first.status).toBe(201);
    const { page, context } = await openPage(browser(), "/v4");
    await page.getByLabel("Full name").fill("Lena Fischer");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.locator("#waitlist form").getByRole("button", { name: "Join Waitlist" }).click();
    await expect.poll(() => page.locator("#waitlist").getByText(LEAD_MESSAGES.waitlistEmailTaken).first().isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Lena Fischer");
    expect(page.url()).toContain("/v4");
    await context.close();
  });
});
