import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@vestin/shared/brand";
import { baseURL, DESKTOP, jsErrors, openPage, pageLoaderGone, PHONE, useBrowser } from "./support.ts";

/** Each page of this area: its h1 and a sentence of its main content, as the server sends them. */
const PAGES: Array<[path: string, h1: string, mainText: string]> = [
  ["/", "Own more. Risk less.", "Institutional Yields"],
  ["/team", "Meet the Team", "Chief Executive Officer (CEO)"],
  ["/mission", "Our mission extends beyond access", "Educational Empowerment for All"],
  ["/roadmap", "Our roadmap", "Open the presale whitelist questionnaire"],
  ["/token-economy", "The $VSTN token economy", "Annual rewards = stake × APY × lock multiplier"],
  ["/vstn-token", "The $VSTN Token", "Community &amp; Ecosystem"],
  ["/whitepaper", "Vestin Whitepaper", "PDF Viewer Not Available"],
  ["/pitch-deck", "Vestin Pitch Deck", "View in Google Docs"],
  ["/media-kit", "Vestin Media Kit", "Download Guidelines"],
  ["/terms", "Terms &amp; Conditions", "Mandatory Arbitration"],
  ["/privacy", "Privacy Policy", "State-Specific Privacy Notices"],
  ["/cookies", "Cookie Policy", "Cookies and storage we place"],
];

async function visibleCount(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length);
}

