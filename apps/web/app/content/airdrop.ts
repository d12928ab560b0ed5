import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

/** The fixed figures shown on /zealy-claim, as numbers and as displayed text. */
export type ZealySprintFigures = {
  xpEarned: number;
  xpEarnedDisplay: string;
  /** Share of the reward pool in percent. */
  poolSharePercent: number;
  poolShareDisplay: string;
  tokens: number;
  tokensDisplay: string;
  rank: number;
  totalParticipants: number;
  rankDisplay: string;
  combinedXp: number;
  combinedXpDisplay: string;
  airdropPoolDisplay: string;
  participantsDisplay: string;
  sprintStatus: string;
  sprintPeriod: string;
  /** Badge text on the sprint card: "COMPLETED (December 2024)" */
  sprintBadge: string;
};

export type LabelledValue = {
  id: string;
  label: string;
  value: string;
};

export type ZealyClaimCopy = {
  eyebrow: string;
  title: string;
  paragraphs: string[];
  claimButtonLabel: string;
  claimButtonHref: string;
  helpButtonLabel: string;
  yourResultsHeading: string;
  yourResults: LabelledValue[];
  sprintHeading: string;
  sprintStats: LabelledValue[];
  shareExplanation: string;
};

export type SupportChannel = {
  id: string;
  label: string;
  href: string;
  description: string;
};

export type SupportModalCopy = {
  title: string;
  intro: string;
  channels: SupportChannel[];
  safetyNote: string;
  closeLabel: string;
};

export type FaqItem = {
  id: string;
  question: string;
  answer: string;
};

export type VerificationPageCopy = {
  title: string;
  intro: string;
  zealyUsernameLabel: string;
  zealyUsernamePlaceholder: string;
  walletAddressLabel: string;
  walletAddressPlaceholder: string;
  /** Under the wallet address until it is signed for. */
  walletAddressHint: string;
  emailLabel: string;
  emailPlaceholder: string;
  tgAccountLabel: string;
  tgAccountPlaceholder: string;
  submitLabel: string;
  submittingLabel: string;
  supportButtonLabel: string;
  faqHeading: string;
  resultTitle: string;
  resultIntro: string;
  resultCloseLabel: string;
};

/** Distribution date = submission time + this many hours (30 days). */
export const DISTRIBUTION_DELAY_HOURS = 720;

export const zealySprintFigures: ZealySprintFigures = {
  xpEarned: 8247,
  xpEarnedDisplay: "8,247 XP",
  poolSharePercent: 1.85,
  poolShareDisplay: "1.85%",
  tokens: 1850,
  tokensDisplay: "1,850",
  rank: 47,
  totalParticipants: 5000,
  rankDisplay: "47 of 5,000",
  combinedXp: 445000,
  combinedXpDisplay: "445,000",
  airdropPoolDisplay: "$100,000",
  participantsDisplay: "5,000",
  sprintStatus: "COMPLETED",
  sprintPeriod: "December 2024",
  sprintBadge: "COMPLETED (December 2024)",
};

export const zealyClaimCopy: ZealyClaimCopy = {
  eyebrow: "Community Quest Sprint",
  title: "Congratulations, Pioneer!",
  paragraphs: [
    `You finished the ${PRODUCT_NAME} quest sprint among the top participants, and your XP has earned you a share of the ${TOKEN} airdrop. Thank you for learning with us, testing early features and helping the community grow.`,
    "To claim your tokens, verify your participation with the same Zealy username, wallet address, email and Telegram account you used during the sprint. Verification takes a couple of minutes.",
  ],
  claimButtonLabel: "Verify & Claim",
  claimButtonHref: "/verification",
  helpButtonLabel: "Need help?",
  yourResultsHeading: "Your Results",
  yourResults: [
    { id: "xp", label: "XP earned", value: "8,247 XP" },
    { id: "share", label: "Pool share", value: "1.85%" },
    { id: "tokens", label: `${TOKEN} reward`, value: "1,850" },
    { id: "rank", label: "Rank", value: "47 of 5,000" },
  ],
  sprintHeading: "Sprint Statistics",
  sprintStats: [
    { id: "status", label: "Sprint", value: "COMPLETED (December 2024)" },
    { id: "airdrop", label: "Airdrop pool", value: "$100,000" },
    { id: "participants", label: "Participants", value: "5,000" },
    { id: "combined-xp", label: "Combined XP", value: "445,000" },
  ],
  shareExplanation: "Your pool share is your XP divided by the combined XP of all participants: 8,247 out of 445,000 XP is 1.85%.",
};

