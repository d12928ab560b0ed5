import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "@vestin/shared/leads";
import { recordPosts, uniqueEmail, visible } from "./lead-support.ts";
import { jsErrors, openPage, PHONE, requestsFlushed, useBrowser } from "./support.ts";

/* The enquiry forms: contact and partnership (the sign-up lists are in leads-presale.e2e.ts). */

describe("contact form", () => {
  const browser = useBrowser();

  it("sends an enquiry with every progressive field, shows the green message and clears the form 5 s later", async () => {
    const { page, context } = await openPage(browser(), "/contact");
    const posts = recordPosts(page, "/contacts");
    const email = uniqueEmail("contact");
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
    await requestsFlushed(page);
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

  it("loads the lead schemas (zod) only once the form is used, and still checks before sending", async () => {
    const { page, context } = await openPage(browser(), "/contact", { viewport: PHONE });
    const posts = recordPosts(page, "/contacts");
    // The scripts the page has loaded that hold zod ("$ZodType" survives minifying, as in shell.e2e.ts).
    const zodScripts = () =>
      page.evaluate(async () => {
        const urls = performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .filter((url) => url.endsWith(".js"));
        const texts = await Promise.all(urls.map(async (url) => [url, await (await fetch(url)).text()] as const));
        return texts.filter(([, text]) => text.includes("$ZodType")).map(([url]) => url);
      });
    expect(await page.getByLabel("First name").isVisible()).toBe(true);
    expect(await zodScripts()).toEqual([]);

    await page.getByLabel("First name").focus();
    await expect.poll(async () => (await zodScripts()).length).toBe(1);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(visible(page, LEAD_MESSAGES.firstNameRequired)).toBe(true);
    await requestsFlushed(page);
    expect(posts).toEqual([]);
    await context.close();
  });

  it("says so when the form's checks cannot be downloaded, sends nothing, and checks at the next try", async () => {
    const { page, context } = await openPage(browser(), "/contact", { viewport: PHONE });
    const posts = recordPosts(page, "/contacts");
    // Offline for scripts: the schemas' chunks cannot be fetched.
    await page.route("**/assets/**", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("First name").fill("Amara");
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: LEAD_MESSAGES.presaleNetworkError });
    await expect.poll(() => toast.isVisible()).toBe(true);
    await requestsFlushed(page);
    expect(posts).toEqual([]);

    await page.unroute("**/assets/**");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(visible(page, LEAD_MESSAGES.lastNameRequired)).toBe(true);
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
    const email = uniqueEmail("fail");
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
