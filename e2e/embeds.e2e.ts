import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@vestin/shared/brand";
import { expectAccessible } from "./learner-support.ts";
import { baseURL, DESKTOP, jsErrors, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

const browser = useBrowser();

const FIRST = "/learn/course/real-estate-01-foundations/lesson/1";
const OTHER = "/learn/course/advanced-02-security-custody-infrastructure/lesson/1";
const PLAYER_HOSTS = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//;

/**
 * Every request the browser makes to a video provider, answered here with a small page (this
 * network reaches no provider), so a test can tell "never asked" from "asked".
 */
async function watchPlayerRequests(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(PLAYER_HOSTS, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" });
  });
  return requested;
}

const placeholder = (page: Page) => page.locator("[data-video-placeholder]");
const player = (page: Page) => page.locator('iframe[title^="Video: "]');

async function gotoLesson(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

describe("lesson videos wait for the visitor's consent", () => {
  it("nothing is asked of YouTube before consent; Load video loads it; always-allow is remembered across pages and withdrawn on /cookies", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    const requested = await watchPlayerRequests(context);
    await gotoLesson(page, FIRST);

    // Before consent: a placeholder that names the video and the provider, and no request to it.
    await expect.poll(() => placeholder(page).isVisible()).toBe(true);
    expect(await placeholder(page).getAttribute("data-video-placeholder")).toBe("YouTube");
    const text = await placeholder(page).innerText();
    expect(text).toContain("Video: ");
    expect(text).toContain("This video plays from YouTube");
    expect(await player(page).count()).toBe(0);
    await expectAccessible(page, "lesson video placeholder, 1280 px");
    expect(requested).toEqual([]);

    // "Load video" loads this one video, and only this one: the next page asks again.
    await page.getByRole("button", { name: "Load video" }).click();
    await expect.poll(() => player(page).getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/SSo_EIwHSd4");
    await expect.poll(() => requested.length).toBe(1);
    expect(requested[0]).toBe("https://www.youtube-nocookie.com/embed/SSo_EIwHSd4");
    await gotoLesson(page, OTHER);
    await expect.poll(() => placeholder(page).isVisible()).toBe(true);
    expect(await player(page).count()).toBe(0);
    expect(requested).toHaveLength(1);

    // "Always allow embedded videos": stored in the cookie consent, and every later lesson loads its video at once.
    await page.getByRole("checkbox", { name: "Always allow embedded videos" }).check();
    await page.getByRole("button", { name: "Load video" }).click();
    await expect.poll(() => player(page).getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/bBC-nXj3Ng4");
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cookieConsent)) ?? "null");
    expect(stored).toMatchObject({ functional: true, analytics: false, embeds: true });
    await gotoLesson(page, FIRST);
    await expect.poll(() => player(page).getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/SSo_EIwHSd4");
    expect(await placeholder(page).count()).toBe(0);

    // The cookie page shows the choice and withdraws it; the placeholder comes back and nothing more is asked.
    await gotoLesson(page, "/cookies");
    const embeds = page.getByRole("switch", { name: /Embedded videos/ });
    await page.waitForFunction(() => !document.querySelector('[data-consent="embeds"]')?.hasAttribute("disabled"));
    expect(await embeds.getAttribute("aria-checked")).toBe("true");
    await embeds.click();
    await expect.poll(() => embeds.getAttribute("aria-checked")).toBe("false");
    const before = requested.length;
    await gotoLesson(page, FIRST);
    await expect.poll(() => placeholder(page).isVisible()).toBe(true);
    expect(await player(page).count()).toBe(0);
    expect(requested).toHaveLength(before);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("the server-rendered lesson holds no player, and the page's CSP still lets the players be framed", async () => {
    const res = await fetch(`${baseURL()}${FIRST}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("youtube-nocookie.com/embed");
    expect(html).toContain("Load video");
    const frameSrc = (res.headers.get("content-security-policy") ?? "").split(";").find((d) => d.trim().startsWith("frame-src"));
    expect(frameSrc).toContain("https://www.youtube-nocookie.com");
    expect(frameSrc).toContain("https://player.vimeo.com");
  });

  it("phone: the placeholder fits 390 px, its button and choice are reachable, and it passes axe", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: PHONE });
    const requested = await watchPlayerRequests(context);
    await gotoLesson(page, FIRST);
    await expect.poll(() => placeholder(page).isVisible()).toBe(true);
    const box = await placeholder(page).boundingBox();
    const button = await page.getByRole("button", { name: "Load video" }).boundingBox();
    const choice = await page.getByText("Always allow embedded videos").boundingBox();
    if (!box || !button || !choice) throw new Error("the placeholder is not laid out");
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    for (const inner of [button, choice]) {
      expect(inner.y).toBeGreaterThanOrEqual(box.y);
      expect(inner.y + inner.height).toBeLessThanOrEqual(box.y + box.height);
    }
    await expectAccessible(page, "lesson video placeholder, 390 px");
    expect(requested).toEqual([]);
    await context.close();
  });
});
