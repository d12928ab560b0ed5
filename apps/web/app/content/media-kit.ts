import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

export type PaletteColor = {
  id: string;
  name: string;
  hex: string;
  usage: string;
};

export type StyleGuideImage = {
  id: string;
  /** Path under /public. */
  src: string;
  alt: string;
  caption: string;
};

export type MediaKitPage = {
  title: string;
  intro: string[];
  paletteHeading: string;
  gradientNote: string;
  logoHeading: string;
  doHeading: string;
  dontHeading: string;
  nameUsageHeading: string;
  nameUsage: string[];
  downloadHeading: string;
  downloadBody: string;
  downloadButtonLabel: string;
  pressContactNote: string;
};

export const mediaKitPage: MediaKitPage = {
  title: `${PRODUCT_NAME} Media Kit`,
  intro: [
    `Everything you need to write about ${PRODUCT_NAME} or feature our brand: logos, colors and the rules for using them.`,
    `When you describe us, please keep it accurate: ${PRODUCT_NAME} offers fractional investment in tokenized real-world assets, including real estate, renewable energy, bitcoin mining and carbon credits, from $100. ${TOKEN} is the platform's utility token.`,
  ],
  paletteHeading: "Color Palette",
  gradientNote:
    "The colours of this website, as its stylesheet defines them. The accent gradient runs from teal #14B8A6 to violet #7C3AED. Use it for highlights and calls to action, not for body text.",
  logoHeading: "Logo Usage",
  doHeading: "Do",
  dontHeading: "Don't",
  nameUsageHeading: "Writing Our Name",
  nameUsage: [
    `Write ${PRODUCT_NAME} with a capital V and lowercase letters after it.`,
    `Write the token as ${TOKEN}, with the dollar sign and in capitals.`,
    `Use the tagline exactly as written: "Own more. Risk less."`,
  ],
  downloadHeading: "Full Brand Guidelines",
  downloadBody:
    "The brand guidelines (PDF) set out logo use with clear space, minimum sizes and backgrounds, the full palette, our type, our tone of voice and what to do and not to do, with examples.",
  downloadButtonLabel: "Download Guidelines",
  pressContactNote: "For interviews, comment, logo artwork or anything not covered here, reach us through the contact page.",
};

/** The site's own colours: each hex value is a design token of app/app.css (media-kit.test.ts holds them together). */
export const brandPalette: PaletteColor[] = [
  { id: "navy-950", name: "Navy 950", hex: "#070B18", usage: "Deepest backgrounds: the footer and dark panels" },
  { id: "navy-900", name: "Navy 900", hex: "#0B1530", usage: "Primary dark background and the wordmark on light surfaces" },
  { id: "ink", name: "Ink", hex: "#0F172A", usage: "Headings and body text on light backgrounds" },
  { id: "muted", name: "Muted", hex: "#475569", usage: "Secondary text and captions" },
  { id: "surface", name: "Surface", hex: "#F8FAFC", usage: "Alternate section backgrounds" },
  { id: "brand-teal", name: "Teal", hex: "#14B8A6", usage: "Accent gradient start, highlights and icons" },
  { id: "brand-teal-dark", name: "Teal Dark", hex: "#0F766E", usage: "Teal for text and links on white" },
  { id: "brand-violet", name: "Violet", hex: "#7C3AED", usage: "Accent gradient end, focus rings and emphasis" },
];

export const logoDos: string[] = [
  "Use the original logo artwork: ask us for it through the contact page.",
  "Keep clear space around the logo at least equal to the height of the letter V.",
  "Use the light logo on Navy, Near Black or Slate backgrounds, and the dark logo on Light Grey or white.",
  "Scale the logo proportionally and keep it legible, at least 24 px high on screen.",
  "Link the logo to the official website when you use it online.",
];

export const logoDonts: string[] = [
  "Stretch, squash, rotate or skew the logo.",
  "Change the logo colors or apply the accent gradient to it.",
  "Add shadows, outlines, glows or other effects.",
  "Place the logo on busy photos or backgrounds with low contrast.",
  `Combine the logo with other marks in a way that suggests ${PRODUCT_NAME} endorses a product or offering it does not.`,
];

export const styleGuideImages: StyleGuideImage[] = [
  {
    id: "logo-and-color",
    src: "/images/media-kit/style-guide-logo-color.svg",
    alt: `${PRODUCT_NAME} style guide page showing the logo versions and the color palette`,
    caption: "Logo versions, clear space and color palette",
  },
  {
    id: "typography-and-usage",
    src: "/images/media-kit/style-guide-typography-usage.svg",
    alt: `${PRODUCT_NAME} style guide page showing typography and examples of correct and incorrect logo use`,
    caption: "Typography and logo usage examples",
  },
];
