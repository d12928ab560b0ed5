import { describe, expect, it } from "vitest";
import { ARTICLE_IMAGE_SIZES, pictureSources, variantUrl } from "@vestin/shared/media-core";
import { imageSources, responsiveImagesHtml } from "./picture-html.ts";
import { variantWidthsFor } from "./variants.ts";

const ID = "0e1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const SRC = `/media/${ID}.jpg`;

describe("image variant widths", () => {
  it.each([
    [200, [200]],
    [320, [320]],
    [1100, [320, 640, 960, 1100]],
    [1920, [320, 640, 960, 1280, 1920]],
    [2400, [320, 640, 960, 1280, 1920]],
  ])("an image %i px wide gets %j", (width, widths) => expect(variantWidthsFor(width)).toEqual(widths));
});

describe("picture markup", () => {
  it("names each variant by a predictable address", () => {
    expect(variantUrl(SRC, 640, "avif")).toBe(`/media/${ID}-640.avif`);
    expect(variantUrl(`/media/${ID}.png`, 320, "png")).toBe(`/media/${ID}-320.png`);
    expect(pictureSources(SRC, { width: 700, height: 350, widths: [320, 640, 700] })).toEqual({
      sources: [
        { type: "image/avif", srcSet: `/media/${ID}-320.avif 320w, /media/${ID}-640.avif 640w, /media/${ID}-700.avif 700w` },
        { type: "image/webp", srcSet: `/media/${ID}-320.webp 320w, /media/${ID}-640.webp 640w, /media/${ID}-700.webp 700w` },
      ],
      srcSet: `/media/${ID}-320.jpg 320w, /media/${ID}-640.jpg 640w, /media/${ID}-700.jpg 700w`,
    });
    // Not ready, or not an upload: no sources at all.
    expect(pictureSources(SRC, { width: 700, height: 350, widths: [] }).sources).toEqual([]);
    expect(pictureSources("/images/blog/a.svg", { width: 1, height: 1, widths: [320] }).sources).toEqual([]);
  });

  it("rewrites an uploaded image to a <picture> with its size, lazy; leaves other images as lazy <img>s", () => {
    const html = `<p>a</p><img src="${SRC}" alt="A &quot;roof&quot;" /><img src="https://cdn.example/b.png?x=1&amp;y=2" alt="B" width="10" height="5" />`;
    expect(imageSources(html)).toEqual([SRC, "https://cdn.example/b.png?x=1&y=2"]);
    const out = responsiveImagesHtml(html, new Map([[SRC, { width: 640, height: 320, widths: [320, 640] }]]), ARTICLE_IMAGE_SIZES);
    expect(out).toBe(
      "<p>a</p><picture>" +
        `<source type="image/avif" srcset="/media/${ID}-320.avif 320w, /media/${ID}-640.avif 640w" sizes="${ARTICLE_IMAGE_SIZES}" />` +
        `<source type="image/webp" srcset="/media/${ID}-320.webp 320w, /media/${ID}-640.webp 640w" sizes="${ARTICLE_IMAGE_SIZES}" />` +
        `<img src="${SRC}" alt="A &quot;roof&quot;" width="640" height="320" loading="lazy" decoding="async" srcset="/media/${ID}-320.jpg 320w, /media/${ID}-640.jpg 640w" sizes="${ARTICLE_IMAGE_SIZES}" />` +
        "</picture>" +
        '<img src="https://cdn.example/b.png?x=1&amp;y=2" alt="B" width="10" height="5" loading="lazy" decoding="async" />',
    );
  });
});
