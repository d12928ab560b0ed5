import { pictureSources, type ImageVariants } from "@vestin/shared/media-core";

const IMG_TAG = /<img\b([^>]*?)\s*\/?>/gi;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/gi;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The `src` of every image in sanitized HTML. */
export function imageSources(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(IMG_TAG)) {
    const src = /\ssrc="([^"]*)"/i.exec(` ${match[1] ?? ""}`)?.[1];
    if (src) found.push(src.replace(/&amp;/g, "&"));
  }
  return found;
}

/**
 * An article body's images as readers get them (sanitized HTML in, at render time): each uploaded
 * image becomes a `<picture>` whose AVIF and WebP sources and fallback srcset name only its ready
 * variants, with its width and height; every image loads lazily and decodes off the main thread
 * (none of them is the page's first: the featured image is). Attribute values are the sanitizer's
 * (double-quoted, escaped); what is added comes from the media table, never from the body.
 */
export function responsiveImagesHtml(html: string, images: ReadonlyMap<string, ImageVariants>, sizes: string): string {
  return html.replace(IMG_TAG, (_whole, attributeText: string) => {
    const attributes = new Map<string, string>();
    for (const [, name, value] of attributeText.matchAll(ATTRIBUTE)) if (name && value !== undefined) attributes.set(name.toLowerCase(), value);
    const src = (attributes.get("src") ?? "").replace(/&amp;/g, "&");
    const image = images.get(src);
    if (image && !attributes.has("width") && !attributes.has("height")) {
      attributes.set("width", String(image.width));
      attributes.set("height", String(image.height));
    }
    attributes.set("loading", "lazy");
    attributes.set("decoding", "async");
    const { sources, srcSet } = pictureSources(src, image);
    if (srcSet) {
      attributes.set("srcset", escapeAttribute(srcSet));
      attributes.set("sizes", escapeAttribute(sizes));
    }
    const img = `<img ${[...attributes].map(([name, value]) => `${name}="${value}"`).join(" ")} />`;
    if (sources.length === 0) return img;
    const sourceTags = sources.map((s) => `<source type="${s.type}" srcset="${escapeAttribute(s.srcSet)}" sizes="${escapeAttribute(sizes)}" />`).join("");
    return `<picture>${sourceTags}${img}</picture>`;
  });
}
