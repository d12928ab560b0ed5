import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";
import type { PresaleField } from "@vestin/shared/leads-core";

export type PresaleOption = {
  /** Stored value. */
  value: string;
  /** Displayed label. */
  label: string;
};

export type PresaleStep = {
  /** 1 to 7, in the order the wizard shows them. */
  step: number;
  /** The registration field the step fills (the investment goal is stored in additionalInfo). */
  field: PresaleField;
  title: string;
  question: string;
  /** "text" and "email" steps are free inputs; "options" steps choose one of `options`. */
  input: "email" | "text" | "options";
  placeholder?: string;
  helpText?: string;
  options?: PresaleOption[];
};

export type PresalePageCopy = {
  headline: string;
  subtitle: string;
  spotsRemaining: string;
  nextLabel: string;
  backLabel: string;
  submitLabel: string;
  submittingLabel: string;
  disclaimer: string;
};

export type NextStep = {
  id: string;
  title: string;
  description: string;
  icon: string;
};

export type CommunityLink = {
  id: "discord" | "telegram" | "twitter" | "linkedin";
  label: string;
  href: string;
  description: string;
};

export type PresaleSuccessCopy = {
  title: string;
  subtitle: string;
  queueHeading: string;
  queuePositionLabel: string;
  aheadLabel: string;
  launchEstimate: string;
  launchNotice: string;
  nextStepsHeading: string;
  communityHeading: string;
  backHomeLabel: string;
  backHomeHref: string;
};

export type PresaleConstants = {
  spotsRemaining: string;
  defaultQueuePosition: number;
  defaultAhead: number;
  totalSteps: number;
  walletAddressLength: number;
  launchNoticeHours: number;
  estimatedLaunch: string;
};

export const presaleConstants: PresaleConstants = {
  spotsRemaining: "2,847",
  defaultQueuePosition: 1056,
  defaultAhead: 5296,
  totalSteps: 7,
  walletAddressLength: 42,
  launchNoticeHours: 24,
  estimatedLaunch: "Q1 2025",
};

export const presalePageCopy: PresalePageCopy = {
  headline: `Be First to Access ${TOKEN} Token`,
  subtitle: `Answer seven short questions to join the ${TOKEN} presale whitelist. It takes about two minutes, and joining does not commit you to buy.`,
  spotsRemaining: "2,847 spots remaining",
  nextLabel: "Next",
  backLabel: "Back",
  submitLabel: "Join Presale",
  submittingLabel: "Submitting...",
  disclaimer: `${TOKEN} is a utility token and its price can fall as well as rise. Joining the whitelist is not investment advice or an offer to sell. ${PRODUCT_NAME} is not a broker-dealer, placement agent or financial adviser. You must be 18 or older.`,
};

export const investmentRangeOptions: PresaleOption[] = [
  { value: "$100 - $500", label: "$100 - $500" },
  { value: "$500 - $1,000", label: "$500 - $1,000" },
  { value: "$1,000 - $5,000", label: "$1,000 - $5,000" },
  { value: "$5,000 - $10,000", label: "$5,000 - $10,000" },
  { value: "$10,000+", label: "$10,000+" },
];

export const cryptoExperienceOptions: PresaleOption[] = [
  { value: "Beginner", label: "Beginner (0-1 years)" },
  { value: "Intermediate", label: "Intermediate (1-3 years)" },
  { value: "Advanced", label: "Advanced (3-5 years)" },
  { value: "Expert", label: "Expert (5+ years)" },
];

export const referenceOptions: PresaleOption[] = [
  { value: "Twitter/X", label: "Twitter/X" },
  { value: "Discord", label: "Discord" },
  { value: "Telegram", label: "Telegram" },
  { value: "Friend referral", label: "Friend referral" },
  { value: "YouTube", label: "YouTube" },
  { value: "Other", label: "Other" },
];

