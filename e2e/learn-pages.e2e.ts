import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { trackHours, trackSlug } from "@vestin/shared/learning";
import { baseURL, DESKTOP, jsErrors, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

type Category = { category: string; description: string; courseCount: number; totalLessons: number };

async function liveAnalytics(): Promise<Category[]> {
  const res = await fetch(`${baseURL()}/api/v1/courses/categories/analytics`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { categories: Category[] } };
  return body.data.categories;
}

/** The spec's formulas: tracks with courses, max(50, 2 × courses), max(1000, 10 × lessons). */
function expectedStats(categories: Category[]) {
  const courses = categories.reduce((sum, c) => sum + c.courseCount, 0);
  const lessons = categories.reduce((sum, c) => sum + c.totalLessons, 0);
  return {
    tracks: categories.filter((c) => c.courseCount > 0).length,
    instructors: Math.max(50, 2 * courses),
    students: Math.max(1000, 10 * lessons),
  };
}

const format = (n: number) => new Intl.NumberFormat("en-US").format(n);

const PAGES = [
  {
    path: "/learn",
    h1: "The Tokenization Education Hub",
    texts: [
      "Start Learning",
      "Explore Courses",
      "Learning Tracks",
      "Expert Instructors",
      "Students",
      "Why Choose Vestin Learning",
      "Ambassador Masterclass",
      "4 hours",
      "12 lessons",
      "Expert level",
      "FREE",
      "Claim Your Free Access",
      "Verify Token Holdings",
      "Explore Track",
      "Start Your Tokenization Journey",
      "Browse All Courses",
      "Take Assessment",
      "110+",
      "10,000+",
      "What Learners Say",
      "Amara Nwosu",
      "Lukas Brenner",
      "Isabel Cruz",
      "Start Your Success Story",
    ],
  },
  {
    path: "/learn/get-started",
    h1: "Start Your Tokenization Journey",
    texts: [
      "How It Works",
      "Choose Your Path",
      "Real Estate",
      "Physical Assets",
      "Securities",
      "NFTs",
      "Advanced Topics",
      "Learn at Your Own Pace",
      "Earn Certification",
      "What You Get",
      "Payment Discounts",
      "Ready to Get Started?",
      'href="/learn/connect-wallet"',
      'href="/learn/about"',
    ],
  },
  {
    path: "/learn/how-it-works",
    h1: "How Learning Works",
    texts: [
      "Start Learning Today",
      "Your Learning Journey",
      "Choose a Track",
      "Interactive Lessons",
      "Assessments",
      "Certificate",
      "Why Learners Choose Us",
      "Browse All Tracks",
      "Connect Wallet",
    ],
  },
  {
    path: "/learn/about",
    h1: "Pioneering Tokenization Education",
    texts: [
      "Our Mission",
      "10,000+",
      "Completion Rate",
      "95%",
      "50+",
      "Our Values",
      "Excellence in Education",
      "Global Accessibility",
      "Community Driven",
      "Innovation Focus",
      "Achievements",
      "View Certifications",
      "Expert Leadership",
      "Join Our Faculty",
      "Become an Instructor",
      'href="mailto:faculty@vestin.io?subject=Instructor%20application"',
    ],
  },
  {
    path: "/learn/connect-wallet",
    h1: "Connect Your Wallet",
    texts: [
      "Payment Options",
      "20% off",
      "10% off",
      "5% off",
      "ETH",
      "BTC",
      "BNB",
      "MATIC",
      "USDC",
      "USDT",
      "DAI",
      "Card",
      "Bank transfer",
      "Open Wallet App",
      'href="https://app.vestin.io" target="_blank" rel="noopener noreferrer"',
      "The Learning Area in Numbers",
    ],
  },
] as const;

describe("learning pages HTML without JavaScript", () => {
  it.each(PAGES)("$path carries its one h1 and key texts", async ({ path, h1, texts }) => {
    const res = await fetch(`${baseURL()}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<h1[\s>]/g)?.length, "one h1").toBe(1);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${h1.replace(/[.?]/g, "\\$&")}</h1>`));
    for (const text of texts) expect(html, text).toContain(text);
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
    expect(main).not.toMatch(/coming soon|lorem ipsum|placeholder|TODO/i);
  });

  it("/learn shows the figures computed from the live analytics, final in the HTML", async () => {
    const expected = expectedStats(await liveAnalytics());
    const html = await (await fetch(`${baseURL()}/learn`)).text();
    const suffix = { tracks: "", instructors: "+", students: "+" } as const;
    for (const id of ["tracks", "instructors", "students"] as const) {
      const match = new RegExp(`data-stat="${id}"[\\s\\S]*?data-count-up="(\\d+)"[\\s\\S]*?data-count-up-shown="">([^<]+)<`).exec(html);
      expect(match, id).not.toBeNull();
      expect(Number(match?.[1]), id).toBe(expected[id]);
      expect(match?.[2], id).toBe(`${format(expected[id])}${suffix[id]}`);
    }
  });

  it("/learn lists every track with courses, with its counts, hours and Explore Track link", async () => {
    const categories = await liveAnalytics();
    const html = await (await fetch(`${baseURL()}/learn`)).text();
    const withCourses = categories.filter((c) => c.courseCount > 0);
    expect(html.match(/data-track="/g)?.length).toBe(withCourses.length);
    for (const c of withCourses) {
      const slug = trackSlug(c.category);
      const card = new RegExp(`data-track="${slug}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "";
      expect(card, c.category).toContain(c.category);
      expect(card).toContain(`${c.courseCount} course`);
      expect(card).toContain(`${c.totalLessons} lessons`);
      expect(card).toContain(`${trackHours(c.totalLessons)} hour`);
      expect(card).toContain(`href="/learn/track/${slug}"`);
    }
  });
});

/** Texts of the counters as they change, sampled every animation frame until stopped. */
async function recordCounters(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __counterSamples: string[][]; __recording: boolean };
    w.__counterSamples = [];
    w.__recording = true;
    const sample = () => {
      w.__counterSamples.push([...document.querySelectorAll("[data-count-up-shown]")].map((el) => el.textContent ?? ""));
      if (w.__recording) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  return async () =>
    page.evaluate(() => {
      const w = window as unknown as { __counterSamples: string[][]; __recording: boolean };
      w.__recording = false;
      return w.__counterSamples;
    });
}

const shownCounters = (page: Page) => page.locator("[data-count-up-shown]").allTextContents();

describe("learning pages in the browser", () => {
  const browser = useBrowser();

  it("/learn's buttons and Explore Track links go where the spec says", async () => {
    const categories = await liveAnalytics();
    const { page, context } = await openPage(browser(), "/learn");
    const main = page.locator("main");
    const hrefOf = (name: string) => main.getByRole("link", { name, exact: true }).getAttribute("href");
    expect(await hrefOf("Start Learning")).toBe("/learn/courses");
    expect(await hrefOf("Explore Courses")).toBe("/learn/courses#course-filtering");
    expect(await hrefOf("Claim Your Free Access")).toBe("/learn/masterclass/claim");
    expect(await hrefOf("Verify Token Holdings")).toBe("/learn/connect-wallet");
    expect(await hrefOf("Browse All Courses")).toBe("/learn/courses");
    expect(await hrefOf("Take Assessment")).toBe("/learn/track/1");
    expect(await hrefOf("Start Your Success Story")).toBe("/learn/track/1");

    const explore = main.getByRole("link", { name: /^Explore Track: / });
    const withCourses = categories.filter((c) => c.courseCount > 0);
    expect(await explore.count()).toBe(withCourses.length);
    for (const [index, c] of withCourses.entries()) {
      await expect.poll(() => explore.nth(index).getAttribute("href")).toBe(`/learn/track/${trackSlug(c.category)}`);
      expect(await explore.nth(index).getAttribute("aria-label")).toBe(`Explore Track: ${c.category}`);
    }

    const first = withCourses[0];
    if (!first) throw new Error("no track with courses");
    await main.getByRole("link", { name: `Explore Track: ${first.category}` }).click();
    await page.waitForURL(`**/learn/track/${trackSlug(first.category)}`);
    await page.goBack();
    await page.waitForURL("**/learn");
    await main.getByRole("link", { name: "Start Learning", exact: true }).click();
    await page.waitForURL("**/learn/courses");
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("/learn's figures count up to their final values when scrolled into view", async () => {
    const expected = expectedStats(await liveAnalytics());
    const finals = [format(expected.tracks), `${format(expected.instructors)}+`, `${format(expected.students)}+`];
    const { page, context } = await openPage(browser(), "/learn", { viewport: PHONE, reducedMotion: "no-preference" });
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(() => shownCounters(page)).toEqual(["0", "0+", "0+"]);

    const stop = await recordCounters(page);
    await page.locator('[data-stat="students"]').scrollIntoViewIfNeeded();
    await expect.poll(() => shownCounters(page), { timeout: 5000 }).toEqual(finals);
    const samples = await stop();
    const students = samples.map((s) => Number((s[2] ?? "").replace(/[^\d]/g, "")));
    expect(
      students.some((n) => n > 0 && n < expected.students),
      "intermediate values while counting",
    ).toBe(true);
    expect(
      students.every((n, i) => i === 0 || n >= (students[i - 1] ?? 0)),
      "counts upward",
    ).toBe(true);
    await context.close();
  });

  it("shows the final figures at once under reduced motion, and /learn/about's and /learn/connect-wallet's figures too", async () => {
    const { page, context } = await openPage(browser(), "/learn/about", { viewport: DESKTOP, reducedMotion: "reduce" });
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.locator('[data-stat="students"]').scrollIntoViewIfNeeded();
    expect(await shownCounters(page)).toEqual(["10,000+", "5", "50+", "95%"]);
    await page.goto("/learn/connect-wallet");
    await waitForHydration(page);
    await page.locator('[data-stat="students"]').scrollIntoViewIfNeeded();
    expect(await shownCounters(page)).toEqual(["12", "110+", "5", "10,000+"]);
    await context.close();

    const animated = await openPage(browser(), "/learn/about", { reducedMotion: "no-preference" });
    await animated.page.locator('[data-stat="completion"]').scrollIntoViewIfNeeded();
    await expect.poll(() => shownCounters(animated.page), { timeout: 5000 }).toEqual(["10,000+", "5", "50+", "95%"]);
    await animated.context.close();
  });

  it("opens How It Works at the top of the page, even from the bottom of another page", async () => {
    const { page, context } = await openPage(browser(), "/learn/get-started");
    await page.locator("footer").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator("footer").getByRole("link", { name: "How It Works", exact: true }).click();
    await page.waitForURL("**/learn/how-it-works");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("How Learning Works");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("shows the final figures without JavaScript", async () => {
    const { page, context } = await openPage(browser(), "/learn/connect-wallet", { javaScriptEnabled: false });
    expect(await shownCounters(page)).toEqual(["12", "110+", "5", "10,000+"]);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Connect Your Wallet");
    await context.close();
  });

  it("opens the wallet app in a new tab without giving it this page", async () => {
    const { page, context } = await openPage(browser(), "/learn/connect-wallet");
    await context.route("https://app.vestin.io/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Wallet app</title>" }));
    const link = page.getByRole("link", { name: /Open Wallet App/ });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toMatch(/\bnoopener\b/);
    expect(await link.getAttribute("href")).toBe("https://app.vestin.io");
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/^https:\/\/app\.vestin\.io\/?$/);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toMatch(/\/learn\/connect-wallet$/);
    await context.close();
  });

  // axe audits these pages at both widths with the other public pages (accessibility.e2e.ts).
  it.each(PAGES.map((p) => p.path))("%s has one h1, headings in order, no sideways scrolling and no script error", async (path) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser().newContext({ baseURL: baseURL(), viewport, reducedMotion: "reduce" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      await page.goto(path);
      await waitForHydration(page);
      const levels = await page
        .locator("main")
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i] ?? 0, `${path}: heading ${i}`).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${viewport.width}px scrolls sideways`).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
