import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

export type Allocation = {
  category: string;
  /** Share of total supply in percent (all rows add up to 100). */
  percentage: number;
  description: string;
  /** Price and vesting terms, as listed in the allocation table. */
  details: string;
  /** The same terms as numbers, for the vesting chart. */
  vesting: VestingTerms;
};

export type VestingTerms = {
  /** Sale price in US dollars, for the sale rounds. */
  price?: number;
  /** Share of this allocation unlocked at the token generation event, in percent. */
  tgePercent: number;
  /** Months after TGE before the rest starts to unlock. */
  cliffMonths: number;
  /** Months over which the rest unlocks in equal parts after the cliff. */
  vestMonths: number;
};

export type TierId = "bronze" | "silver" | "gold" | "platinum";

export type Tier = {
  id: TierId;
  name: string;
  /** Minimum stake as displayed, e.g. "1K+ $VSTN" */
  requirement: string;
  /** Minimum stake in tokens, for the calculator. */
  minStake: number;
  /** APY range as displayed, e.g. "5-8%" */
  apy: string;
  /** Fee discount as displayed, e.g. "2%" */
  feeDiscount: string;
  /** Base APY in percent used by the ROI calculator. */
  baseApy: number;
  benefits: string[];
};

/** Lock period in months. */
export type LockPeriod = 6 | 12 | 24;

export type LockMultipliers = Record<LockPeriod, number>;

export type CalculatorDefaults = {
  stake: number;
  lockMonths: LockPeriod;
  tier: TierId;
  /** Input attributes of the stake field (shown, not enforced). */
  minStake: number;
  step: number;
};

export type CalculatorCopy = {
  heading: string;
  intro: string;
  stakeLabel: string;
  tierLabel: string;
  lockLabel: string;
  annualLabel: string;
  monthlyLabel: string;
  formulaNote: string;
  disclaimer: string;
};

export type TokenFact = {
  id: string;
  label: string;
  value: string;
};

export type TokenUtility = {
  id: "education" | "early-access" | "engagement";
  title: string;
  icon: string;
  description: string;
};

export type AllocationSummaryCircle = {
  id: string;
  label: string;
  percentage: number;
  description: string;
};

/** A counter in the token economy hero stat strip: prefix + value (fixed to `decimals`) + suffix. */
export type StatStripItem = {
  id: string;
  label: string;
  value: number;
  decimals: number;
  prefix?: string;
  suffix?: string;
};

export type TokenEconomyTabId = "tiers" | "tokenomics" | "calculator";

export type TokenEconomyTab = {
  id: TokenEconomyTabId;
  label: string;
};

export type FlowCategory = "entry" | "primary" | "ecosystem" | "value" | "infrastructure";

export type FlowNode = {
  id: string;
  title: string;
  /** Short figure shown on the node. */
  metric: string;
  /** Shown in the node's detail popover. */
  description: string;
  category: FlowCategory;
};

export type FlowEdge = {
  source: string;
  target: string;
  /** Kind of flow, used for styling: purchase, stake, reward, burn, fee, payment, liquidity, invest, entry. */
  flowType: string;
  label: string;
};

export type FlowCategoryLegend = {
  id: FlowCategory;
  label: string;
};

export type TokenEconomyHero = {
  title: string;
  subtitle: string;
  flowHeading: string;
  flowIntro: string;
  pauseLabel: string;
  resumeLabel: string;
};

export type TokenPageHero = {
  title: string;
  subtitle: string;
  utilitiesHeading: string;
  allocationHeading: string;
  distributionImageAlt: string;
  tokenomicsHeading: string;
};

/* ------------------------------------------------------------------ */
/* Allocation                                                          */
/* ------------------------------------------------------------------ */

