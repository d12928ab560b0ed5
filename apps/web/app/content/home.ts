import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

/** A button or link. `href` is a route, an in-page anchor ("#founders") or an external URL. */
export type CtaLink = {
  label: string;
  href: string;
  /** True when the target opens in a new tab. */
  external?: boolean;
};

export type HomeHero = {
  title: string;
  subtitle: string;
  /** Meet Our Team: scrolls to the founders section. */
  primaryButton: CtaLink;
  /** Learn More: goes to /learn. */
  secondaryButton: CtaLink;
};

export type IconCard = {
  id: string;
  title: string;
  /** lucide-react icon component name */
  icon: string;
  description: string;
};

export type NewNormalSection = {
  heading: string;
  intro: string;
  videoCaption: string;
  benefits: IconCard[];
};

export type ComparisonRow = {
  id: string;
  topic: string;
  without: string;
  with: string;
};

export type ComparisonSection = {
  heading: string;
  intro: string;
  withLabel: string;
  withoutLabel: string;
  rows: ComparisonRow[];
};

export type HeadlineClaim = {
  id: string;
  value: string;
  label: string;
};

export type LeadershipSection = {
  anchor: string;
  heading: string;
  paragraphs: string[];
  claims: HeadlineClaim[];
};

export type CommunityFigure = {
  id: "x" | "telegram" | "discord" | "signups";
  label: string;
  /** Numeric part for a count-up animation, e.g. 255 */
  value: number;
  /** e.g. "k" */
  suffix: string;
  /** Full text as displayed, e.g. "255k" */
  display: string;
  description: string;
};

export type CommunitySection = {
  heading: string;
  intro: string;
  figures: CommunityFigure[];
};

export type AssetClass = {
  id: "real-estate" | "renewable-energy" | "bitcoin-mining" | "carbon-credits";
  name: string;
  /** As displayed, e.g. "$450m+" */
  amount: string;
  /** Numeric part in millions of US dollars, for charts */
  amountMillions: number;
  icon: string;
  description: string;
};

export type AssetPoolSection = {
  heading: string;
  /** As displayed: "$950M+" */
  total: string;
  totalMillions: number;
  intro: string;
  classes: AssetClass[];
  footnote: string;
};

export type InvestmentProfile = {
  id: string;
  title: string;
  icon: string;
  /** Who the profile suits, one sentence. */
  forWhom: string;
  description: string;
  minimumInvestment: string;
  focusAssets: string[];
  /** What to weigh before investing; honest about risk. */
  consider: string;
};

export type InvestmentProfilesSection = {
  heading: string;
  intro: string;
  profiles: InvestmentProfile[];
  disclaimer: string;
};

export type TokenSection = {
  heading: string;
  paragraphs: string[];
  highlights: string[];
  /** Opens the external token site in a new tab; the URL is supplied by the page. */
  buttonLabel: string;
  riskNote: string;
};

export type FooterContent = {
  tagline: string;
  claims: HeadlineClaim[];
  disclaimer: string;
};

export const homeHero: HomeHero = {
  title: "Own more. Risk less.",
  subtitle:
    "Invest in tokenized real estate, renewable energy, bitcoin mining and carbon credits from $100. Each token represents a share of a real, documented asset, held for you in a custodial wallet.",
  primaryButton: { label: "Meet Our Team", href: "#founders" },
  secondaryButton: { label: "Learn More", href: "/learn" },
};

export const newNormal: NewNormalSection = {
  heading: "The New Normal",
  intro: `For decades, the assets that pay steady income sat behind high minimums and private networks. ${PRODUCT_NAME} splits those assets into tokens, so you can own a measured share of each one and see exactly what you hold.`,
  videoCaption: `How ${PRODUCT_NAME} turns a real-world asset into tokens you can own.`,
  benefits: [
    {
      id: "institutional-yields",
      title: "Institutional Yields",
      icon: "Landmark",
      description:
        "Commercial property, utility-scale solar and mining capacity were once reserved for funds. Now you can hold a share from $100 and receive your portion of the net income each asset actually earns, reported every period rather than promised up front.",
    },
    {
      id: "instant-liquidity",
      title: "Instant Liquidity",
      icon: "ArrowLeftRight",
      description:
        "Secondary trading for asset tokens is planned, not live yet. Once it opens, you will be able to offer tokens to other verified investors instead of waiting for an asset's term to end. Until then, plan to hold each investment to term; you can still withdraw tokens to your own wallet on instruction.",
    },
    {
      id: "automated-returns",
      title: "Automated Returns",
      icon: "Repeat",
      description:
        "Distributions are calculated by smart contract from each asset's reported net income and paid into your hosted wallet on schedule. Every payment, and the figures behind it, appears in your account.",
    },
    {
      id: "global-opportunity",
      title: "Global Opportunity",
      icon: "Globe",
      description:
        "Hold assets in different countries and sectors from one account. Onboarding checks for identity, anti-money-laundering and, where needed, accreditation decide which offerings are open to you based on where you live.",
    },
  ],
};

