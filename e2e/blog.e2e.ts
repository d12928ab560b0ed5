import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SHARE_LIMITS } from "@vestin/shared/blog";
import { baseURL, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

const SLUG = "how-fractional-ownership-works";

describe("blog HTML without JavaScript", () => {
  it("an article's page carries its title, description, canonical URL, Open Graph, Twitter card and JSON-LD", async () => {
    const res = await fetch(`${baseURL()}/blog/${SLUG}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<meta property="og:title" content="How Fractional Ownership Turns a \$2M Building into \$100 Shares \| Vestin"\/>/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/blog/${SLUG}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${baseURL()}/images/blog/${SLUG}.png"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toMatch(/<h2 id="[^"]+">/);
    const image = await fetch(`${baseURL()}/images/blog/${SLUG}.png`);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("answers an unknown article with a 404 page", async () => {
    const res = await fetch(`${baseURL()}/blog/no-such-article`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Blog Post Not Found");
  });

  it("publishes a sitemap with every article, robots.txt and an RSS feed", async () => {
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseURL()}/blog/${SLUG}</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL()}/learn/courses</loc>`);
    expect(sitemap.match(/\/blog\//g)?.length).toBeGreaterThanOrEqual(24);
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    const rss = await fetch(`${baseURL()}/rss.xml`);
    expect(rss.headers.get("content-type")).toContain("application/rss+xml");
    expect((await rss.text()).match(/<item>/g)?.length).toBeGreaterThanOrEqual(24);
  });
});

describe("blog in the browser", () => {
  const browser = useBrowser();

  it("searches with suggestions and result counts, and clears a search with no hits", async () => {
    const { page, context } = await openPage(browser(), "/articles");
    const box = page.getByRole("combobox", { name: "Search articles" });
    await box.fill("custody");
    const options = page.getByRole("listbox", { name: "Suggested articles" }).getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(5);
    await box.press("Enter");
    await page.waitForURL("**/articles?search=custody");
    await expect.poll(() => page.getByTestId("results-count").textContent()).toMatch(/^Found \d+ articles? for "custody"$/);

    // Under the minimum length the list closes, whatever the last answer held.
    await box.fill("c");
    await expect.poll(() => page.getByRole("listbox", { name: "Suggested articles" }).isVisible()).toBe(false);

    await box.fill("qqzzxx nothing");
    await box.press("Enter");
    await page.waitForURL(/search=qqzzxx/);
    await expect.poll(() => page.getByTestId("results-count").textContent()).toBe('No articles found for "qqzzxx nothing"');
    await page.getByRole("link", { name: "Clear Search" }).click();
    await page.waitForURL((url) => url.pathname === "/articles" && url.search === "");
    await expect.poll(() => page.getByTestId("results-count").textContent()).toMatch(/^\d+ articles$/);
    await context.close();
  });

  it("opens an article from a suggestion", async () => {
    const { page, context } = await openPage(browser(), "/articles");
    await page.getByRole("combobox", { name: "Search articles" }).fill("fractional ownership");
    const first = page.getByRole("option").first();
    await expect.poll(() => first.isVisible()).toBe(true);
    await first.click();
    await page.waitForURL(/\/blog\//);
    await context.close();
  });

  it("sorts by views and likes", async () => {
    const { page, context } = await openPage(browser(), "/articles");
    const views = async () => (await page.locator("article").getByTitle("Views").allTextContents()).map((t) => Number(t.replace(/\D/g, "")));
    await page.getByRole("link", { name: "Most Popular" }).click();
    await page.waitForURL("**/articles?sort=popular");
    await expect
      .poll(async () => {
        const v = await views();
        return v.length > 3 && v.every((n, i) => i === 0 || v[i - 1]! >= n);
      })
      .toBe(true);
    expect(await page.getByRole("link", { name: "Most Popular" }).getAttribute("aria-current")).toBe("true");
    await page.getByRole("link", { name: "Trending" }).click();
    await page.waitForURL("**/articles?sort=trending");
    await expect
      .poll(async () => {
        const likes = (await page.getByTestId("like-count").allTextContents()).map(Number);
        return likes.length > 3 && likes.every((n, i) => i === 0 || likes[i - 1]! >= n);
      })
      .toBe(true);
    await context.close();
  });

  it("draws every card's icons from the page's sprite, and fills the heart of a liked article", async () => {
    const { page, context } = await openPage(browser(), "/articles?sort=trending");
    const card = page.locator("article").first();
    // Each card icon is a <use> of a symbol drawn once on the page: it must point at one, on every card.
    const dangling = await page.evaluate(
      () => [...document.querySelectorAll("article svg use")].filter((use) => !document.getElementById((use.getAttribute("href") ?? "").slice(1))).length,
    );
    expect(dangling).toBe(0);
    expect(await page.locator("article svg use").count()).toBe(3 * (await page.locator("article").count()));
    const [clock, views, heart] = [0, 1, 2].map((i) => card.locator("svg").nth(i));
    expect(await inkOf(page, clock!)).toBeGreaterThan(0.1);
    expect(await inkOf(page, views!)).toBeGreaterThan(0.1);
    const outline = await inkOf(page, heart!);
    expect(outline).toBeGreaterThan(0.1);
    await card.getByRole("button", { name: /^Like this article/ }).click();
    await expect.poll(() => card.getByRole("button", { name: /^Unlike this article/ }).getAttribute("aria-pressed")).toBe("true");
    // Filled, the heart covers far more of its box than its outline did.
    expect(await inkOf(page, heart!)).toBeGreaterThan(outline * 1.6);
    await card.getByRole("button", { name: /^Unlike this article/ }).click();
    await expect.poll(() => card.getByRole("button", { name: /^Like this article/ }).count()).toBe(1);
    await context.close();
  });

  it("likes and unlikes an article; the browser remembers the like", async () => {
    const { page, context } = await openPage(browser(), "/articles?sort=trending");
    const like = page
      .locator("article")
      .first()
      .getByRole("button", { name: /^Like this article/ });
    const before = Number(await like.getByTestId("like-count").textContent());
    await like.click();
    const liked = page
      .locator("article")
      .first()
      .getByRole("button", { name: /^Unlike this article/ });
    await expect.poll(() => liked.getAttribute("aria-pressed")).toBe("true");
    expect(Number(await liked.getByTestId("like-count").textContent())).toBe(before + 1);
    await page.reload();
    await waitForHydration(page);
    const afterReload = page
      .locator("article")
      .first()
      .getByRole("button", { name: /^Unlike this article/ });
    await expect.poll(() => afterReload.getAttribute("aria-pressed")).toBe("true");
    await afterReload.click();
    const unliked = page
      .locator("article")
      .first()
      .getByRole("button", { name: /^Like this article/ });
    await expect.poll(async () => Number(await unliked.getByTestId("like-count").textContent())).toBe(before);
    await context.close();
  });

  it("article page: breadcrumb, table of contents that jumps to headings, share links with trimmed text", async () => {
    const { page, context } = await openPage(browser(), `/blog/${SLUG}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Blog" }).getAttribute("href")).toBe("/articles");
    const toc = page.getByRole("navigation", { name: "Table of Contents" });
    const entries = toc.getByRole("link");
    expect(await entries.count()).toBeGreaterThan(4);
    for (const href of await entries.evaluateAll((links) => links.map((l) => l.getAttribute("href")))) {
      const id = href?.slice(1);
      expect(await page.locator(`[id="${id}"]`).count(), `${href}`).toBe(1);
    }
    const third = entries.nth(2);
    const target = (await third.getAttribute("href"))?.slice(1) ?? "";
    await third.click();
    await expect.poll(() => page.locator(`[id="${target}"]`).evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);

    const x = new URL((await page.getByRole("link", { name: "Share on X" }).getAttribute("href")) ?? "");
    expect(x.hostname).toBe("twitter.com");
    expect((x.searchParams.get("text") ?? "").length).toBeLessThanOrEqual(SHARE_LIMITS.short);
    // Every share link is the site's configured address (PUBLIC_URL), the one its pages are canonical at.
    expect(x.searchParams.get("url")).toBe(`${baseURL()}/blog/${SLUG}`);
    const whatsapp = new URL((await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href")) ?? "");
    expect(whatsapp.searchParams.get("text")).toContain(`${baseURL()}/blog/${SLUG}`);
    expect(await page.getByRole("link", { name: "Share on LinkedIn" }).getAttribute("href")).toContain(encodeURIComponent(`${baseURL()}/blog/${SLUG}`));
    expect(await page.getByRole("link", { name: "Share on Telegram" }).getAttribute("href")).toContain("t.me/share/url");

    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByText("Link copied to your clipboard.").isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/blog/${SLUG}`);
    expect(await page.getByRole("complementary", { name: "About this article" }).getByText("Related Articles").isVisible()).toBe(true);
    await context.close();
  });

  it("a Related Articles link shows that article's own like count and share links, and a like there counts from its number", async () => {
    const { page, context } = await openPage(browser(), `/blog/${SLUG}`);
    const like = page.getByRole("button", { name: /^(Like|Unlike) this article/ });
    const firstCount = Number(await like.getByTestId("like-count").textContent());
    const related = page.getByRole("region", { name: "Related Articles" }).getByRole("link");
    expect(await related.count()).toBeGreaterThan(0);
    // A related article whose count differs from this one's, so a leftover number shows.
    let chosen: { link: Locator; slug: string; title: string; likeCount: number } | undefined;
    for (const link of await related.all()) {
      const slug = ((await link.getAttribute("href")) ?? "").replace("/blog/", "");
      const { data } = (await (await fetch(`${baseURL()}/api/v1/blogs/${slug}`)).json()) as { data: { likeCount: number; title: string } };
      if (data.likeCount !== firstCount && data.likeCount !== firstCount + 1) {
        chosen = { link, slug, title: data.title, likeCount: data.likeCount };
        break;
      }
    }
    if (!chosen) throw new Error("every related article has this article's like count");

    // Liked here first: the next article must not inherit the like either.
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
    await chosen.link.click();
    await page.waitForURL(`**/blog/${chosen.slug}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(chosen.title);
    await expect.poll(async () => Number(await like.getByTestId("like-count").textContent())).toBe(chosen.likeCount);
    expect(await like.getAttribute("aria-pressed")).toBe("false");
    const x = new URL((await page.getByRole("link", { name: "Share on X" }).getAttribute("href")) ?? "");
    expect(x.searchParams.get("url")).toBe(`${baseURL()}/blog/${chosen.slug}`);
    const tocEntries = await page
      .getByRole("navigation", { name: "Table of Contents" })
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    for (const href of tocEntries) expect(await page.locator(`[id="${href?.slice(1)}"]`).count(), `${href}`).toBe(1);

    // A like counts from this article's number: the server's answer is what shows.
    const answer = page.waitForResponse((r) => r.url().endsWith("/like") && r.request().method() === "PUT");
    await like.click();
    const { data } = (await (await answer).json()) as { data: { likeCount: number } };
    expect(data.likeCount).toBe(chosen.likeCount + 1);
    await expect.poll(async () => Number(await like.getByTestId("like-count").textContent())).toBe(data.likeCount);
    await like.click();
    await expect.poll(() => like.getAttribute("aria-pressed")).toBe("false");
    await fetch(`${baseURL()}/api/v1/blogs/${SLUG}/unlike`, { method: "PUT" });
    await context.close();
  });

  it("shows the not-found screen for an unknown article, also on a phone", async () => {
    const { page, context } = await openPage(browser(), "/blog/definitely-missing", { viewport: PHONE });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog Post Not Found");
    await page.getByRole("link", { name: "Back to Articles" }).click();
    await page.waitForURL("**/articles");
    await context.close();
  });
});

/** The share of an element's pixels (as drawn, from a screenshot) that differ clearly from its top-left corner: 0 when nothing is drawn. */
async function inkOf(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot({ animations: "disabled" })).toString("base64");
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d");
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data: pixels } = context.getImageData(0, 0, image.width, image.height);
    const [r0, g0, b0] = [pixels[0]!, pixels[1]!, pixels[2]!];
    let ink = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      if (Math.abs(pixels[i]! - r0) + Math.abs(pixels[i + 1]! - g0) + Math.abs(pixels[i + 2]! - b0) > 60) ink += 1;
    }
    return ink / (pixels.length / 4);
  }, png);
}
