import { VARIANT_MIME, VARIANT_WIDTHS, type VariantFormat } from "@vestin/shared/media-core";

/** The widths an image of this width gets variants at: the standard ones below it, and its own up to the widest. */
export function variantWidthsFor(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1920;
  return width <= widest ? [...below, width] : [...below];
}

export type MadeVariant = { width: number; height: number; format: VariantFormat; mime: string; bytes: Buffer };

/**
 * Every variant of a stored image: each width in AVIF, WebP and the fallback format. Encoders are
 * set for the web: AVIF at a low effort (its slowest step), progressive JPEG, palette PNG when it
 * is smaller.
 */
export async function makeVariants(original: Buffer, width: number, fallback: "jpeg" | "png"): Promise<MadeVariant[]> {
  const { default: sharp } = await import("sharp");
  const made: MadeVariant[] = [];
  for (const w of variantWidthsFor(width)) {
    const resized = await sharp(original).resize({ width: w, withoutEnlargement: true }).toBuffer();
    for (const format of ["avif", "webp", fallback] as const) {
      const encoder = sharp(resized);
      const encoded =
        format === "avif"
          ? encoder.avif({ quality: 50, effort: 2 })
          : format === "webp"
            ? encoder.webp({ quality: 75, effort: 3 })
            : format === "png"
              ? encoder.png({ palette: true, compressionLevel: 9, effort: 4 })
              : encoder.jpeg({ quality: 78, progressive: true, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      made.push({ width: w, height: info.height, format, mime: VARIANT_MIME[format], bytes: data });
    }
  }
  return made;
}
