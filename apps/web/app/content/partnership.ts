import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

export type PartnershipTypeValue = "strategic" | "technology" | "marketing" | "other";

export type PartnershipTypeOption = {
  value: PartnershipTypeValue;
  /** Display label; also the value sent in the payload's partnershipTypes list. */
  label: string;
};

export type PartnerTypeCard = {
  id: Exclude<PartnershipTypeValue, "other">;
  title: string;
  /** lucide-react icon component name */
  icon: string;
  description: string;
  /** Exactly four bullets. */
  bullets: string[];
};

export type PartnershipFaqItem = {
  id: string;
  question: string;
  answer: string;
};

export type PartnershipPageCopy = {
  title: string;
  subtitle: string;
  cardsHeading: string;
  formHeading: string;
  formIntro: string;
  faqHeading: string;
};

export const partnershipPage: PartnershipPageCopy = {
  title: `${PRODUCT_NAME} Partnership Program`,
  subtitle: `We work with organizations that help bring real-world assets to more investors: asset owners, technology providers, media and community builders. Tell us what you do and how you would like to work with ${PRODUCT_NAME}.`,
  cardsHeading: "Choose How You Partner",
  formHeading: "Apply to Become a Partner",
  formIntro: "It takes about five minutes. We read every application and reply to the email address or Telegram handle you give us.",
  faqHeading: "Frequently Asked Questions",
};

export const partnerTypeCards: PartnerTypeCard[] = [
  {
    id: "strategic",
    title: "Strategic Partner",
    icon: "Handshake",
    description: "For asset owners, funds and investors who want a long-term role in the ventures we bring to market.",
    bullets: [
      "Opportunity to the ventures we tokenize, before they open to the public",
      "Token allocation and NFTs tied to your partnership",
      "First-look rights on new offerings in your sector",
      "Learn access to every course for your team",
    ],
  },
  {
    id: "technology",
    title: "Technology Partner",
    icon: "Code",
    description: "For wallets, custodians, data providers and developers who build with or alongside the platform.",
    bullets: [
      "API access and support from our engineering team",
      "Co-development of features that serve both platforms",
      "Integration certifications once your integration passes review",
      "Developer sandbox with test assets and test funds",
    ],
  },
  {
    id: "marketing",
    title: "Marketing Partner",
    icon: "Megaphone",
    description: "For media, educators, ambassadors and community leaders who introduce new investors to the platform.",
    bullets: [
      "Revenue share on referrals that complete onboarding",
      "Co-marketing campaigns, events and content",
      "Early feature access so you can cover releases first",
      "Promo material, brand assets and approved messaging",
    ],
  },
];

export const partnershipTypeOptions: PartnershipTypeOption[] = [
  { value: "strategic", label: "Strategic Partner" },
  { value: "technology", label: "Technology Partner" },
  { value: "marketing", label: "Marketing Partner" },
  { value: "other", label: "Other" },
];

export const partnershipFaq: PartnershipFaqItem[] = [
  {
    id: "who-can-apply",
    question: "Who can apply to the partnership program?",
    answer: `Any organization whose work connects with tokenized real-world assets can apply: asset owners and operators, funds, custodians, wallet and infrastructure providers, media outlets, educators and community groups. Individuals who run established communities are welcome too. Partners must be able to pass our standard identity and anti-money-laundering checks.`,
  },
  {
    id: "partnership-types",
    question: "What is the difference between the partnership types?",
    answer:
      "Strategic partners take a long-term role in the ventures on the platform. Technology partners integrate with the platform or build tools around it. Marketing partners introduce new investors and learners and share in referral revenue. If none of these fits, choose Other and describe what you have in mind.",
  },
  {
    id: "multiple-types",
    question: "Can I apply for more than one partnership type?",
    answer:
      "Yes. Select every type that applies in the application form. We will review your application once and discuss the combination that suits your organization best.",
  },
  {
    id: "application-contents",
    question: "What should I include in my application?",
    answer:
      "Your organization's name and website, a primary contact with first and last name, your country and an email address or Telegram handle. A social profile and comments are optional, but a few sentences about your audience, your product or the assets you manage help us respond faster.",
  },
  {
    id: "process",
    question: "What does the partnership process look like?",
    answer:
      "There are 5 steps: (1) you submit the application; (2) we review it and run basic checks; (3) we hold a discovery call to agree goals; (4) we sign a partnership agreement setting out terms and responsibilities; (5) we onboard your team and launch together.",
  },
  {
    id: "processing-time",
    question: "How long does processing take?",
    answer:
      "Most applications are processed in 2-4 weeks from submission to onboarding. Technology integrations that need testing in the developer sandbox can sit at the longer end of that range.",
  },
  {
    id: "approval-time",
    question: "When will I know if my application is approved?",
    answer:
      "Approval decisions usually take 2-3 weeks. If we need more information during review, we will contact you through the email address or Telegram handle you provided.",
  },
  {
    id: "commitment",
    question: "How long is the partnership commitment?",
    answer:
      "Strategic partners typically commit 12 months, which gives both sides time to see results from joint ventures. Technology and marketing partnerships are more flexible and are agreed case by case in the partnership agreement.",
  },
  {
    id: "token-allocation",
    question: `Do partners receive ${TOKEN}?`,
    answer: `Strategic partners may receive a token allocation from the Partners pool, which makes up 5% of the ${TOKEN} supply and vests after a 6-month cliff over 30 months. The size of any allocation is set in the partnership agreement. ${TOKEN} is a utility token and its value can go down as well as up.`,
  },
];