export const supportModalCopy: SupportModalCopy = {
  title: "Need help with your claim?",
  intro: "Our community team answers claim questions every day. Tell us your Zealy username and what went wrong, and we will help you sort it out.",
  channels: [
    {
      id: "telegram",
      label: "Telegram",
      href: "https://t.me/vestin",
      description: "Fastest for quick questions. Post in the main group and a moderator will reply.",
    },
    {
      id: "discord",
      label: "Discord",
      href: "https://discord.gg/vestin",
      description: "Open a ticket in the support channel for anything that needs a closer look.",
    },
  ],
  safetyNote: "Our team will never ask for your private key, seed phrase or a payment to release tokens. Anyone who does is not from us.",
  closeLabel: "Close",
};

export const verificationPageCopy: VerificationPageCopy = {
  title: "Verify Your Participation",
  intro: "Enter the details you used during the quest sprint. We match them against the sprint records before scheduling your distribution.",
  zealyUsernameLabel: "Zealy username",
  zealyUsernamePlaceholder: "Your Zealy username",
  walletAddressLabel: "Wallet address",
  walletAddressPlaceholder: "0x...",
  walletAddressHint: "Use the wallet you connected on Zealy. Signing proves it is yours: it is free and sends no transaction.",
  emailLabel: "Email",
  emailPlaceholder: "you@example.com",
  tgAccountLabel: "Telegram account",
  tgAccountPlaceholder: "@yourhandle",
  submitLabel: "Submit Verification",
  submittingLabel: "Submitting...",
  supportButtonLabel: "Support",
  faqHeading: "Verification Help",
  resultTitle: "Verification Submitted",
  resultIntro: `Your claim is recorded. Your ${TOKEN} will be distributed at TGE, about 30 days after verification.`,
  resultCloseLabel: "Close",
};

export const verificationSupportFaq: FaqItem[] = [
  {
    id: "what-to-enter",
    question: "What details do I need to verify?",
    answer:
      "Your Zealy username, the wallet address you want tokens sent to, your email address and your Telegram account. Use the same Zealy username and Telegram account you used during the sprint, or we cannot match your XP.",
  },
  {
    id: "retry",
    question: "My verification failed. Can I try again?",
    answer:
      "Yes. You can retry verification up to 3 times within the 14-day claim period. Check the spelling of your Zealy username and Telegram account first; most failures come from a typo or a changed handle. If the third attempt fails, contact support before the claim period ends.",
  },
  {
    id: "when-tokens",
    question: "When will I receive my tokens?",
    answer: `Tokens are distributed at TGE, about 30 days after verification. Your distribution date is set 720 hours after you submit the form, and you can see it in your claim summary.`,
  },
  {
    id: "wallet",
    question: "Which wallet address should I use?",
    answer: `Use an address you control that supports ERC-20 tokens on Base; it starts with 0x and is 42 characters long. Do not use an exchange deposit address, because the exchange may not credit ${TOKEN} to your account.`,
  },
  {
    id: "reward-size",
    question: "How is my reward calculated?",
    answer:
      "Your share of the pool is your XP divided by the combined XP of all participants. For example, 8,247 XP out of 445,000 combined XP is a 1.85% share, which equals 1,850 tokens.",
  },
  {
    id: "change-details",
    question: "Can I change my wallet address after submitting?",
    answer:
      "Contact support on Telegram or Discord before your distribution date. For your security, we will ask you to confirm the change from the email address you used to verify.",
  },
  {
    id: "private-key",
    question: "Will anyone ask for my private key or a fee?",
    answer:
      "No. Claiming is free, and nobody from the team will ever ask for your private key, seed phrase or a payment. Report anyone who does to a moderator.",
  },
];