export const allocations: Allocation[] = [
  {
    category: "Liquidity",
    percentage: 20,
    description: "Pairs and liquidity pools that let holders buy and sell from the token generation event onward.",
    details: "35% at TGE, 4-month linear",
    vesting: { tgePercent: 35, cliffMonths: 0, vestMonths: 4 },
  },
  {
    category: "Private",
    percentage: 17.5,
    description: "Tokens sold to private-round investors at $0.04.",
    details: "$0.04, 15% at TGE, 1-month cliff, 7-month vest",
    vesting: { price: 0.04, tgePercent: 15, cliffMonths: 1, vestMonths: 7 },
  },
  {
    category: "Team",
    percentage: 12,
    description: "Founders and staff, locked for a full year so the team's interests follow those of long-term holders.",
    details: "12-month cliff, 30-month linear",
    vesting: { tgePercent: 0, cliffMonths: 12, vestMonths: 30 },
  },
  {
    category: "Community",
    percentage: 10,
    description: "Quests, airdrops, raffles and staking rewards for active community members.",
    details: "24-month linear",
    vesting: { tgePercent: 0, cliffMonths: 0, vestMonths: 24 },
  },
  {
    category: "Ecosystem",
    percentage: 10,
    description: "Grants, integrations and incentives that bring new assets, partners and users to the platform.",
    details: "12-month",
    vesting: { tgePercent: 0, cliffMonths: 0, vestMonths: 12 },
  },
  {
    category: "Public",
    percentage: 6,
    description: "Tokens sold in the public sale at $0.07.",
    details: "$0.07, 40% at TGE, 1-month cliff, 5-month",
    vesting: { price: 0.07, tgePercent: 40, cliffMonths: 1, vestMonths: 5 },
  },
  {
    category: "Treasury",
    percentage: 5.62,
    description: "A reserve for operations, audits and costs that cannot be foreseen.",
    details: "3-month cliff, 12-month",
    vesting: { tgePercent: 0, cliffMonths: 3, vestMonths: 12 },
  },
  {
    category: "Seed",
    percentage: 5,
    description: "Tokens sold to the earliest backers at $0.03.",
    details: "$0.03, 10% at TGE, 1-month cliff, 9-month",
    vesting: { price: 0.03, tgePercent: 10, cliffMonths: 1, vestMonths: 9 },
  },
  {
    category: "Advisors",
    percentage: 5,
    description: "Advisors in business, energy, law, design and lending, vesting over two years.",
    details: "8-month cliff, 24-month",
    vesting: { tgePercent: 0, cliffMonths: 8, vestMonths: 24 },
  },
  {
    category: "Partners",
    percentage: 5,
    description: "Strategic, technology and marketing partners under signed partnership agreements.",
    details: "6-month cliff, 30-month",
    vesting: { tgePercent: 0, cliffMonths: 6, vestMonths: 30 },
  },
  {
    category: "Strategic",
    percentage: 3.88,
    description: "Tokens sold to strategic investors who bring assets, distribution or expertise, at $0.05.",
    details: "$0.05, 20% at TGE, 1-month cliff, 5-month",
    vesting: { price: 0.05, tgePercent: 20, cliffMonths: 1, vestMonths: 5 },
  },
];

export const allocationSummaryCircles: AllocationSummaryCircle[] = [
  {
    id: "liquidity",
    label: "Liquidity",
    percentage: 20,
    description: "Trading pairs and liquidity pools",
  },
  {
    id: "private",
    label: "Private",
    percentage: 17.5,
    description: "Private round at $0.04",
  },
  {
    id: "team",
    label: "Team",
    percentage: 12,
    description: "12-month cliff, 30-month linear",
  },
  {
    id: "community-ecosystem",
    label: "Community & Ecosystem",
    percentage: 20,
    description: "Rewards, grants and growth",
  },
];

/* ------------------------------------------------------------------ */
/* Token facts and utilities                                           */
/* ------------------------------------------------------------------ */