export const comparison: ComparisonSection = {
  heading: `Investing With and Without ${PRODUCT_NAME}`,
  intro: "The assets are the same. What changes is who can reach them, how much it takes to start and how much you can see.",
  withLabel: `With ${PRODUCT_NAME}`,
  withoutLabel: `Without ${PRODUCT_NAME}`,
  rows: [
    {
      id: "minimum",
      topic: "Minimum investment",
      without: "High minimums that shut most individual investors out",
      with: "From $100 per asset",
    },
    {
      id: "access",
      topic: "Access to deals",
      without: "Offerings shared privately among funds and their contacts",
      with: "Offerings listed openly to every verified investor who is eligible",
    },
    {
      id: "onboarding",
      topic: "Onboarding",
      without: "Paper subscription forms and weeks of back-and-forth",
      with: "Digital onboarding with KYC, AML and accreditation checks built in",
    },
    {
      id: "transparency",
      topic: "Transparency",
      without: "Occasional reports with little detail on individual assets",
      with: "Ownership recorded on-chain and income reported asset by asset",
    },
    {
      id: "diversification",
      topic: "Diversification",
      without: "One large position in a single building or project",
      with: "Small positions across real estate, energy, mining and carbon credits",
    },
    {
      id: "exit",
      topic: "Getting your tokens out",
      without: "Capital tied up until the fund winds down",
      with: "Withdraw tokens to your own wallet on instruction; secondary trading is planned",
    },
  ],
};

export const experiencedLeadership: LeadershipSection = {
  anchor: "leadership",
  heading: "Experienced Leadership",
  paragraphs: [
    `${PRODUCT_NAME} is led by people who have spent their careers financing, building and managing real assets. Between them, the team's businesses manage 3 billion pounds of assets and have delivered 1000+ projects in property, energy and infrastructure.`,
    "That experience shapes how we choose what to list: we look at the asset, the operator and the contracts behind the income before we look at the token.",
  ],
  claims: [
    { id: "assets-managed", value: "3 billion pounds", label: "of assets managed" },
    { id: "projects", value: "1000+", label: "projects delivered" },
  ],
};

export const community: CommunitySection = {
  heading: "Our Community",
  intro: `Investors, builders and learners follow ${PRODUCT_NAME} across three channels. Ask questions, hear about new offerings first and talk with the team directly.`,
  figures: [
    {
      id: "x",
      label: "Followers on X",
      value: 255,
      suffix: "k",
      display: "255k",
      description: "Announcements, offering updates and market notes.",
    },
    {
      id: "telegram",
      label: "Telegram members",
      value: 74,
      suffix: "k",
      display: "74k",
      description: "Day-to-day discussion and answers from the team.",
    },
    {
      id: "discord",
      label: "Discord members",
      value: 15,
      suffix: "k",
      display: "15k",
      description: "Study groups, quests and testnet feedback.",
    },
    {
      id: "signups",
      label: "Sign-ups",
      value: 25,
      suffix: "k",
      display: "25k",
      description: "People who have registered interest in investing.",
    },
  ],
};

