import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

/** One person on the team page and in the home page anchor sections. */
export type TeamMember = {
  initials: string;
  name: string;
  role: string;
  /**
   * Photo under /public (e.g. /images/team/<slug>.webp). No photos have been supplied yet, so the
   * page shows each member's initials, exactly as it does when a photo fails to load.
   */
  image?: string;
  /** One sentence. */
  bio: string;
};

export type TeamFilterId = "all" | "founders" | "team" | "advisors";

export type TeamFilterLabel = {
  id: TeamFilterId;
  label: string;
  /** The count displayed on the button (fixed by the spec, not derived from the arrays). */
  count: number;
};

/** Heading shown above each group; `anchor` matches the home page anchor sections. */
export type TeamSectionHeading = {
  id: Exclude<TeamFilterId, "all">;
  anchor: string;
  title: string;
  subtitle: string;
};

export type AccordionItem = {
  id: string;
  title: string;
  body: string;
};

export type AccordionGroup = {
  heading: string;
  items: AccordionItem[];
};

export type TeamMission = {
  heading: string;
  paragraphs: string[];
  linkLabel: string;
  linkHref: string;
};

export type TeamPageIntro = {
  title: string;
  subtitle: string;
};

export const teamPageIntro: TeamPageIntro = {
  title: "Meet the Team",
  subtitle: `The people behind ${PRODUCT_NAME} have financed buildings, built power plants and run regulated businesses. Here is who does what.`,
};

export const founders: TeamMember[] = [
  {
    initials: "DO",
    name: "Daniel Okafor",
    role: "Chief Executive Officer (CEO)",
    bio: `Daniel spent fifteen years structuring real estate and infrastructure funds before co-founding ${PRODUCT_NAME} to open those same assets to smaller investors.`,
  },
  {
    initials: "PR",
    name: "Priya Raman",
    role: "Chief Investment Officer (CIO)",
    bio: "Priya leads asset selection and due diligence, drawing on a career in project finance for solar, wind and battery storage developments.",
  },
  {
    initials: "ML",
    name: "Marcus Lindqvist",
    role: "Chief Operating Officer (COO) & Company Secretary",
    bio: "Marcus runs operations, custody and compliance processes, and as Company Secretary keeps the board's governance and filings in order.",
  },
  {
    initials: "SA",
    name: "Sofia Alvarez",
    role: "Chief Business Development Officer (CBDO)",
    bio: "Sofia builds the relationships with asset owners, operators and distribution partners that bring new offerings onto the platform.",
  },
];

export const widerTeam: TeamMember[] = [
  {
    initials: "TH",
    name: "Tomás Herrera",
    role: "Head of Business Development",
    bio: "Tomás works with property developers and energy operators across Europe and Latin America to prepare their assets for tokenization.",
  },
  {
    initials: "AT",
    name: "Aiko Tanaka",
    role: "Community & Outreach Lead",
    bio: `Aiko looks after the ${PRODUCT_NAME} community on X, Telegram and Discord and makes sure questions get clear, honest answers.`,
  },
  {
    initials: "KM",
    name: "Kwame Mensah",
    role: "Business Development Manager",
    bio: "Kwame manages the pipeline of new issuers, from the first call through document review to listing.",
  },
  {
    initials: "LH",
    name: "Leila Haddad",
    role: "Partnerships & Outreach Manager",
    bio: "Leila coordinates the partnership program and the ambassador network, matching partners with the projects that suit them.",
  },
];

export const advisors: TeamMember[] = [
  {
    initials: "JR",
    name: "Jonathan Reyes",
    role: "Advisor",
    bio: "Jonathan advises on token design and governance after a decade building payment infrastructure for regulated financial firms.",
  },
  {
    initials: "HS",
    name: "Hannah Schmidt",
    role: "Business Advisor",
    bio: "Hannah brings twenty years of fund administration experience and helps the team design reporting that investors can actually read.",
  },
  {
    initials: "ON",
    name: "Olivia Novak",
    role: "Business Advisor",
    bio: "Olivia has scaled two property management companies and advises on operating standards for rental real estate offerings.",
  },
  {
    initials: "RI",
    name: "Rajesh Iyer",
    role: "Commercial Advisor",
    bio: "Rajesh advises on pricing, fee structures and commercial terms with issuers and distribution partners.",
  },
  {
    initials: "FM",
    name: "Fiona MacLeod",
    role: "Energy Advisor",
    bio: "Fiona is a chartered engineer who has assessed more than a gigawatt of renewable generation and reviews every energy asset before listing.",
  },
  {
    initials: "MR",
    name: "Mateo Rossi",
    role: "Design Advisor",
    bio: "Mateo shapes the product and brand so that complex investment information stays clear on any screen.",
  },
  {
    initials: "GA",
    name: "Grace Adeyemi",
    role: "Legal Advisor",
    bio: "Grace is a securities lawyer who advises on offering structures, investor eligibility and cross-border rules.",
  },
  {
    initials: "CW",
    name: "Chen Wei",
    role: "Lender Advisor",
    bio: "Chen spent his career in commercial real estate lending and advises on debt terms, covenants and lender relationships for financed assets.",
  },
];

export const teamFilterLabels: TeamFilterLabel[] = [
  { id: "all", label: "All Team", count: 19 },
  { id: "founders", label: "Founders", count: 3 },
  { id: "team", label: "Team", count: 7 },
  { id: "advisors", label: "Advisors", count: 9 },
];

