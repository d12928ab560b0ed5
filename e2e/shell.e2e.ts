import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@vestin/shared/brand";
import { deferredScriptUrls } from "../apps/web/app/lib/defer-scripts.server.ts";
import { STATIC_PUBLIC_PATHS } from "../apps/web/app/lib/public-pages.ts";
import { baseURL, DESKTOP, jsErrors, openPage, PHONE, useBrowser, waitForHydration } from "./support.ts";

describe("server-rendered pages", () => {
  it.each([
    ["/", "Own more. Risk less."],
    ["/learn/courses", "Course catalogue"],
    ["/roadmap", "Our roadmap"],
  ])("%s carries its heading, title, canonical URL and Open Graph tags in the HTML", async (path, heading) => {
    const res = await fetch(`${baseURL()}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.?]/g, "\\$&")}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}${path}"/>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"\/>/);
    expect(html).toMatch(/<title>[^<]*Vestin[^<]*<\/title>/);
  });

  it("every route of both specifications answers 200 with a heading", async () => {
    // The sitemap's pages, and those kept out of it (a step of a flow, or a page reached from a link).
    const routes = [...STATIC_PUBLIC_PATHS, "/presale/success", "/forgot-password", "/reset-password", "/auth/callback"];
    for (const route of routes) {
      const res = await fetch(`${baseURL()}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toMatch(/<h1[^>]*>[^<]+/);
    }
  });

  it("answers unknown pages with a 404 page", async () => {
    const res = await fetch(`${baseURL()}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });

  it("sends a hash-based CSP listing exactly the page's inline scripts: no nonce, no unsafe-inline", async () => {
    const res = await fetch(`${baseURL()}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
    expect(csp).toContain("frame-ancestors 'self'");
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'nonce-|'strict-dynamic'|\*/);
    const html = await res.text();
    expect(html).not.toMatch(/\snonce=/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(2);
    const listed = new Set(scriptSrc.match(/'sha256-[^']+'/g));
    const needed = new Set(inline.map((text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`));
    expect(listed).toEqual(needed);
  });

  it("serves public pages from a short-lived cache as the same bytes, compressed once, revalidated with 304", async () => {
    const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
    const first = await fetch(`${baseURL()}/mission`, { headers });
    const second = await fetch(`${baseURL()}/mission`, { headers });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    for (const name of ["etag", "content-security-policy", "cache-control", "vary"]) expect(second.headers.get(name), name).toBe(first.headers.get(name));
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
    expect(await second.text()).toBe(await first.text());
    const revalidated = await fetch(`${baseURL()}/mission`, { headers: { ...headers, "if-none-match": first.headers.get("etag") ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect((await fetch(`${baseURL()}/mission`, { headers: { authorization: "Bearer x" } })).headers.get("x-page-cache")).toBe("off");
    // An article counts a view on every visit: shared caches must come back each time.
    expect((await fetch(`${baseURL()}/blog/how-fractional-ownership-works`)).headers.get("cache-control")).toBe("public, no-cache");
  });

  it("redirects /forgot-password/reset-password to /reset-password keeping token and email", async () => {
    const res = await fetch(`${baseURL()}/forgot-password/reset-password?token=abc&email=a%40b.co`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/reset-password?token=abc&email=a%40b.co");
  });

  it("serves hashed assets with a year-long immutable cache", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseURL()}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("site shell in the browser", () => {
  const browser = useBrowser();

  it("blocks an inline script whose hash the page's CSP does not list, in the HTML or added later, while the page's own scripts run", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, "__violations", { value: seen });
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.sample}`));
    });
    // The served HTML with one extra inline script, its CSP header untouched.
    await page.route("**/roadmap", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</body>", "<script>window.__fromHtml = 1</script></body>");
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length", "etag"].includes(name)));
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto("/roadmap");
    await waitForHydration(page);
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__added = 1";
      document.body.appendChild(s);
    });
    const outcome = await page.evaluate(() => {
      const w = window as unknown as { __fromHtml?: number; __added?: number; __violations: string[] };
      return { fromHtml: w.__fromHtml, added: w.__added, violations: [...w.__violations] };
    });
    expect(outcome.fromHtml).toBeUndefined();
    expect(outcome.added).toBeUndefined();
    expect(outcome.violations.filter((v) => v.startsWith("script-src")).length).toBeGreaterThanOrEqual(2);
    // The page itself hydrated: its listed inline scripts and the deferred module script ran.
    expect(await page.locator("html[data-hydrated]").count()).toBe(1);
    await context.close();
  });

  it("desktop: menus open on hover and close shortly after the pointer leaves; Learn shows the learn bar", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    const main = page.getByRole("navigation", { name: "Main" });
    const resources = main.getByRole("button", { name: "Resources" });
    await resources.hover();
    await expect.poll(() => resources.getAttribute("aria-expanded")).toBe("true");
    const roadmapLink = page.getByRole("link", { name: /^Roadmap/ }).first();
    expect(await roadmapLink.isVisible()).toBe(true);
    for (const label of ["Contact Us", "Pitch Deck", "Whitepaper", "Partnership Program", "Articles & News", "Media Kit"]) {
      expect(await main.getByRole("link", { name: new RegExp(`^${label}`) }).isVisible(), label).toBe(true);
    }
    await page.mouse.move(5, 600);
    await expect.poll(() => resources.getAttribute("aria-expanded"), { timeout: 2_000 }).toBe("false");

    const platform = main.getByRole("button", { name: "Platform" });
    await platform.hover();
    expect(await main.getByText("Coming Soon").isVisible()).toBe(true);

    expect(await page.getByRole("navigation", { name: "Learning area" }).count()).toBe(0);
    await main.getByRole("link", { name: "Learn", exact: true }).hover();
    await expect.poll(() => page.getByRole("navigation", { name: "Learning area" }).count()).toBe(1);

    await main.getByRole("button", { name: "Ecosystem" }).click();
    await main.getByRole("link", { name: /^Token Economy/ }).click();
    await page.waitForURL("**/token-economy");
    // The token-economy page loads the React Flow chunk on arrival: allow for a slow machine.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 20_000 }).toMatch(/token economy/i);
    expect(jsErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows the learn bar on learn routes with its More menu", async () => {
    const { page, context } = await openPage(browser(), "/learn/courses");
    const bar = page.getByRole("navigation", { name: "Learning area" });
    expect(await bar.isVisible()).toBe(true);
    await bar.getByRole("button", { name: "More" }).click();
    for (const label of ["How It Works", "Connect Wallet", "About"]) {
      expect(await bar.getByRole("link", { name: label }).isVisible()).toBe(true);
    }
    await page.keyboard.press("Escape");
    expect(await bar.getByRole("button", { name: "More" }).getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("banner: shown on /, hidden on /v4, and once dismissed stays hidden across reloads", async () => {
    const { page, context } = await openPage(browser(), "/");
    const banner = page.getByRole("region", { name: "Testnet announcement" });
    expect(await banner.isVisible()).toBe(true);

    await page.getByRole("link", { name: /Join the testnet waitlist/ }).click();
    await page.waitForURL("**/v4");
    await expect.poll(() => banner.count()).toBe(0);

    await page.goto("/");
    await page.getByRole("button", { name: "Dismiss the testnet announcement" }).click();
    expect(await banner.count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.bannerDisabled)).toBe("1");
    await page.reload();
    expect(await banner.isVisible().catch(() => false)).toBe(false);
    await context.close();
  });

  it("banner reacts to the banner-update event fired elsewhere", async () => {
    const { page, context } = await openPage(browser(), "/about-nothing-404");
    const banner = page.getByRole("region", { name: "Testnet announcement" });
    expect(await banner.isVisible()).toBe(true);
    await page.evaluate((key) => {
      localStorage.setItem(key, "1");
      window.dispatchEvent(new Event("banner-update"));
    }, STORAGE_KEYS.bannerDisabled);
    await expect.poll(() => banner.count()).toBe(0);
    await context.close();
  });

  it("phone: the slide-in menu opens, traps focus, closes on Escape and on navigation", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: PHONE });
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const open = page.getByRole("button", { name: "Open menu" });
    await open.click();
    const dialog = page.getByRole("dialog");
    // The menu's code loads when the visitor reaches for the button, so it opens a moment later.
    await dialog.waitFor({ state: "visible", timeout: 5_000 });
    expect(await dialog.getByRole("link", { name: "Sign Up" }).isVisible()).toBe(true);
    expect(await dialog.getByText("Coming Soon").isVisible()).toBe(true);
    for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    await open.click();
    await page.getByRole("dialog").getByRole("link", { name: "Whitepaper" }).click();
    await page.waitForURL("**/whitepaper");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Whitepaper");
    await context.close();
  });

  it("works without JavaScript: content readable and the loader gone", async () => {
    const { page, context } = await openPage(browser(), "/roadmap", { javaScriptEnabled: false, reducedMotion: "no-preference" });
    expect(await page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    // The loader hides itself by a CSS animation (no script): wait until it has.
    await expect.poll(() => page.locator("[data-page-loader]").evaluate((el) => getComputedStyle(el).visibility !== "hidden"), { timeout: 10_000 }).toBe(false);
    await context.close();
  });

  it("stops the loader's spinner once the loader is gone, so nothing animates on a page at rest", async () => {
    const { page, context } = await openPage(browser(), "/blog/how-fractional-ownership-works", { reducedMotion: "no-preference" });
    await expect.poll(() => page.locator("[data-page-loader]").evaluate((el) => getComputedStyle(el).display), { timeout: 10_000 }).toBe("none");
    // Every animation the page still runs ends by itself: none repeats forever.
    await expect
      .poll(
        () =>
          page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime === Infinity).length),
        { timeout: 10_000 },
      )
      .toBe(0);
    await context.close();
  });

  it("paints before it asks for any script, then hydrates with every module the page needs", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), viewport: PHONE, reducedMotion: "reduce" });
    // The first frame's animation callbacks run before the page's own loader fires (it waits for
    // the frame, then a task). Paint entries carry the frame's later presentation time instead.
    await context.addInitScript(() => {
      requestAnimationFrame(() => ((window as unknown as { __firstFrame: number }).__firstFrame = performance.now()));
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto("/articles");
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstFrame: (window as unknown as { __firstFrame?: number }).__firstFrame ?? Infinity,
      painted: performance.getEntriesByName("first-contentful-paint").length,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => ({ name: e.name, start: e.startTime })),
      preloads: [...document.querySelectorAll('head link[rel="modulepreload"]')].length,
    }));
    expect(timing.firstFrame).toBeLessThan(Infinity);
    expect(timing.painted).toBe(1);
    expect(timing.scripts.length).toBeGreaterThan(5);
    for (const script of timing.scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(timing.firstFrame);
    // The preloads were added after the paint, so the imports fetch in parallel, not one by one.
    expect(timing.preloads).toBeGreaterThan(5);
    // Hydrated and working: the search box filters through the router.
    const box = page.getByRole("combobox", { name: "Search articles" });
    await box.fill("custody");
    await box.press("Enter");
    await page.waitForURL("**/articles?search=custody");
    expect(errors).toEqual([]);
    await context.close();
  });

  // The presale wizard and the lead forms check their fields with the shared schemas, loaded when
  // the form is first used (features/leads/validation.ts; leads-contact.e2e.ts watches it happen).
  it.each([
    "/",
    "/articles",
    "/blog/how-fractional-ownership-works",
    "/learn/courses",
    "/learn/tracks",
    "/learn/course/real-estate-01-foundations",
    "/learn/course/real-estate-01-foundations/lesson/1",
    "/presale",
    "/contact",
    "/partnership",
    "/testnet",
    "/verification",
    "/learn",
  ])("%s loads no schema library with its initial scripts (zod is for forms and the console)", async (path) => {
    const html = await (await fetch(`${baseURL()}${path}`)).text();
    const scripts = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? ""));
    for (const href of deferredScriptUrls(html)) scripts.add(href);
    expect(scripts.size).toBeGreaterThan(5);
    for (const href of scripts) {
      const code = await (await fetch(new URL(href, baseURL()))).text();
      // zod's class names survive minification: "$ZodType" is in its chunk and nowhere else.
      expect(code.includes("$ZodType"), href).toBe(false);
    }
  });

  it("scrolls to the top when navigating to another page", async () => {
    const { page, context } = await openPage(browser(), "/", { viewport: DESKTOP });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Mission" }).click();
    await page.waitForURL("**/mission");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});