describe("marketing pages without JavaScript", () => {
  it.each(PAGES)("%s sends its one h1 and its main text in the HTML", async (pagePath, h1, mainText) => {
    const res = await fetch(`${baseURL()}${pagePath}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const headings = html.match(/<h1[\s>][\s\S]*?<\/h1>/g) ?? [];
    expect(headings, pagePath).toHaveLength(1);
    expect(headings[0]?.replace(/<[^>]+>/g, "")).toBe(h1);
    expect(html).toContain(mainText.replace(/'/g, "&#x27;"));
  });

  it("renders the final figures of the animated counters on the server", async () => {
    const roadmap = await (await fetch(`${baseURL()}/roadmap`)).text();
    for (const figure of ["25%", ">4<", "15+", "Q4"]) expect(roadmap).toContain(figure);
    const home = await (await fetch(`${baseURL()}/`)).text();
    for (const figure of ["255k", "74k", "15k", "25k", "$950M+"]) expect(home).toContain(figure);
  });

  it("dates the legal pages from their sources and links their sections", async () => {
    const terms = await (await fetch(`${baseURL()}/terms`)).text();
    expect(terms).toContain("Last updated <time>April 30, 2025</time>");
    expect(terms).toContain('href="#22-mandatory-arbitration"');
    expect(terms).toContain('id="22-i-severability-changes-and-survival"');
    const cookies = await (await fetch(`${baseURL()}/cookies`)).text();
    expect(cookies).toContain("Last updated <time>November 28, 2026</time>");
    // The policy describes what the site stores: no advertising pixel, no marketing category.
    expect(cookies).not.toMatch(/retargeting pixel|_vst_rtg|_vst_click/);
    expect(cookies).toContain("Embedded Videos");
    const privacy = await (await fetch(`${baseURL()}/privacy`)).text();
    expect(privacy).toContain("Last updated <time>November 28, 2026</time>");
    expect(privacy).not.toContain("marketing cookies");
  });
});

describe("marketing pages in the browser", () => {
  const browser = useBrowser();

  it("home: Meet Our Team scrolls to the founders and the token button opens the token site in a new tab", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    await pageLoaderGone(page);
    for (const anchor of ["leadership", "founders", "team", "advisors"]) expect(await page.locator(`#${anchor}`).count(), anchor).toBe(1);
    await page.getByRole("link", { name: "Meet Our Team" }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("founders")?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 250;
    });
    expect(new URL(page.url()).hash).toBe("#founders");
    const token = page.getByRole("link", { name: /Explore \$VSTN/ });
    expect(await token.getAttribute("target")).toBe("_blank");
    expect(await token.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await page.getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("/learn");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("team: the filter shows only the chosen group and keeps its count labels", async () => {
    const { page, context } = await openPage(browser(), "/team", { viewport: DESKTOP });
    const filter = page.getByRole("group", { name: "Filter the team" });
    expect((await filter.getByRole("button").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
      "All Team (19)",
      "Founders (3)",
      "Team (7)",
      "Advisors (9)",
    ]);
    const shown = async () => ({
      founders: await page.locator("#founders").isVisible(),
      team: await page.locator("#team").isVisible(),
      advisors: await page.locator("#advisors").isVisible(),
    });
    expect(await shown()).toEqual({ founders: true, team: true, advisors: true });
    await filter.getByRole("button", { name: /^Founders/ }).click();
    expect(await shown()).toEqual({ founders: true, team: false, advisors: false });
    expect(await filter.getByRole("button", { name: /^Founders/ }).getAttribute("aria-pressed")).toBe("true");
    await filter.getByRole("button", { name: /^Advisors/ }).click();
    expect(await shown()).toEqual({ founders: false, team: false, advisors: true });
    await filter.getByRole("button", { name: /^Team/ }).click();
    expect(await shown()).toEqual({ founders: false, team: true, advisors: false });
    await filter.getByRole("button", { name: /^All Team/ }).click();
    expect(await shown()).toEqual({ founders: true, team: true, advisors: true });
    // No photos are supplied, so every member shows initials.
    expect(await page.locator("#founders").getByText("DO", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "View our mission" }).getAttribute("href")).toBe("/mission");
    await context.close();
  });

  it("team: the two accordion groups open independently", async () => {
    const { page, context } = await openPage(browser(), "/team", { viewport: PHONE });
    const why = page.getByRole("button", { name: "Expert-Driven Strategy" });
    const growth = page.getByRole("button", { name: "Sustainable Growth" });
    const regS = page.getByRole("button", { name: "Regulation S" });
    for (const trigger of [why, growth, regS]) expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    const whyBody = page.getByText(/Every asset on Vestin is sourced and reviewed/);
    expect(await whyBody.isVisible()).toBe(false);
    await why.click();
    await regS.click();
    expect(await whyBody.isVisible()).toBe(true);
    expect(await why.getAttribute("aria-expanded")).toBe("true");
    expect(await regS.getAttribute("aria-expanded")).toBe("true");
    await growth.click();
    expect(await why.getAttribute("aria-expanded")).toBe("true");
    expect(await growth.getAttribute("aria-expanded")).toBe("true");
    await regS.press("Enter");
    expect(await regS.getAttribute("aria-expanded")).toBe("false");
    expect(await why.getAttribute("aria-expanded")).toBe("true");
    await context.close();
  });

  it("roadmap: Show N More and Show Less change the visible tasks of a card", async () => {
    const { page, context } = await openPage(browser(), "/roadmap", { viewport: PHONE });
    const expected = { "Q1 2025": 4, "Q2 2025": 6, "Q3 2025": 6, "Q4 2025": 7 };
    for (const [quarter, extra] of Object.entries(expected)) {
      const card = `[data-roadmap-card="${quarter}"]`;
      expect(await visibleCount(page, `${card} li`), quarter).toBe(3);
      const toggle = page.locator(card).getByRole("button", { name: `Show ${extra} More` });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      expect(await visibleCount(page, `${card} li`), quarter).toBe(3 + extra);
      const less = page.locator(card).getByRole("button", { name: "Show Less" });
      expect(await less.getAttribute("aria-expanded")).toBe("true");
      await less.click();
      expect(await visibleCount(page, `${card} li`), quarter).toBe(3);
    }
    for (const status of ["In Progress", "Upcoming", "Planned", "Vision"]) expect(await page.getByText(status, { exact: true }).count()).toBe(1);
    await context.close();
  });

  it("roadmap: Explore the Journey scrolls to the timeline and the counters end on their figures", async () => {
    const { page, context } = await openPage(browser(), "/roadmap", { viewport: DESKTOP, reducedMotion: "no-preference" });
    // The counters count up, then stop on the figures.
    await expect.poll(() => page.locator("[data-metric] dd [aria-hidden]").allInnerTexts(), { timeout: 10_000 }).toEqual(["25%", "4", "15+", "Q4"]);
    await page.getByRole("link", { name: /Explore the Journey/ }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("timeline")?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 250;
    });
    await context.close();
  });

  it("token economy: tabs switch, and the calculator applies stake × APY × lock multiplier", async () => {
    const { page, context } = await openPage(browser(), "/token-economy", { viewport: DESKTOP });
    const tiers = page.getByRole("tab", { name: "Tier Benefits" });
    expect(await tiers.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tabpanel").getByText("Platinum", { exact: true }).isVisible()).toBe(true);

    await tiers.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByRole("tab", { name: "Distribution" }).getAttribute("aria-selected")).toBe("true");
    const table = page.getByRole("table", { name: /allocation and vesting terms/ });
    await table.waitFor();
    expect(await table.getByRole("row", { name: /Strategic/ }).innerText()).toContain("3.88%");

    await page.getByRole("tab", { name: "ROI Calculator" }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#calculator");
    const annual = page.locator('[data-testid="roi-annual"]');
    const monthly = page.locator('[data-testid="roi-monthly"]');
    expect(await annual.innerText()).toMatch(/^1,200 \$VSTN$/);
    expect(await monthly.innerText()).toMatch(/^100 \$VSTN$/);
    expect(await page.getByText(/annual rewards = stake × APY × lock multiplier/i).isVisible()).toBe(true);

    const stake = page.getByLabel("Amount to stake ($VSTN)");
    expect(await stake.getAttribute("min")).toBe("1000");
    expect(await stake.getAttribute("step")).toBe("1000");
    await stake.fill("50000");
    await page.getByRole("radio", { name: /Gold/ }).check({ force: true });
    await page.getByRole("radio", { name: /24 months/ }).check({ force: true });
    expect(await annual.innerText()).toMatch(/^12,000 \$VSTN$/);
    expect(await monthly.innerText()).toMatch(/^1,000 \$VSTN$/);

    await stake.fill("2500");
    await page.getByRole("radio", { name: /Bronze/ }).check({ force: true });
    await page.getByRole("radio", { name: /6 months/ }).check({ force: true });
    expect(await annual.innerText()).toMatch(/^125 \$VSTN$/);
    expect(await monthly.innerText()).toMatch(/^10\.42 \$VSTN$/);

    // A hash opens its tab directly.
    await page.goto("/token-economy#tokenomics");
    await page.waitForFunction(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === "Distribution");
    await context.close();
  });

  it("token economy: a node's popover toggles and the pause button changes its label", async () => {
    const { page, context } = await openPage(browser(), "/token-economy", { viewport: DESKTOP, reducedMotion: "no-preference" });
    await pageLoaderGone(page);
    const toggle = page.locator("[data-flow-toggle]");
    expect(await toggle.innerText()).toBe("Pause animation");
    expect(await page.locator(".react-flow__edge.animated").count()).toBe(14);
    await toggle.click();
    expect(await toggle.innerText()).toBe("Resume animation");
    expect(await page.locator(".react-flow__edge.animated").count()).toBe(0);
    await toggle.click();
    expect(await toggle.innerText()).toBe("Pause animation");

    const staking = page.locator('[data-flow-node="staking"]');
    await staking.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Flexible staking earns 5-8% APY");
    expect(await staking.getAttribute("aria-expanded")).toBe("true");
    await staking.click();
    await dialog.waitFor({ state: "detached" });
    expect(await staking.getAttribute("aria-expanded")).toBe("false");
    await page.locator('[data-flow-node="fee-burn"]').click();
    expect(await page.getByRole("dialog").innerText()).toContain("10% of platform fees is burned quarterly");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("cookies: consent toggles persist across a reload and functional cannot be turned off", async () => {
    const { page, context } = await openPage(browser(), "/cookies", { viewport: PHONE });
    const functional = page.getByRole("switch", { name: /Functional/ });
    const analytics = page.getByRole("switch", { name: /Analytics/ });
    const embeds = page.getByRole("switch", { name: /Embedded videos/ });
    expect(await page.getByRole("switch", { name: /Marketing/ }).count()).toBe(0);
    await page.waitForFunction(() => !document.querySelector('[data-consent="analytics"]')?.hasAttribute("disabled"));
    expect(await functional.getAttribute("aria-checked")).toBe("true");
    expect(await functional.isDisabled()).toBe(true);
    expect(await analytics.getAttribute("aria-checked")).toBe("false");
    expect(await embeds.getAttribute("aria-checked")).toBe("false");

    await analytics.click();
    await functional.click({ force: true });
    expect(await analytics.getAttribute("aria-checked")).toBe("true");
    expect(await functional.getAttribute("aria-checked")).toBe("true");
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cookieConsent)) ?? "null");
    expect(stored).toMatchObject({ functional: true, analytics: true, embeds: false });
    expect(Number.isNaN(Date.parse(stored.updatedAt))).toBe(false);

    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-consent="analytics"]')?.getAttribute("aria-checked") === "true");
    expect(await embeds.getAttribute("aria-checked")).toBe("false");
    await embeds.click();
    await analytics.click();
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-consent="embeds"]')?.getAttribute("aria-checked") === "true");
    expect(await analytics.getAttribute("aria-checked")).toBe("false");

    // A damaged stored value is ignored: back to functional only.
    await page.evaluate((key) => localStorage.setItem(key, "{not json"), STORAGE_KEYS.cookieConsent);
    await page.reload();
    await page.waitForFunction(() => !document.querySelector('[data-consent="analytics"]')?.hasAttribute("disabled"));
    expect(await analytics.getAttribute("aria-checked")).toBe("false");
    expect(await embeds.getAttribute("aria-checked")).toBe("false");

    // Placed-cookie cards expand.
    const card = page.locator('[data-cookie-card="vestin_cookie_consent"]').getByRole("button");
    const purpose = page.getByText("Stores your consent choices from the toggles on this page");
    expect(await purpose.isVisible()).toBe(false);
    await card.click();
    expect(await purpose.isVisible()).toBe(true);
    expect(await card.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator('[data-cookie-card="vestin_cookie_consent"]').innerText()).toContain("12 months");
    await context.close();
  });

  it.each([
    ["/whitepaper", "vestin-whitepaper.pdf"],
    ["/pitch-deck", "vestin-pitch-deck.pdf"],
  ])("%s: Download PDF points to a real PDF served as application/pdf", async (pagePath, fileName) => {
    const { page, context } = await openPage(browser(), pagePath, { viewport: DESKTOP });
    const download = page.locator("[data-pdf-download]");
    expect(await download.getAttribute("download")).toBe(fileName);
    const href = await download.getAttribute("href");
    expect(href).toBe(`/documents/${fileName}`);
    const openInTab = page.getByRole("link", { name: /Open in New Tab/ });
    expect(await openInTab.getAttribute("href")).toBe(href);
    expect(await openInTab.getAttribute("target")).toBe("_blank");

    const res = await fetch(`${baseURL()}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(await page.title()).toMatch(/Vestin/);
    await context.close();
  });

  it("whitepaper on a phone: the fallback offers Download PDF and View in Google Docs", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/whitepaper");
    await page.waitForSelector('[data-pdf-state="fallback"]');
    expect(await page.getByRole("heading", { name: "PDF Viewer Not Available" }).isVisible()).toBe(true);
    const viewer = page.getByRole("link", { name: /View in Google Docs/ });
    expect(await viewer.getAttribute("href")).toBe(`https://docs.google.com/viewer?url=${encodeURIComponent(`${baseURL()}/documents/vestin-whitepaper.pdf`)}`);
    expect(await page.locator("object").count()).toBe(0);
    await context.close();
  });

  it("media kit: Download Guidelines downloads the brand guidelines PDF this site serves", async () => {
    const { page, context } = await openPage(browser(), "/media-kit", { viewport: PHONE });
    const links = page.getByRole("link", { name: /Download Guidelines/ });
    expect(await links.count()).toBe(2);
    for (const link of await links.all()) {
      expect(await link.getAttribute("href")).toBe("/documents/vestin-brand-guidelines.pdf");
      expect(await link.getAttribute("download")).toBe("vestin-brand-guidelines.pdf");
    }
    expect(await page.content()).not.toContain("drive.google.com");

    // A click downloads the file, under its own name.
    const downloading = page.waitForEvent("download");
    await links.last().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("vestin-brand-guidelines.pdf");
    const saved = readFileSync(await download.path());
    expect(saved.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const res = await fetch(`${baseURL()}/documents/vestin-brand-guidelines.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(saved)).toBe(true);
    expect(bytes.length).toBeGreaterThan(20_000);
    // The document's outline (its bookmarks) lists the sections a brand guide needs.
    const outline = [...bytes.toString("latin1").matchAll(/\/Title \(([^)]*)\)/g)].map((m) => m[1]);
    expect(outline).toEqual([
      "1. About These Guidelines",
      "2. The Logo",
      "3. Colour",
      "4. Type",
      "5. Tone of Voice",
      "6. Writing Our Name",
      "7. Do and Don't",
      "8. Press and Contact",
    ]);
    expect(await page.locator("figure img").count()).toBe(2);
    await context.close();
  });
});