export const investmentGoalOptions: PresaleOption[] = [
  { value: "long-term", label: "Long-term wealth building" },
  { value: "short-term", label: "Short-term gains" },
  { value: "diversification", label: "Portfolio diversification" },
  { value: "learning", label: "Learning about DeFi" },
  { value: "support", label: "Supporting the project" },
];

export const presaleSteps: PresaleStep[] = [
  {
    step: 1,
    field: "email",
    title: "Email",
    question: "What is your email address?",
    input: "email",
    placeholder: "you@example.com",
    helpText: "We will send your whitelist confirmation and the launch notice here.",
  },
  {
    step: 2,
    field: "fullName",
    title: "Full name",
    question: "What is your full name?",
    input: "text",
    placeholder: "Your full name",
  },
  {
    step: 3,
    field: "walletAddress",
    title: "Wallet address",
    question: "Which wallet address should receive your tokens?",
    input: "text",
    placeholder: "0x...",
    helpText: "An Ethereum-compatible address you control: 0x followed by 40 characters. Do not use an exchange deposit address.",
  },
  {
    step: 4,
    field: "cryptoExperience",
    title: "Crypto experience",
    question: "How much experience do you have with crypto?",
    input: "options",
    options: cryptoExperienceOptions,
  },
  {
    step: 5,
    field: "investmentRange",
    title: "Investment range",
    question: "How much are you considering investing in the presale?",
    input: "options",
    helpText: "This helps us plan allocations. It is not a commitment.",
    options: investmentRangeOptions,
  },
  {
    step: 6,
    field: "reference",
    title: "Reference",
    question: `How did you hear about ${PRODUCT_NAME}?`,
    input: "options",
    options: referenceOptions,
  },
  {
    step: 7,
    field: "additionalInfo",
    title: "Investment goal",
    question: "What is your main goal for investing?",
    input: "options",
    options: investmentGoalOptions,
  },
];

export const presaleSuccessCopy: PresaleSuccessCopy = {
  title: `Welcome to ${TOKEN}!`,
  subtitle: `You're on the ${TOKEN} presale whitelist. Here is where you stand and what happens next.`,
  queueHeading: "Your Place in the Queue",
  queuePositionLabel: "Queue position",
  aheadLabel: "People ahead of you",
  launchEstimate: "Estimated presale launch: Q1 2025",
  launchNotice: "We will email you 24 hours before launch.",
  nextStepsHeading: "What Happens Next",
  communityHeading: "Join the Community",
  backHomeLabel: "Back to Home",
  backHomeHref: "/",
};

export const presaleNextSteps: NextStep[] = [
  {
    id: "confirmation",
    title: "Check your inbox",
    description:
      "A confirmation of your whitelist place is on its way to the email you gave us. Add us to your contacts so the launch notice does not land in spam.",
    icon: "Mail",
  },
  {
    id: "verification",
    title: "Complete verification",
    description: "Before you can buy, you will complete identity and anti-money-laundering checks. Have a photo ID and a recent proof of address ready.",
    icon: "ShieldCheck",
  },
  {
    id: "notice",
    title: "Get the launch notice",
    description: "We will send you a notice 24 hours before launch with the time, the price and the payment options. The estimated presale launch is Q1 2025.",
    icon: "Bell",
  },
  {
    id: "purchase",
    title: "Buy within your window",
    description: "Whitelist places are served in queue order. Buy only what you can afford to lose: token prices can fall as well as rise.",
    icon: "Wallet",
  },
];

export const presaleCommunityLinks: CommunityLink[] = [
  {
    id: "discord",
    label: "Discord",
    href: "https://discord.gg/vestin",
    description: "Presale updates, study groups and support tickets.",
  },
  {
    id: "telegram",
    label: "Telegram",
    href: "https://t.me/vestin",
    description: "Announcements and daily discussion with the team.",
  },
  {
    id: "twitter",
    label: "Twitter",
    href: "https://x.com/vestin",
    description: "News, offering updates and launch announcements.",
  },
  {
    id: "linkedin",
    label: "LinkedIn",
    href: "https://www.linkedin.com/company/vestin",
    description: "Company news, hiring and partnerships.",
  },
];