export const teamSectionHeadings: TeamSectionHeading[] = [
  {
    id: "founders",
    anchor: "founders",
    title: "Founders",
    subtitle: "The leadership team responsible for strategy, investment, operations and growth.",
  },
  {
    id: "team",
    anchor: "team",
    title: "Team",
    subtitle: "The people who bring issuers, partners and community members to the platform.",
  },
  {
    id: "advisors",
    anchor: "advisors",
    title: "Advisors",
    subtitle: "Specialists in business, energy, law, design and lending who review our work and challenge our assumptions.",
  },
];

export const teamMission: TeamMission = {
  heading: "Our Mission",
  paragraphs: [
    `${PRODUCT_NAME} exists to let more people own a share of the real assets that produce income: homes, solar farms, mining capacity and verified carbon projects. Investments start at $100, and every token is linked to a documented asset.`,
    "We do this carefully. Every investor goes through identity, anti-money-laundering and, where required, accreditation checks, and we explain the risks of each offering in plain language before anyone commits money.",
  ],
  linkLabel: "View our mission",
  linkHref: "/mission",
};

export const whyInvestHeading = `Why Invest with ${PRODUCT_NAME}?`;

export const whyInvest: AccordionItem[] = [
  {
    id: "expert-driven-strategy",
    title: "Expert-Driven Strategy",
    body: `Every asset on ${PRODUCT_NAME} is sourced and reviewed by people who have run real portfolios. Our team's businesses manage 3 billion pounds of assets and have delivered 1000+ projects across property, energy and infrastructure. Before an offering is listed, we check title, cash flows, the operator's track record and the legal structure that links each token to the underlying asset. That review reduces risk but cannot remove it: values can fall and income can arrive late, so only invest money you can leave in place for the full term.`,
  },
  {
    id: "diversified-asset-portfolio",
    title: "Diversified Asset Portfolio",
    body: "The asset pool of $950M+ spans four classes: real estate ($450m+), renewable energy ($300m+), bitcoin mining ($150m+) and carbon credits ($50m+). Because each asset is split into tokens, a $100 minimum lets you hold small positions in several assets instead of one large position in a single building or plant. The classes respond to different drivers, such as rents, power prices, mining difficulty and carbon demand, so spreading across them can smooth results. Diversification lowers concentration risk; it does not guarantee a profit or protect against a broad downturn.",
  },
  {
    id: "sustainable-growth",
    title: "Sustainable Growth",
    body: "We favor assets that earn real income over many years: rented homes, solar and wind output sold under contract, mining sites that run on cleaner power, and carbon projects with independent verification. For each asset we report income and costs on a regular schedule, so you can see where returns come from instead of relying on projections. Growth in this sense is steady and measured. We do not promise fixed returns, and the income an asset paid in the past is not a reliable guide to what it will pay in the future.",
  },
  {
    id: "exclusive-investor-benefits",
    title: "Exclusive Investor Benefits",
    body: `Holders who stake ${TOKEN} reach one of four tiers, Bronze, Silver, Gold or Platinum, with platform fee discounts from 2% to 15%. Higher tiers add earlier access to new offerings and priority when an offering is oversubscribed. In the learning area, paying with ${TOKEN} takes 20% off the price of a course. Your tier depends on how much you stake, and rewards depend on the lock period you choose. Staking rewards vary and are not guaranteed, and the market value of ${TOKEN} can go down as well as up.`,
  },
];

export const regulatoryComplianceHeading = `Is ${PRODUCT_NAME} Regulatory Compliant?`;

export const regulatoryCompliance: AccordionItem[] = [
  {
    id: "global-regulations",
    title: "Global Regulations",
    body: `${PRODUCT_NAME} works with legal counsel in each market where it offers tokens and builds onboarding around local rules. Every investor completes identity verification (KYC), anti-money-laundering (AML) screening and, where required, an accreditation check before investing. People in sanctioned countries or on restricted-party lists cannot open an account, and all users must be 18 or older. ${PRODUCT_NAME} is not a broker-dealer, placement agent or financial adviser, and nothing on this site is investment advice. Which offerings you can see depends on where you live and on your investor status.`,
  },
  {
    id: "regulation-d-rule-506c",
    title: "Regulation D Rule 506(c)",
    body: `For investors in the United States, offerings are structured to rely on Rule 506(c) of Regulation D, an exemption from SEC registration. Rule 506(c) allows an offering to be advertised publicly, but every buyer must be an accredited investor, and the issuer must take reasonable steps to verify that status, for example by reviewing tax returns, bank statements or a letter from a licensed professional. Securities bought this way are restricted and generally cannot be resold freely for a holding period, which is one reason secondary liquidity on ${PRODUCT_NAME} is planned rather than live today.`,
  },
  {
    id: "regulation-s",
    title: "Regulation S",
    body: `Regulation S covers offers and sales that take place outside the United States and are made to non-US persons. Offerings made under Regulation S are not registered with the SEC, and the tokens may not be offered or sold to US persons, or resold into the United States, during the applicable distribution compliance period. ${PRODUCT_NAME} confirms residency during onboarding so that investors outside the US only see the offerings available to them. The rules of the investor's own country still apply in addition to Regulation S.`,
  },
  {
    id: "micar-framework",
    title: "MiCAR Framework",
    body: `In the European Union, the Markets in Crypto-Assets Regulation (MiCA, often called MiCAR) sets common rules for issuing crypto-assets and for the firms that provide crypto-asset services. It requires a white paper with clear risk disclosures and sets standards for fair treatment of customers, safekeeping of client assets and the prevention of market abuse. ${PRODUCT_NAME} prepares its ${TOKEN} white paper and disclosures with these requirements in mind. Tokens that qualify as financial instruments fall under existing EU securities law instead of MiCAR, and we treat them that way.`,
  },
];
