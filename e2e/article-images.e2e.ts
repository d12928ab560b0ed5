import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { until } from "../apps/server/test/until.ts";
import {
  adminSessionToken,
  type AdminAccount,
  createAdminOn,
  DESKTOP,
  jsErrors,
  openPage,
  PHONE,
  sharedServer,
  signedInAdminPage,
  useBrowser,
  waitForHydration,
} from "./support.ts";

/*
 * An article with four uploaded images: the featured image is the page's LCP (preloaded from the
 * head, fetched at high priority), the body's three load lazily; every one is a <picture> from
 * which the browser takes AVIF, with its width and height set, so nothing shifts as they arrive.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const ADMIN: AdminAccount = { firstName: "Ines", lastName: "Variants", email: `variants.admin.${stamp}@example.com`, password: "variants-pass-1234" };
const SLUG = `four-images-${stamp}`;
const SHOTS = "/work/notes/shots/images";
const PARAGRAPH =
  "Solar leases pay their investors from the electricity a roof sells. The panels' output is metered every fifteen minutes, the buyer pays monthly, and the distribution follows the same week. ";

async function photo(width: number, height: number, hue: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = hue;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

async function api<T>(method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${sharedServer().url}/api/v1${p}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: ((await res.json().catch(() => ({}))) as { data: T }).data };
}

describe("an article with four images", () => {
  // The full browser: the headless shell starts lazy images loading about 3,000 px below the fold
  // instead of a desktop browser's 1,250, which would fetch every figure of this article at once.
  const browser = useBrowser("full");

  beforeAll(async () => {
    await createAdminOn(sharedServer(), ADMIN);
    const token = await adminSessionToken(sharedServer(), ADMIN);
    const urls: string[] = [];
    for (const [i, [w, h]] of [
      [1920, 1008],
      [1280, 720],
      [1280, 720],
      [1280, 720],
    ].entries()) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await photo(w ?? 0, h ?? 0, 60 * i))], { type: "image/jpeg" }), `figure-${i}.jpg`);
      const uploaded = await fetch(`${sharedServer().url}/api/v1/admin/media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
      expect(uploaded.status).toBe(201);
      urls.push(((await uploaded.json()) as { data: { url: string } }).data.url);
    }
    const [hero, ...figures] = urls;
    const markdown = figures.map((url, i) => `## Part ${i + 1}\n\n${PARAGRAPH.repeat(6)}\n\n![Rooftop array, figure ${i + 1}](${url})`).join("\n\n");
    const created = await api(
      "POST",
      "/blogs",
      {
        title: `Four images ${stamp}`,
        slug: SLUG,
        excerpt: "How a solar lease pays.",
        category: "Education",
        author: { name: "Ines Variants" },
        markdown,
        featuredImage: hero,
        featuredImageAlt: "Solar panels on a warehouse roof",
      },
      token,
    );
    expect(created.status).toBe(201);
    // The page names variants once the job made them (and the cached article is renewed).
    await until(
      "the article's images as <picture>s",
      async () => ((await api<{ content: string }>("GET", `/blogs/${SLUG}`)).data.content.match(/<picture>/g)?.length ?? 0) === 3,
      {
        timeoutMs: 90_000,
        everyMs: 500,
      },
    );
  }, 180_000);

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`preloads the hero at high priority, loads the others lazily as AVIF, with no layout shift (${name})`, async () => {
      const { page, context } = await openPage(browser(), `/blog/${SLUG}`, { viewport });
      try {
        await waitForHydration(page);
        const preload = page.locator('head link[rel="preload"][as="image"]');
        await expect.poll(() => preload.count()).toBe(1);
        expect(await preload.getAttribute("fetchpriority")).toBe("high");
        expect(await preload.getAttribute("type")).toBe("image/avif");
        expect(await preload.getAttribute("imagesrcset")).toMatch(/-320\.avif 320w, .*-1920\.avif 1920w$/);

        const hero = page.getByRole("img", { name: "Solar panels on a warehouse roof" });
        expect(await hero.getAttribute("fetchpriority")).toBe("high");
        expect(await hero.getAttribute("loading")).toBe("eager");
        await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.avif$/);
        // Picked for the drawn width (device pixels), not the largest.
        const heroWidth = Number(/-(\d+)\.avif$/.exec(await hero.evaluate((img: HTMLImageElement) => img.currentSrc))?.[1]);
        const needed = await hero.evaluate((img: HTMLImageElement) => img.clientWidth * window.devicePixelRatio);
        expect(heroWidth).toBeGreaterThanOrEqual(needed);
        expect(heroWidth).toBeLessThanOrEqual(Math.max(640, needed * 2));

        const figures = page.locator(".prose-article picture img");
        expect(await figures.count()).toBe(3);
        for (const img of await figures.all()) {
          expect(await img.getAttribute("loading")).toBe("lazy");
          expect(await img.getAttribute("width")).toBe("1280");
          expect(await img.getAttribute("height")).toBe("720");
        }
        // Below the fold, not fetched yet.
        expect(await figures.last().evaluate((img: HTMLImageElement) => img.currentSrc === "" || !img.complete)).toBe(true);

        await page.evaluate(() => {
          (window as unknown as { shift: number }).shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) (window as unknown as { shift: number }).shift += entry.value;
          }).observe({ type: "layout-shift", buffered: true });
        });
        for (const img of await figures.all()) {
          await img.scrollIntoViewIfNeeded();
          await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc)).toMatch(/\.avif$/);
        }
        expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);

        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/article-${viewport.width}.png` });
        await figures.first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/article-figure-${viewport.width}.png` });
        expect(jsErrors(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`the editor names the body image without alt text, beside the text (${viewport.width} px)`, async () => {
      const { page, context } = await signedInAdminPage(browser(), sharedServer(), ADMIN, "/admin/articles/new", "New article", viewport);
      try {
        await page.getByLabel("Title").fill(`No alt ${stamp}`);
        await page.getByLabel("Category").fill("Education");
        await page.getByLabel("Excerpt").fill("An image without words.");
        // The author the article above was saved with is on file: pick them.
        await page.getByRole("combobox", { name: /Authors/ }).selectOption({ label: "Ines Variants" });
        await page.getByLabel("Article text (Markdown)").fill("Intro\n\n![](/media/plan.png)");
        await page
          .getByRole("button", { name: /create|save/i })
          .first()
          .click();
        const message = page.getByText("Add alt text to the image /media/plan.png: describe what it shows");
        await message.first().waitFor();
        await message.first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/editor-alt-error-${viewport.width}.png` });
      } finally {
        await context.close();
      }
    });
  }
});
