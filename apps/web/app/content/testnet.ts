import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

export type ScrollButton = {
  label: string;
  /** Id of the in-page section to scroll to (offset by the sticky header). */
  targetId: string;
};

export type TestnetHero = {
  eyebrow: string;
  title: string;
  subtitle: string;
  primaryButton: ScrollButton;
  secondaryButton: ScrollButton;
  note: string;
};

export type TestnetFeature = {
  id: string;
  title: string;
  /** lucide-react icon component name */
  icon: string;
  description: string;
};

/** An animated counter: renders value (fixed to `decimals`) followed by suffix. */
export type TrustedByCounter = {
  id: string;
  label: string;
  value: number;
  suffix: string;
  decimals: number;
};

export type TestnetWhyPoint = {
  id: string;
  title: string;
  icon: string;
  description: string;
};

export type TestnetWhySection = {
  /** Section id targeted by the hero's Learn More button. */
  anchor: string;
  heading: string;
  paragraphs: string[];
  points: TestnetWhyPoint[];
};

export type WaitlistFormCopy = {
  /** Section id targeted by the hero's Join Waitlist button. */
  anchor: string;
  heading: string;
  intro: string;
  fullNameLabel: string;
  fullNamePlaceholder: string;
  emailLabel: string;
  emailPlaceholder: string;
  twitterLabel: string;
  twitterPlaceholder: string;
  telegramLabel: string;
  telegramPlaceholder: string;
  submitLabel: string;
  submittingLabel: string;
  successMessage: string;
  overlayTitle: string;
  overlayRedirect: string;
  /** Where the referral link is once the overlay has gone home: the e-mail, and this page on a later visit. */
  overlayReferral: string;
  privacyNote: string;
};

export const testnetHero: TestnetHero = {
  eyebrow: `${PRODUCT_NAME} Testnet`,
  title: "Try tokenized investing before it costs you anything",
  subtitle: `Join the waitlist for the ${PRODUCT_NAME} testnet. The first 1,000 users get access in the opening wave to browse sample offerings, invest test funds and see exactly how custody, distributions and staking work.`,
  primaryButton: { label: "Join Waitlist", targetId: "waitlist" },
  secondaryButton: { label: "Learn More", targetId: "why" },
  note: "Testnet balances have no monetary value and cannot be withdrawn or exchanged.",
};

export const testnetFeatures: TestnetFeature[] = [
  {
    id: "sample-offerings",
    title: "Explore Sample Offerings",
    icon: "Building2",
    description:
      "Browse test listings for real estate, renewable energy, bitcoin mining and carbon credits, each with the same documents and risk notes a live offering carries.",
  },
  {
    id: "test-funds",
    title: "Invest with Test Funds",
    icon: "Wallet",
    description: "Go through the full investment flow, from choosing an amount to confirming the purchase, using test balances instead of real money.",
  },
  {
    id: "hosted-wallet",
    title: "See How Custody Works",
    icon: "ShieldCheck",
    description:
      "Your tokens sit in a hosted wallet: you keep legal title, the custody provider keeps the private keys, and you can ask to withdraw to another address.",
  },
  {
    id: "distributions",
    title: "Follow Distributions",
    icon: "ChartLine",
    description: "Watch simulated income distributions arrive in your wallet and trace each payment back to the asset's reported income and costs.",
  },
  {
    id: "staking",
    title: "Practice Staking",
    icon: "Coins",
    description: `Stake test ${TOKEN} in Bronze, Silver, Gold or Platinum tiers and compare 6-, 12- and 24-month lock periods before you decide anything for real.`,
  },
  {
    id: "feedback",
    title: "Shape the Product",
    icon: "MessageCircle",
    description: "Report bugs and suggest changes in a dedicated Discord channel. Testers talk directly with the people building the platform.",
  },
];

export const trustedByHeading = "Trusted By";

export const trustedByCounters: TrustedByCounter[] = [
  { id: "users", label: "Users", value: 50, suffix: "K+", decimals: 0 },
  { id: "countries", label: "Countries", value: 150, suffix: "+", decimals: 0 },
  { id: "transactions", label: "Transactions/Day", value: 1, suffix: "M+", decimals: 0 },
  { id: "uptime", label: "Uptime", value: 99.99, suffix: "%", decimals: 2 },
];

export const testnetWhy: TestnetWhySection = {
  anchor: "why",
  heading: "Why Join the Testnet?",
  paragraphs: [
    "Tokenized investing is new to most people. The testnet lets you learn how it works with nothing at stake: every balance is a test balance, and every mistake is free.",
    `It is also how we find problems before real money is involved. What testers report goes straight to the team building ${PRODUCT_NAME}.`,
  ],
  points: [
    {
      id: "no-risk",
      title: "Learn without risk",
      icon: "ShieldCheck",
      description: "Practice buying, holding and withdrawing tokens with test funds that have no value.",
    },
    {
      id: "first-wave",
      title: "Get in early",
      icon: "Rocket",
      description: "Access opens for the first 1,000 users on the waitlist, in the order they signed up.",
    },
    {
      id: "influence",
      title: "Influence what ships",
      icon: "Lightbulb",
      description: "Your feedback decides which fixes and features come first.",
    },
    {
      id: "prepared",
      title: "Be ready for launch",
      icon: "GraduationCap",
      description: "Know the platform inside out before you invest real money on it.",
    },
  ],
};

export const waitlistFormCopy: WaitlistFormCopy = {
  anchor: "waitlist",
  heading: "Join the Waitlist",
  intro: "Leave your name and email. Add your X and Telegram handles if you want us to reach you there too.",
  fullNameLabel: "Full name",
  fullNamePlaceholder: "Your full name",
  emailLabel: "Email",
  emailPlaceholder: "you@example.com",
  twitterLabel: "X (Twitter) handle (optional)",
  twitterPlaceholder: "@yourhandle",
  telegramLabel: "Telegram handle (optional)",
  telegramPlaceholder: "@yourhandle",
  submitLabel: "Join Waitlist",
  submittingLabel: "Submitting…",
  successMessage: "Thanks! You're on the list.",
  overlayTitle: "You're on the waitlist!",
  overlayRedirect: "Redirecting to home…",
  overlayReferral:
    "Your personal link is in the confirmation e-mail we have just sent you. It also waits under this form when you come back to the Testnet Waitlist page in this browser.",
  privacyNote: "We use your details only to contact you about the testnet. You can ask us to delete them at any time.",
};
