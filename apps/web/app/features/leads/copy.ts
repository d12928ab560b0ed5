import { PRODUCT_NAME } from "@vestin/shared/brand";
import { CONSENT_WORDINGS } from "@vestin/shared/consents-core";

/**
 * Labels and short texts of the lead forms that the content modules do not already hold
 * (content/presale.ts, testnet.ts, airdrop.ts and partnership.ts carry the page copy).
 */
export const contactFormCopy = {
  heading: "Send us a message",
  intro: "Tell us who you are and what you have in mind. A member of the team replies within two working days.",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  confirmEmail: "Confirm email",
  country: "Country",
  countryPlaceholder: "Search for your country",
  businessType: "Business type",
  businessTypePlaceholder: "Select your business type",
  businessTypeOther: "Please describe your business type",
  interestedIn: "I am interested in",
  interestedInPlaceholder: "Select what interests you",
  plannedAssets: "Which assets are you planning to tokenize?",
  comments: "Comments",
  commentsPlaceholder: "Tell us about your assets, your timeline or your question.",
  /** Recorded word for word with a consent given. */
  consent: CONSENT_WORDINGS.contactCommunications.text,
  consentHint: `Occasional news about ${PRODUCT_NAME}. You can unsubscribe at any time.`,
  submit: "Send Message",
  submitting: "Sending...",
  privacy: `We use these details only to answer you. ${PRODUCT_NAME} is not a broker-dealer, placement agent or financial adviser, and nothing we send is investment advice.`,
  pitchDeck: {
    title: "Pitch Deck",
    description: `Our story, the assets we tokenize and how ${PRODUCT_NAME} works, in a few slides.`,
    link: "View the pitch deck",
    href: "/pitch-deck",
  },
  inspired: {
    title: "Get Inspired",
    description: "Meet the founders, the team and the advisors behind the platform.",
    link: "Meet the team",
    href: "/team",
  },
} as const;

export const partnershipFormCopy = {
  organizationName: "Organization name",
  websiteUrl: "Website URL",
  websitePlaceholder: "https://example.com",
  contactName: "Primary contact name",
  contactNameHint: "First and last name",
  country: "Country",
  countryPlaceholder: "Search for your country",
  socialProfile: "Social profile (optional)",
  socialPlaceholder: "https://www.linkedin.com/company/…",
  email: "Email or Telegram handle",
  emailPlaceholder: "you@example.com or @yourhandle",
  partnershipType: "Partnership type",
  otherPartnershipType: "Describe the partnership you have in mind",
  comments: "Comments (optional)",
  submit: "Submit Application",
  submitting: "Submitting...",
} as const;

export const presaleWizardCopy = {
  stepLabel: (step: number, total: number) => `Step ${step} of ${total}`,
  progressLabel: "Presale questionnaire progress",
  spotsLabel: "spots remaining",
} as const;

export const presaleQueueCopy = {
  positionLabel: "Your queue position",
  totalLabel: (total: string) => `of ${total} on the whitelist`,
  loading: "Loading your queue position…",
} as const;

export const claimResultCopy = {
  loading: "Loading your claim…",
  retry: "Retry",
  fields: {
    zealyUsername: "Zealy username",
    walletAddress: "Wallet address",
    tgAccount: "Telegram account",
    xpEarned: "XP earned",
    poolShare: "Pool share",
    vstnRewards: "$VSTN reward",
    verificationDate: "Verified on",
    distributionDate: "Distribution date",
  },
  supportTitle: "Support",
  /** The headline while the team reviews a claim whose username the leaderboard links to no wallet. */
  pendingHeadline: (tokens: string) => `${tokens} waiting for the team's review`,
  walletVerified: "Wallet verified by signature",
} as const;

export const zealyPageCopy = {
  sprintNote: "Every claim is checked against the sprint leaderboard. Rewards are scheduled for distribution 30 days (720 hours) after verification.",
} as const;

export const testnetCopy = {
  featuresHeading: "What you can do on the testnet",
} as const;

/** /confirm: the page a confirmation e-mail's link opens. */
export const confirmPageCopy = {
  eyebrow: "E-mail confirmation",
  title: "Confirm your e-mail address",
  intro: `One click tells us this address is really yours, so ${PRODUCT_NAME} can keep you up to date about the places you signed up for.`,
  checking: "Confirming your e-mail address…",
  confirmedHeading: "Thank you! Your e-mail address is confirmed.",
  confirmedList: "Confirmed sign-ups",
  confirmedNothingLeft: "Everything signed up with this address was already confirmed.",
  nextSteps: "We will write to this address when there is news about your places: launch dates, your queue and your rewards.",
  usedHeading: "This link has already been used",
  usedText: "Your e-mail address was confirmed the first time this link was opened, so there is nothing more to do.",
  expiredHeading: "This link has expired",
  invalidHeading: "This link is not valid",
  failedHeading: "We could not confirm your address just now",
  missingToken: "This page needs the link from your confirmation e-mail. Please open the link in the e-mail again.",
  retry: "Try again",
  queueLink: "See your presale queue position",
  homeLink: "Back to Home",
  contactLink: "Contact us",
  resend: "Send me a new link",
  resending: "Sending…",
  resentHeading: "Check your inbox",
} as const;
