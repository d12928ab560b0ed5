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

/** The company's shared folder with logos and full guidelines; opened in a new tab. */
export const BRAND_GUIDELINES_URL = "https://drive.google.com/drive/folders/vestin-brand-guidelines";

export const mediaKitPage: MediaKitPage = {
  title: `${PRODUCT_NAME} Media Kit`,
  intro: [
    `Everything you need to write about ${PRODUCT_NAME} or feature our brand: logos, colors and the rules for using them.`,
    `When you describe us, please keep it accurate: ${PRODUCT_NAME} offers fractional investment in tokenized real-world assets, including real estate, renewable energy, bitcoin mining and carbon credits, from $100. ${TOKEN} is the platform's utility token.`,
  ],
  paletteHeading: "Color Palette",
  gradientNote: "The accent gradient runs from teal #14B8A6 to violet #7C3AED. Use it for highlights and calls to action, not for body text.",
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
  downloadBody: "The shared folder holds logo files in SVG and PNG, light and dark versions, and the complete guidelines document.",
  downloadButtonLabel: "Download Guidelines",
  pressContactNote: "For interviews, comment or anything not covered here, reach us through the contact page.",
};

export const brandPalette: PaletteColor[] = [
  { id: "navy", name: "Navy", hex: "#0B1530", usage: "Primary background and headings on light surfaces" },
  { id: "near-black", name: "Near Black", hex: "#070B18", usage: "Deep backgrounds and footers" },
  { id: "slate", name: "Slate", hex: "#1E293B", usage: "Cards and panels on dark backgrounds" },
  { id: "light-grey", name: "Light Grey", hex: "#F1F5F9", usage: "Light backgrounds and text on dark surfaces" },
  { id: "teal", name: "Teal", hex: "#14B8A6", usage: "Accent gradient start, links and highlights" },
  { id: "violet", name: "Violet", hex: "#7C3AED", usage: "Accent gradient end and emphasis" },
  { id: "success", name: "Success Green", hex: "#16A34A", usage: "Confirmations and positive states" },
  { id: "amber", name: "Amber", hex: "#F59E0B", usage: "Warnings and risk notices" },
];

export const logoDos: string[] = [
  "Use the original logo files from the shared guidelines folder.",
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
