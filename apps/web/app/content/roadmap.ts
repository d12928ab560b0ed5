import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

export type RoadmapStatus = "In Progress" | "Upcoming" | "Planned" | "Vision";

/**
 * One timeline card. The "Show N More" count is `additionalTasks.length`
 * (4, 6, 6 and 7 for Q1 to Q4).
 */
export type RoadmapItem = {
  quarter: string;
  title: string;
  status: RoadmapStatus;
  /** Always three. */
  tasks: string[];
  additionalTasks: string[];
};

/** A header metric; the counter animates `value` and renders prefix + value + suffix. */
export type RoadmapMetric = {
  id: string;
  label: string;
  value: number;
  prefix?: string;
  suffix?: string;
};

export type RoadmapHeader = {
  title: string;
  subtitle: string;
  buttonLabel: string;
  /** Toggle label; replace {count} with additionalTasks.length. */
  showMoreTemplate: string;
  showLessLabel: string;
};

export const roadmapHeader: RoadmapHeader = {
  title: "Our roadmap",
  subtitle: `Four quarters, from the foundations of the platform to the ${TOKEN} token generation event. Each card lists what we set out to deliver and in what order.`,
  buttonLabel: "Explore the Journey",
  showMoreTemplate: "Show {count} More",
  showLessLabel: "Show Less",
};

export const roadmapMetrics: RoadmapMetric[] = [
  { id: "progress", label: "Overall Progress", value: 25, suffix: "%" },
  { id: "quarters", label: "Quarters", value: 4 },
  { id: "milestones", label: "Major Milestones", value: 15, suffix: "+" },
  { id: "tge", label: "TGE Target", value: 4, prefix: "Q" },
];

export const roadmapItems: RoadmapItem[] = [
  {
    quarter: "Q1 2025",
    title: "Foundation & Community",
    status: "In Progress",
    tasks: [
      `Launch the ${PRODUCT_NAME} website and the tokenization learning hub`,
      "Verify community quest sprint participants and open airdrop claims",
      `Publish the ${TOKEN} whitepaper and tokenomics`,
    ],
    additionalTasks: [
      "Open the presale whitelist questionnaire",
      "Release the first learning track on real estate tokenization",
      "Integrate KYC, AML and accreditation checks into onboarding",
      "Launch the partnership program for strategic, technology and marketing partners",
    ],
  },
  {
    quarter: "Q2 2025",
    title: "Presale & Platform Beta",
    status: "Upcoming",
    tasks: [
      `Run the seed, private and strategic ${TOKEN} rounds`,
      "Open the testnet waitlist to the first 1,000 users",
      "Complete an independent audit of the token and staking contracts",
    ],
    additionalTasks: [
      "Launch the platform beta with hosted custodial wallets",
      "List the first tokenized real estate offering for verified investors",
      "Publish the free Ambassador Masterclass",
      `Add course payment discounts for ${TOKEN}, crypto and stablecoins`,
      "Expand the learning area to five tracks",
      "Onboard the first technology partners to the developer sandbox",
    ],
  },
  {
    quarter: "Q3 2025",
    title: "Marketplace & Staking",
    status: "Planned",
    tasks: [
      "Open the real-world asset marketplace to verified investors",
      `Launch ${TOKEN} staking with Bronze, Silver, Gold and Platinum tiers`,
      "List renewable energy and bitcoin mining offerings",
    ],
    additionalTasks: [
      `Hold the public sale of ${TOKEN} at $0.07`,
      "Introduce community raffles",
      "Add carbon credit offerings",
      "Release per-asset income and cost reporting in investor dashboards",
      "Extend onboarding to non-US investors under Regulation S",
      "Publish the staking reward calculator and tier guide",
    ],
  },
  {
    quarter: "Q4 2025",
    title: "TGE & Global Expansion",
    status: "Vision",
    tasks: [`${TOKEN} token generation event (TGE)`, "Seed liquidity pools from the liquidity allocation", "Begin the quarterly burn of 10% of platform fees"],
    additionalTasks: [
      "Start vesting schedules for every allocation",
      "Design secondary trading for asset tokens",
      "Prepare EU onboarding under the MiCAR framework",
      "Release the mobile app for iOS and Android",
      "Introduce community governance proposals for tier holders",
      "Grow the partner network in energy and real estate",
      "Award the first Certified Tokenization Agent certificates",
    ],
  },
];
