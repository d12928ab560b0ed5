import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeVariants } from "./variants.ts";

describe("making image variants", () => {
  it("encodes every width in AVIF, WebP and the fallback format, each smaller than the fallback", async () => {
    const original = await sharp({ create: { width: 700, height: 350, channels: 3, background: "#7c3aed" } })
      .jpeg()
      .toBuffer();
    const made = await makeVariants(original, 700, "jpeg");
    expect(made.map((v) => `${v.width}x${v.height}:${v.format}:${v.mime}`)).toEqual([
      "320x160:avif:image/avif",
      "320x160:webp:image/webp",
      "320x160:jpeg:image/jpeg",
      "640x320:avif:image/avif",
      "640x320:webp:image/webp",
      "640x320:jpeg:image/jpeg",
      "700x350:avif:image/avif",
      "700x350:webp:image/webp",
      "700x350:jpeg:image/jpeg",
    ]);
    for (const v of made) {
      const meta = await sharp(v.bytes).metadata();
      expect({ width: meta.width, format: meta.format }).toEqual({ width: v.width, format: v.format === "avif" ? "heif" : v.format });
    }
  });
});