export const assetPool: AssetPoolSection = {
  heading: "Asset Pool",
  total: "$950M+",
  totalMillions: 950,
  intro: "The pool of assets our team and partners are preparing for tokenization, across four classes.",
  classes: [
    {
      id: "real-estate",
      name: "Real Estate",
      amount: "$450m+",
      amountMillions: 450,
      icon: "Building2",
      description: "Residential and commercial property that earns rental income.",
    },
    {
      id: "renewable-energy",
      name: "Renewable Energy",
      amount: "$300m+",
      amountMillions: 300,
      icon: "Sun",
      description: "Solar and wind generation selling power under long-term contracts.",
    },
    {
      id: "bitcoin-mining",
      name: "Bitcoin Mining",
      amount: "$150m+",
      amountMillions: 150,
      icon: "Cpu",
      description: "Mining capacity whose output depends on hash rate, power costs and the bitcoin price.",
    },
    {
      id: "carbon-credits",
      name: "Carbon Credits",
      amount: "$50m+",
      amountMillions: 50,
      icon: "Leaf",
      description: "Independently verified credits from emission reduction and removal projects.",
    },
  ],
  footnote:
    "Figures show the value of assets in the pool, not the amount open for investment at any one time. Each offering is published separately with its own documents.",
};

export const investmentProfiles: InvestmentProfilesSection = {
  heading: "Which Investor Are You?",
  intro: "Four common starting points. Use them as a guide to what to read first, not as a recommendation.",
  profiles: [
    {
      id: "first-time",
      title: "First-Time Investor",
      icon: "Sprout",
      forWhom: "For people making their first investment in real assets.",
      description:
        "Start small with a single income-producing asset, watch how distributions arrive and read the reports. The learning area explains each step before you commit.",
      minimumInvestment: "$100",
      focusAssets: ["Real Estate"],
      consider: "Only invest money you will not need during the asset's term; secondary trading is not live yet.",
    },
    {
      id: "income-seeker",
      title: "Income Seeker",
      icon: "Banknote",
      forWhom: "For investors who value regular distributions over short-term price moves.",
      description:
        "Rental property and contracted renewable energy pay out from operating income. Distributions are reported per asset so you can see where each payment comes from.",
      minimumInvestment: "$100",
      focusAssets: ["Real Estate", "Renewable Energy"],
      consider: "Income can fall if tenants leave, power prices drop or costs rise; it is never guaranteed.",
    },
    {
      id: "diversifier",
      title: "Diversifier",
      icon: "Layers",
      forWhom: "For investors who already hold stocks or crypto and want assets with different drivers.",
      description: "Spread smaller amounts across all four classes. Rents, power output, mining economics and carbon demand do not always move together.",
      minimumInvestment: "$100",
      focusAssets: ["Real Estate", "Renewable Energy", "Bitcoin Mining", "Carbon Credits"],
      consider: "Bitcoin mining returns move with the bitcoin price and can swing sharply.",
    },
    {
      id: "impact",
      title: "Impact Investor",
      icon: "Leaf",
      forWhom: "For investors who want their money linked to measurable environmental outcomes.",
      description:
        "Choose renewable generation and verified carbon credit projects, with production and verification data reported alongside financial results.",
      minimumInvestment: "$100",
      focusAssets: ["Renewable Energy", "Carbon Credits"],
      consider: "Carbon credit prices depend on policy and demand and can be volatile.",
    },
  ],
  disclaimer: `Profiles are general information, not investment advice. ${PRODUCT_NAME} is not a broker-dealer, placement agent or financial adviser. Some offerings set a higher minimum or are open only to accredited investors.`,
};

export const tokenSection: TokenSection = {
  heading: `The ${TOKEN} Token`,
  paragraphs: [
    `${TOKEN} is the utility token of the ${PRODUCT_NAME} ecosystem: an ERC-20 token on Base with a fixed supply of 100,000,000. It does not represent a share of any asset or of the company.`,
    `Holders can stake ${TOKEN} to reach a tier with platform fee discounts and earlier access to new offerings, pay for courses at 20% off, and take part in community quests and raffles.`,
  ],
  highlights: [
    "Fixed supply of 100,000,000",
    "Public price $0.07",
    "Staking tiers with 2% to 15% fee discounts",
    `20% off learning when you pay with ${TOKEN}`,
  ],
  buttonLabel: `Explore ${TOKEN}`,
  riskNote: `The value of ${TOKEN} can fall as well as rise, and staking rewards are not guaranteed.`,
};

export const footerContent: FooterContent = {
  tagline: "Own more. Risk less.",
  claims: [
    { id: "assets-managed", value: "3 billion pounds", label: "assets managed" },
    { id: "projects", value: "1000+", label: "projects" },
  ],
  disclaimer: `${PRODUCT_NAME} is not a broker-dealer, placement agent or financial adviser, and nothing on this site is investment advice. Investing in real-world assets involves risk, including loss of capital. Users must be 18 or older.`,
};
