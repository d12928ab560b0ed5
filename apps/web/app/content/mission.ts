import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

export type MissionPillar = {
  id: string;
  title: string;
  /** lucide-react icon component name */
  icon: string;
  description: string;
};

export type MissionPage = {
  title: string;
  paragraphs: string[];
  pillarsHeading: string;
  pillars: MissionPillar[];
};

export const missionPage: MissionPage = {
  title: "Our mission extends beyond access",
  paragraphs: [
    `Opening real-world assets to more people was the starting point, not the goal. Anyone can put a building on a blockchain. What matters is whether the investor who buys a $100 share understands what they own, can see how it performs and is treated as fairly as the largest fund in the deal. ${PRODUCT_NAME} is built around that standard.`,
    "So we begin with the asset. Every property, power plant, mining site or carbon project is reviewed by people who have financed and run such assets for years. We check title, contracts, cash flows and the operator, and we publish what we find along with the risks, so that a token always points to something documented and real.",
    `We also hold ourselves to the rules of every market we serve. Identity, anti-money-laundering and accreditation checks are part of onboarding, offerings follow frameworks such as Regulation D Rule 506(c), Regulation S and MiCAR, and tokens are held in custody with legal title staying with the investor. ${PRODUCT_NAME} is not a broker-dealer or financial adviser, and we say so plainly.`,
    `Finally, we want investors to grow more capable over time. The learning area, the community around ${TOKEN} and open reporting on every asset exist so that people can make their own informed decisions, now and as the market for tokenized assets matures.`,
  ],
  pillarsHeading: "What We Stand For",
  pillars: [
    {
      id: "excellence-in-asset-tokenization",
      title: "Excellence in Asset Tokenization",
      icon: "BadgeCheck",
      description:
        "A token is only as good as the asset and the legal structure behind it. We review title, contracts, cash flows and operators before anything is listed, document how each token links to its asset, and report income and costs on a regular schedule so holders can check the numbers for themselves.",
    },
    {
      id: "technological-innovation-in-finance",
      title: "Technological Innovation in Finance",
      icon: "Cpu",
      description:
        "We use smart contracts where they make finance simpler and cheaper: recording ownership on-chain, calculating and paying distributions automatically, and keeping an audit trail anyone can follow. Contracts are audited independently before they handle investor funds, and a custody provider keeps the private keys so investors do not have to manage them.",
    },
    {
      id: "global-accessibility-and-compliance",
      title: "Global Accessibility & Compliance",
      icon: "Globe",
      description:
        "Investors in many countries can take part from $100, but only within the rules that apply to them. Onboarding combines identity, anti-money-laundering and accreditation checks, and offerings are structured under frameworks such as Regulation D Rule 506(c), Regulation S and MiCAR, so that access grows without cutting corners.",
    },
    {
      id: "sustainable-wealth-generation",
      title: "Sustainable Wealth Generation",
      icon: "Sprout",
      description:
        "We favor assets that earn steady income over many years, such as rented homes, contracted solar and wind output, and verified carbon projects. The aim is patient, diversified growth rather than quick gains. We never promise fixed returns, and we explain what could make each asset earn less than expected.",
    },
    {
      id: "educational-empowerment-for-all",
      title: "Educational Empowerment for All",
      icon: "GraduationCap",
      description:
        "Good decisions need understanding. Our learning area offers courses across five tracks, from the basics of tokenized real estate to advanced topics, written in plain language with real examples. Anyone can start learning before investing a single dollar, and learners can earn certificates as their knowledge grows.",
    },
    {
      id: "community-driven-network-growth",
      title: "Community-Driven Network Growth",
      icon: "Users",
      description: `Our community on X, Telegram and Discord shapes what we build. Members test new features on the testnet, raise questions that improve our documentation and take part in quests and governance proposals. Rewards in ${TOKEN} recognize people who contribute, and we answer questions openly, including the difficult ones.`,
    },
  ],
};
