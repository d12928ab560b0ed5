/**
 * Image variants (no zod: the browser imports this). An uploaded image is served at
 * `/media/<id>.<ext>` in its fallback format (JPEG or PNG); its variants at
 * `/media/<id>-<width>.<ext>` in AVIF, WebP and that fallback format. Pages name a variant only
 * when the server lists its width as ready, so a page never points at a copy not yet made.
 */

/** The widths variants are made at (never wider than the image itself). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

export const VARIANT_EXTENSIONS: Record<VariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" };
export const VARIANT_MIME: Record<VariantFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

/** An uploaded image's size and the widths whose variants are stored ([] while they are being made). */
export type ImageVariants = { width: number; height: number; widths: number[] };

/** An uploaded image's address: `/media/<id>.<ext>`; the id and extension, or null for any other address. */
const MEDIA_SRC = /^\/media\/([0-9a-f-]{36})\.(jpg|png|webp|gif|avif)$/;

export function mediaIdOf(src: string): string | null {
  return MEDIA_SRC.exec(src)?.[1] ?? null;
}

/** The format of an uploaded image's fallback copies: PNG for a PNG original, else JPEG. */
export function fallbackFormatOf(src: string): "jpeg" | "png" {
  return src.endsWith(".png") ? "png" : "jpeg";
}

export function variantUrl(src: string, width: number, format: VariantFormat): string {
  return src.replace(MEDIA_SRC, (_whole, id: string) => `/media/${id}-${width}.${VARIANT_EXTENSIONS[format]}`);
}

/** What a `<picture>` names: AVIF and WebP sources, then the fallback `<img>`'s srcset. */
export type PictureSources = { sources: { type: string; srcSet: string }[]; srcSet: string | undefined };

/**
 * The `<source>`s and the `<img>` srcset of an uploaded image; none while its variants are not
 * ready (the page shows the uploaded image alone), or for any other address.
 */
export function pictureSources(src: string, image: ImageVariants | null | undefined): PictureSources {
  if (!image || image.widths.length === 0 || !mediaIdOf(src)) return { sources: [], srcSet: undefined };
  const srcSet = (format: VariantFormat) => image.widths.map((w) => `${variantUrl(src, w, format)} ${w}w`).join(", ");
  return {
    sources: (["avif", "webp"] as const).map((format) => ({ type: VARIANT_MIME[format], srcSet: srcSet(format) })),
    srcSet: srcSet(fallbackFormatOf(src)),
  };
}

/** `sizes` for an image in the article's reading column (the sidebar beside it from 1024 px). */
export const ARTICLE_IMAGE_SIZES = "(min-width: 1024px) 752px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)";
/** `sizes` for an article card's image (beside the sidebar: two or three columns from 1024 px, two from 640 px). */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 320px, (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)";

/** The size of the blog's drawn article art (`/images/blog/*.svg`): what a non-upload featured image reserves. */
export const BLOG_ART_SIZE = { width: 1200, height: 630 } as const;