export const tokenFacts: TokenFact[] = [
  { id: "supply", label: "Total Supply", value: "100,000,000 (fixed)" },
  { id: "chain", label: "Network", value: "ERC-20 on Base" },
  { id: "fdmc", label: "FDMC at TGE", value: "$7.0M" },
  { id: "tge-circulation", label: "TGE Circulation", value: "6.3M (6.3%)" },
  { id: "raise", label: "Total Raise", value: "$1.46M (32.38%)" },
  { id: "public-price", label: "Public Price", value: "$0.07" },
];

export const tokenUtilities: TokenUtility[] = [
  {
    id: "education",
    title: "Education",
    icon: "GraduationCap",
    description: `Pay for courses in ${TOKEN} and take 20% off the price. The Ambassador Masterclass is free for everyone with an account.`,
  },
  {
    id: "early-access",
    title: "Early Access",
    icon: "Rocket",
    description: `Staked ${TOKEN} gives earlier access to new offerings, with longer head starts and allocation priority at higher tiers.`,
  },
  {
    id: "engagement",
    title: "Engagement",
    icon: "Users",
    description: `Use ${TOKEN} to enter community raffles, complete quests and put forward governance proposals, and earn rewards for taking part.`,
  },
];

export const tokenPageHero: TokenPageHero = {
  title: `The ${TOKEN} Token`,
  subtitle: `${TOKEN} is the utility token of ${PRODUCT_NAME}: an ERC-20 token on Base with a fixed supply of 100,000,000. Use it to learn, to get early access and to take part in the community.`,
  utilitiesHeading: `What ${TOKEN} Does`,
  allocationHeading: "Token Allocation",
  distributionImageAlt: `Chart of the ${TOKEN} token distribution across eleven allocation categories`,
  tokenomicsHeading: "Tokenomics",
};

export const tokenomicsParagraphs: string[] = [
  `The supply of ${TOKEN} is fixed at 100,000,000 tokens. No further tokens can be minted, so the supply can only shrink as tokens are burned.`,
  `Four sale rounds raise a total of $1.46M for 32.38% of the supply: seed at $0.03, private at $0.04, strategic at $0.05 and public at $0.07. At the public price, the fully diluted market capitalization at the token generation event (TGE) is $7.0M, with 6.3M tokens (6.3%) in circulation.`,
  "Every allocation vests over time. Team tokens wait 12 months before any unlock and then release over 30 months; advisor and partner tokens also start with cliffs. Sale rounds release part of their tokens at TGE and the rest over several months, which spreads new supply out instead of releasing it all at once.",
  "Burns reduce supply over time: 10% of platform fees is burned quarterly, and 50% of raffle entry fees is burned as well, with a target of 2-5% of supply burned each year. Burns depend on platform activity, so the actual figure will vary.",
  `${TOKEN} is a utility token. It gives no claim on the assets listed on ${PRODUCT_NAME}, no share of company profits and no voting rights in the company. Its price can fall as well as rise, and you should not buy more than you can afford to lose.`,
];

/* ------------------------------------------------------------------ */
/* Staking tiers and ROI calculator                                    */
/* ------------------------------------------------------------------ */

export const tiers: Tier[] = [
  {
    id: "bronze",
    name: "Bronze",
    requirement: `1K+ ${TOKEN}`,
    minStake: 1000,
    apy: "5-8%",
    feeDiscount: "2%",
    baseApy: 5,
    benefits: ["2% discount on platform fees", "Entry to community raffles", "Monthly staking statement"],
  },
  {
    id: "silver",
    name: "Silver",
    requirement: `10K+ ${TOKEN}`,
    minStake: 10000,
    apy: "8-12%",
    feeDiscount: "5%",
    baseApy: 8,
    benefits: ["5% discount on platform fees", "Early access to new offerings", "Entry to community raffles", "Priority support by email"],
  },
  {
    id: "gold",
    name: "Gold",
    requirement: `50K+ ${TOKEN}`,
    minStake: 50000,
    apy: "12-20%",
    feeDiscount: "10%",
    baseApy: 12,
    benefits: [
      "10% discount on platform fees",
      "Priority allocation in oversubscribed offerings",
      "Invitations to quarterly investor briefings",
      "Right to submit community governance proposals",
    ],
  },
  {
    id: "platinum",
    name: "Platinum",
    requirement: `100K+ ${TOKEN}`,
    minStake: 100000,
    apy: "15-25%",
    feeDiscount: "15%",
    baseApy: 15,
    benefits: [
      "15% discount on platform fees",
      "First look at every new offering",
      "Dedicated account contact",
      "Right to submit community governance proposals",
    ],
  },
];

