import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, DESKTOP, PHONE, useBrowser, waitForHydration } from "./support.ts";

/*
 * axe on every public page: each route of apps/web/app/routes.ts that a visitor can
 * open without signing in, at 390 and 1280 px wide, with no serious or critical WCAG 2.0/2.1 A or
 * AA violation. Routes with a parameter are opened with seeded content; routes that need sign-in,
 * redirects and feeds are listed in SKIPPED with the reason, and the first test fails when a
 * route is in neither list. One page is reused for the whole file, so a page costs a navigation
 * and an axe run (about a second).
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The address each public route is checked at (seeded content for the parameters). */
const PAGES: Record<string, string> = {
  "/": "/",
  "/team": "/team",
  "/mission": "/mission",
  "/contact": "/contact",
  "/partnership": "/partnership",
  "/presale": "/presale",
  "/presale/success": "/presale/success",
  "/confirm": "/confirm?token=not-a-real-token",
  "/v4": "/v4",
  "/zealy-claim": "/zealy-claim",
  "/verification": "/verification",
  "/token-economy": "/token-economy",
  "/vstn-token": "/vstn-token",
  "/roadmap": "/roadmap",
  "/whitepaper": "/whitepaper",
  "/pitch-deck": "/pitch-deck",
  "/media-kit": "/media-kit",
  "/terms": "/terms",
  "/privacy": "/privacy",
  "/cookies": "/cookies",
  "/signin": "/signin",
  "/signup": "/signup",
  "/forgot-password": "/forgot-password",
  "/reset-password": "/reset-password?token=not-a-real-token",
  "/articles": "/articles",
  "/blog/:id": "/blog/how-fractional-ownership-works",
  "/blog/author/:slug": "/blog/author/priya-raman",
  "/blog/tag/:slug": "/blog/tag/regulation",
  "/newsletter/confirm": "/newsletter/confirm?token=not-a-real-token",
  "/newsletter/unsubscribe": "/newsletter/unsubscribe?token=not-a-real-token",
  "/learn": "/learn",
  "/learn/courses": "/learn/courses",
  "/learn/tracks": "/learn/tracks",
  "/learn/track/:trackId": "/learn/track/real-estate-tokenization",
  "/learn/course/:courseId": "/learn/course/real-estate-01-foundations",
  "/learn/course/:courseId/lesson/:lessonId": "/learn/course/real-estate-01-foundations/lesson/1",
  "/learn/course/:courseId/assessment": "/learn/course/real-estate-01-foundations/assessment",
  "/learn/placement": "/learn/placement",
  "/learn/get-started": "/learn/get-started",
  "/learn/how-it-works": "/learn/how-it-works",
  "/learn/connect-wallet": "/learn/connect-wallet",
  "/learn/about": "/learn/about",
  "/learn/certificates/:code": "/learn/certificates/NO-SUCH-CERTIFICATE",
  "/account/deleted": "/account/deleted",
  "*": "/no-such-page-here",
};

/** Routes of routes.ts this file does not open, and why. */
const SKIPPED: Record<string, string> = {
  "/account": "needs sign-in (e2e/account.e2e.ts runs axe on it)",
  "/account/data": "needs sign-in (e2e/account.e2e.ts)",
  "/learn/my-learning": "needs sign-in (e2e/my-learning.e2e.ts)",
  "/admin": "the team console: needs an admin (e2e/admin*.e2e.ts)",
  "/forgot-password/reset-password": "a 301 to /reset-password",
  "/auth/callback": "Google's return address: signs in and redirects",
  "/learn/masterclass/claim": "sends a visitor on to sign up, or enrols and redirects (e2e/masterclass.e2e.ts runs axe on it)",
  "/sitemap.xml": "not a page",
  "/robots.txt": "not a page",
  "/rss.xml": "not a page",
  "/blog/author/:slug/rss.xml": "not a page",
  "/blog/tag/:slug/rss.xml": "not a page",
  "/preview/:token": "needs a secret link an administrator makes (e2e/previews.e2e.ts opens one)",
};

/** The top-level paths of apps/web/app/routes.ts (the console's children count as /admin). */
function routesOfTheApp(): string[] {
  const source = readFileSync(path.join(ROOT, "apps/web/app/routes.ts"), "utf8");
  const withoutConsole = source.replace(/route\("admin",[\s\S]*?\]\),/, 'route("admin", "routes/admin.tsx"),');
  const paths = [...withoutConsole.matchAll(/route\("([^"]+)"/g)].map((m) => (m[1] === "*" ? "*" : `/${m[1]}`));
  return /\bindex\(/.test(withoutConsole) ? ["/", ...paths] : paths;
}

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string; summary: string }> };

/** Serious and critical violations of the page as it is now; toasts (which fade) are left out. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Injected through the debugging protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown; failureSummary?: string }> }> };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const result = await axe.run({ exclude: [["[data-sonner-toaster]"]] }, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: JSON.stringify(n.target), summary: (n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240) })),
    }));
  }, AXE_TAGS);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

const describeViolation = (where: string, v: Violation) =>
  `${where}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.map((n) => `    ${n.target} ${n.summary}`).join("\n")}`;

describe("accessibility of every public page (axe, WCAG 2.1 A and AA)", () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, reducedMotion: "reduce" });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("opens every route of routes.ts, or names why not", () => {
    const unlisted = routesOfTheApp().filter((route) => !(route in PAGES) && !(route in SKIPPED));
    expect(unlisted, "routes in apps/web/app/routes.ts that this file neither opens nor skips with a reason").toEqual([]);
    const gone = [...Object.keys(PAGES), ...Object.keys(SKIPPED)].filter((route) => !routesOfTheApp().includes(route));
    expect(gone, "routes listed here that routes.ts no longer has").toEqual([]);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no serious or critical violation on any public page at ${viewport.width} px`, { timeout: 180_000 }, async () => {
      await page.setViewportSize(viewport);
      const found: string[] = [];
      const timings: number[] = [];
      for (const [route, address] of Object.entries(PAGES)) {
        const started = performance.now();
        const response = await page.goto(address, { waitUntil: "domcontentloaded" });
        expect(response?.status(), `${address} answered`).toBeLessThan(route === "*" || route === "/learn/certificates/:code" ? 500 : 400);
        await waitForHydration(page);
        // The entry placeholder (aria-hidden) covers the content for 0.5–1 s, then ends hidden: audit
        // what a reader sees from then on. Hiding it now, as its animation leaves it, spares the wait.
        await page.evaluate(() => {
          for (const loader of document.querySelectorAll<HTMLElement>("[data-page-loader]")) loader.style.visibility = "hidden";
        });
        for (const v of await seriousViolations(page)) found.push(describeViolation(`${route} (${address}) at ${viewport.width} px`, v));
        timings.push(performance.now() - started);
      }
      console.log(
        `[axe ${viewport.width} px] ${timings.length} pages, ${Math.round(timings.reduce((a, b) => a + b, 0))} ms, slowest ${Math.round(Math.max(...timings))} ms`,
      );
      expect(found.join("\n"), "serious or critical axe violations").toBe("");
    });
  }
});
