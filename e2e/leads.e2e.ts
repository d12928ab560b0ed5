import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
import { openWithWallet } from "./injected-wallet.ts";
import { baseURL, DESKTOP, jsErrors, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

let serial = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${++serial}.${Math.floor(Math.random() * 1e6)}@example.com`;
/** A fresh all-lower-case address (valid without a checksum). */
const freshWallet = () =>
  `0x${(Date.now().toString(16) + Math.floor(Math.random() * 1e9).toString(16) + (++serial).toString(16)).padStart(40, "b").slice(-40)}`;

/** Bodies of the POSTs the page sends to one API path, without the form guard's fields (form-guard.e2e.ts checks those). */
function recordPosts(page: Page, path: string): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on("request", (req: Request) => {
    if (req.method() !== "POST" || new URL(req.url()).pathname !== `/api/v1${path}`) return;
    const { formToken: _token, website: _honeypot, challengeToken: _challenge, ...body } = JSON.parse(req.postData() ?? "{}") as Record<string, unknown>;
    bodies.push(body);
  });
  return bodies;
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe("contact form", () => {
  const browser = useBrowser();

  it("sends an enquiry with every progressive field, shows the green message and clears the form 5 s later", async () => {
    const { page, context } = await openPage(browser(), "/contact");
    const posts = recordPosts(page, "/contacts");
    const email = unique("contact");
    await page.getByLabel("First name").fill("Amara");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Confirm email").fill(email.toUpperCase());

    // The searchable country list: filters, says when nothing matches, closes on an outside click.
    const country = page.getByRole("combobox", { name: "Country" });
    await country.fill("zzz");
    await expect.poll(visible(page, "No countries found")).toBe(true);
    await country.fill("portu");
    await page.getByRole("option", { name: "Portugal" }).click();
    expect(await country.inputValue()).toBe("Portugal");
    await country.click();
    await expect.poll(() => page.getByRole("listbox", { name: "Country" }).isVisible()).toBe(true);
    await page.getByRole("heading", { name: "Send us a message" }).click();
    await expect.poll(() => page.getByRole("listbox", { name: "Country" }).isVisible()).toBe(false);

    // Progressive fields.
    expect(await page.getByLabel("I am interested in").count()).toBe(0);
    await page.getByLabel("Business type", { exact: true }).selectOption("other");
    await expect.poll(() => page.getByLabel("Please describe your business type").isVisible()).toBe(true);
    expect(await page.getByLabel("I am interested in").count()).toBe(0);
    await page.getByLabel("Business type", { exact: true }).selectOption("asset-manager");
    expect(await page.getByLabel("Please describe your business type").count()).toBe(0);
    await page.getByLabel("I am interested in").selectOption("other");
    expect(await page.getByRole("group", { name: "Which assets are you planning to tokenize?" }).count()).toBe(0);
    await page.getByLabel("I am interested in").selectOption("tokenization");
    await page.getByRole("checkbox", { name: "Real Estate" }).check();
    await page.getByRole("checkbox", { name: "Carbon Credits" }).check();

    await page.getByLabel("Comments").fill("Forty rental flats <b>in Leeds</b>.");
    expect(await page.getByText("35 of 500 max characters").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Send Message" }).click();

    const message = page.locator("form").getByRole("status").filter({ hasText: LEAD_MESSAGES.contactSuccess });
    await expect.poll(() => message.isVisible()).toBe(true);
    expect(await message.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(21, 128, 61)");
    expect(posts).toEqual([
      {
        firstName: "Amara",
        lastName: "Okafor",
        email,
        confirmEmail: email.toUpperCase(),
        country: "PT",
        businessType: "asset-manager",
        businessTypeOther: "",
        interestedIn: "tokenization",
        plannedAssets: ["real-estate", "carbon-credits"],
        comments: "Forty rental flats <b>in Leeds</b>.",
        consent: false,
      },
    ]);
    await expect.poll(() => page.getByLabel("First name").inputValue(), { timeout: 8000 }).toBe("");
    expect(await message.count()).toBe(0);
    expect(await country.inputValue()).toBe("");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("stops on mismatched e-mails (inline and toast, nothing sent) and clears the message on edit", async () => {
    const { page, context } = await openPage(browser(), "/contact", { viewport: PHONE });
    const posts = recordPosts(page, "/contacts");
    await page.getByLabel("First name").fill("Amara");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("amara@example.com");
    await page.getByLabel("Confirm email").fill("amara@example.org");
    await page.getByRole("button", { name: "Send Message" }).click();
    const inline = page.locator("form").getByText(LEAD_MESSAGES.emailMismatch);
    await expect.poll(() => inline.isVisible()).toBe(true);
    await expect.poll(() => page.locator("[data-sonner-toast]").filter({ hasText: LEAD_MESSAGES.emailMismatch }).isVisible()).toBe(true);
    const confirm = page.getByLabel("Confirm email");
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await confirm.getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(LEAD_MESSAGES.emailMismatch);
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("amara@example.org");
    expect(await inline.count()).toBe(0);

    // A required other-type text, with focus moved to it.
    await page.getByLabel("Business type", { exact: true }).selectOption("other");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(visible(page, LEAD_MESSAGES.businessTypeOtherRequired)).toBe(true);
    // Focus moves in the frame after the messages render (use-form-focus.ts).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("businessTypeOther");
    expect(posts).toEqual([]);
    await context.close();
  });

  it("shows the server's failure in red, and the default text when the network fails", async () => {
    const { page, context } = await openPage(browser(), "/contact");
    await page.route("**/api/v1/contacts", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "The inbox is closed for maintenance." }),
      }),
    );
    const email = unique("fail");
    await page.getByLabel("First name").fill("Amara");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Confirm email").fill(email);
    await page.getByRole("button", { name: "Send Message" }).click();
    const failure = page.locator("form").getByRole("alert").filter({ hasText: "Sorry, there was an error: The inbox is closed for maintenance." });
    await expect.poll(() => failure.isVisible()).toBe(true);
    expect(await failure.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(185, 28, 28)");

    await page.unroute("**/api/v1/contacts");
    await page.route("**/api/v1/contacts", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(visible(page, LEAD_MESSAGES.contactFailure)).toBe(true);
    expect(await page.getByLabel("First name").inputValue()).toBe("Amara");
    await context.close();
  });

  it("lets a keyboard user search and choose a country", async () => {
    const { page, context } = await openPage(browser(), "/contact");
    const country = page.getByRole("combobox", { name: "Country" });
    await country.focus();
    await page.keyboard.type("germ");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    expect(await country.getAttribute("aria-activedescendant")).toMatch(/-DE$/);
    await page.keyboard.press("Enter");
    expect(await country.inputValue()).toBe("Germany");
    expect(await country.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("ArrowDown");
    expect(await country.getAttribute("aria-expanded")).toBe("true");
    const box = await page.getByRole("listbox", { name: "Country" }).evaluate((el) => getComputedStyle(el).maxHeight);
    expect(box).toBe("300px");
    await page.keyboard.press("Escape");
    expect(await country.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });
});

describe("partnership form", () => {
  const browser = useBrowser();

  it("shows the three partner types and a FAQ with one answer open at a time", async () => {
    const { page, context } = await openPage(browser(), "/partnership", { viewport: PHONE });
    for (const name of ["Strategic Partner", "Technology Partner", "Marketing Partner"]) {
      expect(await page.getByRole("heading", { name, exact: true }).isVisible()).toBe(true);
    }
    const first = page.getByRole("button", { name: "Who can apply to the partnership program?" });
    const second = page.getByRole("button", { name: "How long does processing take?" });
    await first.click();
    expect(await first.getAttribute("aria-expanded")).toBe("true");
    await second.click();
    expect(await second.getAttribute("aria-expanded")).toBe("true");
    expect(await first.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(visible(page, /processed in 2-4 weeks/)).toBe(true);
    await context.close();
  });

  it("checks the name and the Other type, then sends the labels and the split name", async () => {
    const { page, context } = await openPage(browser(), "/partnership");
    const posts = recordPosts(page, "/partners");
    await page.getByLabel("Organization name").fill("Solaris Energy");
    await page.getByLabel("Website URL").fill("https://solaris.example");
    await page.getByLabel("Primary contact name").fill("Ana");
    const country = page.getByRole("combobox", { name: "Country" });
    await country.fill("Portugal");
    await page.getByRole("option", { name: "Portugal" }).click();
    await page.getByLabel("Email or Telegram handle").fill("@solaris_team");
    await page.getByRole("checkbox", { name: "Strategic Partner" }).check();
    await page.getByRole("checkbox", { name: "Other" }).check();
    const otherField = page.getByLabel("Describe the partnership you have in mind");
    await otherField.fill("Custody");
    await page.getByRole("checkbox", { name: "Other" }).uncheck();
    expect(await otherField.count()).toBe(0);
    await page.getByRole("checkbox", { name: "Other" }).check();
    expect(await otherField.inputValue()).toBe("");

    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(visible(page, LEAD_MESSAGES.contactNameTwoWords)).toBe(true);
    await expect.poll(visible(page, LEAD_MESSAGES.otherPartnershipTypeRequired)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("contactName");
    await page.getByLabel("Primary contact name").fill("Ana Maria Silva");
    expect(await page.getByText(LEAD_MESSAGES.contactNameTwoWords).count()).toBe(0);
    await otherField.fill("Custody and settlement");
    expect(posts).toEqual([]);

    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect.poll(visible(page, LEAD_MESSAGES.partnershipSuccess)).toBe(true);
    expect(posts).toEqual([
      {
        organizationName: "Solaris Energy",
        primaryContactName: "Ana Maria Silva",
        firstName: "Ana",
        lastName: "Maria Silva",
        socialProfile: "",
        websiteUrl: "https://solaris.example",
        emailOrTelegram: "@solaris_team",
        country: "PT",
        partnershipTypes: ["Strategic Partner", "Other"],
        otherPartnershipType: "Custody and settlement",
        comments: "",
      },
    ]);
    await expect.poll(() => page.getByLabel("Organization name").inputValue(), { timeout: 8000 }).toBe("");
    expect(await page.getByText(LEAD_MESSAGES.partnershipSuccess).count()).toBe(0);
    await context.close();
  });
});

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

    const email = unique("Presale.Walk");
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
    await page.getByLabel("Email").fill(unique("waitlist"));
    await page.getByLabel("X (Twitter) handle (optional)").fill("@lena_f");
    await submit.dblclick();
    await expect.poll(() => page.getByRole("alertdialog", { name: "You're on the waitlist!" }).isVisible()).toBe(true);
    expect(await page.getByText("Redirecting to home…").isVisible()).toBe(true);
    expect(await page.getByText("Thanks! You're on the list.").isVisible()).toBe(true);
    expect(posts).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem("VestinBannerDisabled"))).toBe("1");
    await page.waitForURL(`${baseURL()}/`, { timeout: 5000 });
    await page.waitForTimeout(300);
    expect(await page.locator("[data-testnet-banner]").count()).toBe(0);
    await context.close();
  });

  it("shows the server's refusal for an e-mail already on the list and keeps the form", async () => {
    const email = unique("twice");
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

describe("airdrop claim", () => {
  const browser = useBrowser();

  it("congratulates with the sprint figures and a support dialog that closes on Escape", async () => {
    const { page, context } = await openPage(browser(), "/zealy-claim", { viewport: PHONE });
    expect(await page.getByText("COMPLETED (December 2024)").isVisible()).toBe(true);
    for (const figure of ["8,247 XP", "1.85%", "1,850", "47 of 5,000", "$100,000", "445,000"]) {
      expect(await page.getByText(figure, { exact: true }).first().isVisible(), figure).toBe(true);
    }
    const help = page.getByRole("button", { name: "Need help?" });
    await help.click();
    const dialog = page.getByRole("dialog", { name: "Need help with your claim?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Need help?");
    await page.getByRole("link", { name: "Verify & Claim" }).click();
    await page.waitForURL("**/verification");
    await context.close();
  });

  /** The claim's wallet step: the injected wallet signs the message bound to the username typed above. */
  async function signClaim(page: Page) {
    await page.getByRole("button", { name: WALLET_MESSAGES.verifyClaim }).click();
    await expect.poll(() => page.locator("[data-wallet-state]").getAttribute("data-wallet-state"), { timeout: 10_000 }).toBe("verified");
  }

  it("verifies a pioneer with a wallet signature and shows the computed, masked claim full screen; closing resets the form", async () => {
    const { page, context, wallet } = await openWithWallet(browser(), baseURL(), "/verification");
    const address = wallet.account.address;
    const username = page.getByRole("textbox", { name: "Zealy username", exact: true });
    const submit = page.getByRole("button", { name: "Submit Verification" });
    await submit.click();
    await expect.poll(() => page.getByText("This field is required").count()).toBe(4);

    const email = unique("pioneer");
    await username.fill("pioneer-5001");
    await signClaim(page);
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe(address);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Telegram account").fill("@pioneer_48");
    await submit.click();
    await expect.poll(visible(page, LEAD_MESSAGES.zealyUnknown)).toBe(true);

    // The signature named pioneer-5001: another username needs a new one.
    await username.fill("pioneer-0048");
    await submit.click();
    await expect.poll(visible(page, WALLET_MESSAGES.proofRequired)).toBe(true);
    await signClaim(page);
    await submit.click();
    const result = page.getByRole("dialog", { name: "Verification Submitted" });
    await expect.poll(() => result.isVisible()).toBe(true);
    // The seeded leaderboard lists no wallets: the signed claim waits for the team's review.
    await expect.poll(() => result.getByText(WALLET_MESSAGES.pendingReview).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => result.getByText(new RegExp(`^${address.slice(0, 6)}…${address.slice(-4)}$`, "i")).isVisible()).toBe(true);
    expect(await result.getByText("@pi…").isVisible()).toBe(true);
    expect(await result.getByText("5,128 XP").isVisible()).toBe(true);
    expect(await result.getByText("1.15%").isVisible()).toBe(true);
    expect(await result.getByText("1,150 $VSTN", { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("Vestin_user_email"))).toBe(email.toLowerCase());
    const box = await result.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });

    await result.getByRole("button", { name: "Close" }).first().click();
    await expect.poll(() => result.count()).toBe(0);
    expect(await username.inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Wallet address", exact: true }).inputValue()).toBe("");

    // The same pioneer again: the server's refusal in the red box, naming the claiming wallet masked.
    await username.fill("pioneer-0048");
    await signClaim(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Telegram account").fill("@pioneer_48");
    await submit.click();
    await expect.poll(visible(page, LEAD_MESSAGES.airdropClaimed)).toBe(true);
    await context.close();
  });

  it("shows the result view's error with Retry when the claim cannot be loaded", async () => {
    const { page, context } = await openWithWallet(browser(), baseURL(), "/verification", { viewport: PHONE });
    await page.route("**/api/v1/pioneer-users?*", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "database unavailable" }));
    await page.getByRole("textbox", { name: "Zealy username", exact: true }).fill("pioneer-0049");
    await signClaim(page);
    await page.getByLabel("Email").fill(unique("retry"));
    await page.getByLabel("Telegram account").fill("@pioneer_49");
    await page.getByRole("button", { name: "Submit Verification" }).click();
    const result = page.getByRole("dialog", { name: "Verification Submitted" });
    await expect.poll(() => result.getByRole("heading", { name: "Error Loading Data" }).isVisible()).toBe(true);
    expect(await result.getByText("Failed to fetch user data: 500 Internal Server Error - database unavailable").isVisible()).toBe(true);
    await page.unroute("**/api/v1/pioneer-users?*");
    await result.getByRole("button", { name: "Retry" }).click();
    await page.waitForLoadState("load");
    await waitForHydration(page);
    expect(await result.count()).toBe(0);
    await context.close();
  });

  it("opens the support chat FAQ from the floating button", async () => {
    const { page, context } = await openPage(browser(), "/verification", { viewport: PHONE });
    await page.getByRole("button", { name: "Support", exact: true }).click();
    const faq = page.getByRole("dialog", { name: "Verification Help" });
    await expect.poll(() => faq.isVisible()).toBe(true);
    await faq.getByRole("button", { name: "My verification failed. Can I try again?" }).click();
    await expect.poll(() => faq.getByText(/retry verification up to 3 times within the 14-day claim period/).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => faq.count()).toBe(0);
    await context.close();
  });
});