export const lockMultipliers: LockMultipliers = { 6: 1, 12: 1.5, 24: 2 };

export const calculatorDefaults: CalculatorDefaults = {
  stake: 10000,
  lockMonths: 12,
  tier: "silver",
  minStake: 1000,
  step: 1000,
};

export const calculatorCopy: CalculatorCopy = {
  heading: "ROI Calculator",
  intro: `Estimate staking rewards for an amount of ${TOKEN}, a tier and a lock period.`,
  stakeLabel: `Amount to stake (${TOKEN})`,
  tierLabel: "Tier",
  lockLabel: "Lock period",
  annualLabel: "Estimated annual rewards",
  monthlyLabel: "Estimated monthly rewards",
  formulaNote:
    "Annual rewards = stake × APY × lock multiplier, with the APY taken as a percentage (so 8% counts as 0.08). Monthly rewards = annual rewards ÷ 12. The lock multiplier is 1x for 6 months, 1.5x for 12 months and 2x for 24 months.",
  disclaimer: `This is an illustration, not a promise. Actual rewards depend on the reward pool, total tokens staked and platform activity, and the value of ${TOKEN} can fall as well as rise.`,
};

/* ------------------------------------------------------------------ */
/* Token economy page                                                  */
/* ------------------------------------------------------------------ */

export const tokenEconomyHero: TokenEconomyHero = {
  title: `The ${TOKEN} token economy`,
  subtitle: `How ${TOKEN} moves through ${PRODUCT_NAME}: how it enters, what it is used for, where rewards come from and how burns reduce supply over time.`,
  flowHeading: "How Value Flows",
  flowIntro: "Select any part of the diagram to see what it does and the figures behind it.",
  pauseLabel: "Pause animation",
  resumeLabel: "Resume animation",
};

export const tokenEconomyTabs: TokenEconomyTab[] = [
  { id: "tiers", label: "Tier Benefits" },
  { id: "tokenomics", label: "Distribution" },
  { id: "calculator", label: "ROI Calculator" },
];

/** Fixed token facts; these are reference figures, not live market data. */
export const statStripItems: StatStripItem[] = [
  { id: "supply", label: "Total Supply", value: 100, decimals: 0, suffix: "M" },
  { id: "price", label: "Public Price", value: 0.07, decimals: 2, prefix: "$" },
  { id: "fdmc", label: "FDMC at TGE", value: 7, decimals: 1, prefix: "$", suffix: "M" },
  { id: "circulation", label: "TGE Circulation", value: 6.3, decimals: 1, suffix: "M" },
  { id: "max-apy", label: "Max Staking APY", value: 25, decimals: 0, suffix: "%" },
];

export const flowCategoryLegend: FlowCategoryLegend[] = [
  { id: "entry", label: "Entry points" },
  { id: "primary", label: "Token" },
  { id: "ecosystem", label: "Ecosystem uses" },
  { id: "value", label: "Value capture" },
  { id: "infrastructure", label: "Infrastructure" },
];

