import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandPalette } from "~/content/media-kit";

/*
 * The media kit and the brand guidelines PDF give press the site's colours: both must be the
 * stylesheet's own design tokens, or a journalist's "brand colour" will not match the site.
 */

const APP = path.resolve(import.meta.dirname, "../../..");
const themeColours = new Set(
  [...readFileSync(path.join(APP, "app.css"), "utf8").matchAll(/--color-[\w-]+:\s*(#[0-9a-f]{6})\b/gi)].map((m) => (m[1] ?? "").toUpperCase()),
);
const guidelines = readFileSync(path.join(APP, "content/documents/brand-guidelines.md"), "utf8");
const swatches = [...guidelines.matchAll(/^~ (#[0-9A-Fa-f]{6}) \| ([^|]+) \|/gm)].map((m) => ({ hex: (m[1] ?? "").toUpperCase(), name: (m[2] ?? "").trim() }));

describe("brand colours", () => {
  it("reads the theme's colours", () => {
    expect(themeColours.size).toBeGreaterThan(10);
    expect(themeColours).toContain("#14B8A6");
  });

  it("the guidelines' swatches are the theme's colours", () => {
    expect(swatches.length).toBeGreaterThanOrEqual(12);
    for (const swatch of swatches) expect(themeColours, `${swatch.name} ${swatch.hex}`).toContain(swatch.hex);
  });

  it("the media kit's palette is the theme's colours, named as the guidelines name them", () => {
    for (const colour of brandPalette) {
      expect(themeColours, `${colour.name} ${colour.hex}`).toContain(colour.hex.toUpperCase());
      expect(swatches).toContainEqual({ hex: colour.hex.toUpperCase(), name: colour.name });
    }
  });

  it("the guidelines name the tagline and cover logo, colour, type, tone, do and don't, and press contact", () => {
    for (const heading of [
      "## 2. The Logo",
      "### Clear space",
      "### Minimum size",
      "### Backgrounds",
      "## 3. Colour",
      "## 4. Type",
      "## 5. Tone of Voice",
      "## 7. Do and Don't",
      "## 8. Press and Contact",
    ]) {
      expect(guidelines).toContain(heading);
    }
    expect(guidelines).toContain('"Own more. Risk less."');
  });
});