export const flowNodes: FlowNode[] = [
  {
    id: "fiat-crypto",
    title: "Fiat & Crypto Entry",
    metric: "Cards, bank, ETH, BTC, USDC",
    description:
      "Investors arrive with cards, bank transfers, crypto or stablecoins. Identity, anti-money-laundering and, where needed, accreditation checks happen here.",
    category: "entry",
  },
  {
    id: "vstn",
    title: `${TOKEN} Token`,
    metric: "100M fixed supply",
    description: `The utility token at the center of the ecosystem: an ERC-20 token on Base with a fixed supply of 100,000,000 and a public price of $0.07.`,
    category: "primary",
  },
  {
    id: "staking",
    title: "Staking",
    metric: "5-8% flexible, 10-25% fixed",
    description:
      "Flexible staking earns 5-8% APY and can be withdrawn at any time. Fixed-term staking earns 10-25% APY for a lock of 6-24 months. Rates are targets and depend on the reward pool.",
    category: "ecosystem",
  },
  {
    id: "raffles",
    title: "Raffles",
    metric: `100-10K ${TOKEN}`,
    description: `Community raffles with entries from 100 to 10K ${TOKEN}. Half of every entry fee is burned.`,
    category: "ecosystem",
  },
  {
    id: "learning",
    title: "Learning Platform",
    metric: `20% off with ${TOKEN}`,
    description: `Courses across five tracks. Paying in ${TOKEN} takes 20% off, crypto 10% and stablecoins 5%.`,
    category: "ecosystem",
  },
  {
    id: "marketplace",
    title: "RWA Marketplace",
    metric: "$950M+ asset pool",
    description:
      "Tokenized real estate, renewable energy, bitcoin mining and carbon credits, from $100 per asset. Platform fees from the marketplace feed the burn and the treasury.",
    category: "ecosystem",
  },
  {
    id: "fee-burn",
    title: "Fee Burn",
    metric: "2-5% annual burn",
    description: "10% of platform fees is burned quarterly, together with 50% of raffle entry fees, for a target of 2-5% of supply burned each year.",
    category: "value",
  },
  {
    id: "rewards",
    title: "Rewards",
    metric: "Multipliers 1x-3x",
    description: "Staking and community rewards. Multipliers of 1x-3x apply depending on lock length and participation.",
    category: "value",
  },
  {
    id: "treasury",
    title: "Treasury",
    metric: "5.62% of supply",
    description: "Holds the treasury allocation and the share of platform fees that is not burned, and funds audits, operations and reward pools.",
    category: "infrastructure",
  },
  {
    id: "liquidity-pools",
    title: "Liquidity Pools",
    metric: "LP staking 2x",
    description: `Pools seeded from the 20% liquidity allocation. Providers who stake their LP tokens earn rewards at 2x the base rate.`,
    category: "infrastructure",
  },
];

export const flowEdges: FlowEdge[] = [
  { source: "fiat-crypto", target: "vstn", flowType: "purchase", label: `Buy ${TOKEN} with fiat or crypto` },
  { source: "fiat-crypto", target: "marketplace", flowType: "invest", label: "Invest from $100" },
  { source: "vstn", target: "staking", flowType: "stake", label: "Flexible 5-8% APY or fixed term 10-25%" },
  { source: "vstn", target: "raffles", flowType: "payment", label: `Enter raffles with 100-10K ${TOKEN}` },
  { source: "vstn", target: "learning", flowType: "payment", label: "Pay for courses at 20% off" },
  { source: "vstn", target: "liquidity-pools", flowType: "liquidity", label: "Provide liquidity" },
  { source: "staking", target: "rewards", flowType: "reward", label: "Lock 6-24 months, multipliers 1x-3x" },
  { source: "liquidity-pools", target: "rewards", flowType: "reward", label: "LP staking 2x" },
  { source: "raffles", target: "fee-burn", flowType: "burn", label: "50% of raffle entry fees" },
  { source: "marketplace", target: "fee-burn", flowType: "burn", label: "10% of platform fees quarterly" },
  { source: "marketplace", target: "treasury", flowType: "fee", label: "Remaining platform fees" },
  { source: "fee-burn", target: "vstn", flowType: "burn", label: "2-5% annual burn" },
  { source: "treasury", target: "rewards", flowType: "reward", label: "Funds reward pools" },
  { source: "rewards", target: "vstn", flowType: "reward", label: `Rewards paid in ${TOKEN}` },
];
