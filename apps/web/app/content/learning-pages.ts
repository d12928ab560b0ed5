import { PRODUCT_NAME, TOKEN } from "@vestin/shared/brand";

/* ------------------------------------------------------------------ */
/* Shared types                                                        */
/* ------------------------------------------------------------------ */

export type LearnLink = {
  label: string;
  href: string;
};

export type LearnHero = {
  title: string;
  subtitle: string;
  primaryButton?: LearnLink;
  secondaryButton?: LearnLink;
};

export type LearnCard = {
  id: string;
  title: string;
  /** lucide-react icon component name */
  icon: string;
  description: string;
};

export type LearnStep = {
  step: number;
  title: string;
  icon: string;
  description: string;
  /** Optional list shown under the step (e.g. the paths to choose from). */
  items?: string[];
};

/** A displayed claim; `value` is the exact text shown. */
export type LearnClaim = {
  id: string;
  value: string;
  label: string;
  description?: string;
};

/** An animated statistic: renders value + suffix; `display` is the final text. */
export type LearnStat = {
  id: string;
  label: string;
  value: number;
  suffix: string;
  display: string;
};

/** Stat with a computed value at runtime; `fallback` is shown when analytics are unavailable. */
export type LearnComputedStat = {
  id: "tracks" | "instructors" | "students";
  label: string;
  fallback: number;
  suffix: string;
};

export type Testimonial = {
  id: string;
  initials: string;
  name: string;
  role: string;
  quote: string;
};

export type Person = {
  id: string;
  initials: string;
  name: string;
  role: string;
  bio: string;
};

export type CallToAction = {
  heading: string;
  body: string;
  buttons: LearnLink[];
};

/* ------------------------------------------------------------------ */
/* Learning-area promo claims                                          */
/* ------------------------------------------------------------------ */

export const learningPromoClaims: LearnClaim[] = [
  { id: "courses", value: "12", label: "Courses" },
  { id: "lessons", value: "110+", label: "Lessons" },
  { id: "tracks", value: "5", label: "Tracks" },
  { id: "students", value: "10,000+", label: "Students" },
];

/** The same claims as animated statistics (the connect-wallet page counts them up). */
export const learningPromoStats: LearnStat[] = [
  { id: "courses", label: "Courses", value: 12, suffix: "", display: "12" },
  { id: "lessons", label: "Lessons", value: 110, suffix: "+", display: "110+" },
  { id: "tracks", label: "Tracks", value: 5, suffix: "", display: "5" },
  { id: "students", label: "Students", value: 10000, suffix: "+", display: "10,000+" },
];

export const learningPromoClaimsAlt: LearnClaim[] = [
  { id: "courses", value: "12", label: "Courses" },
  { id: "hours", value: "30+", label: "Hours of content" },
  { id: "instructors", value: "Expert", label: "Instructors" },
  { id: "certificates", value: "Certificates", label: "On completion" },
];

/* ------------------------------------------------------------------ */
/* /learn                                                              */
/* ------------------------------------------------------------------ */

/** Where "Claim Your Free Access" leads: it signs the visitor up or in, enrols them and opens the course. */
export const MASTERCLASS_CLAIM_PATH = "/learn/masterclass/claim";

export type Masterclass = {
  /** The course the claim enrols in (its slug, the folder of its seed files). */
  courseSlug: string;
  badge: string;
  title: string;
  description: string;
  duration: string;
  lessons: string;
  level: string;
  price: string;
  benefitsHeading: string;
  benefits: string[];
  claimButton: LearnLink;
  verifyLink: LearnLink;
  note: string;
};

/** The page "Claim Your Free Access" leads to: what it says while it signs the visitor up or in and enrols them. */
export const masterclassClaim = {
  eyebrow: "Ambassador program",
  title: "Claim your free Ambassador Masterclass",
  intro: "12 lessons, 4 hours, Expert level, free.",
  howItWorks: `Create a free ${PRODUCT_NAME} account, or sign in if you already have one. You are then enrolled in the masterclass and taken straight to it.`,
  signUpLabel: "Create a free account",
  signInLabel: "Sign in",
  outlineLabel: "See the course outline first",
  checking: "Checking your account…",
  toSignUp: "Taking you to sign up…",
  enrolling: "Enrolling you in the Ambassador Masterclass…",
  failed: "We could not enrol you just now.",
  retryLabel: "Try again",
  openCourseLabel: "Open the course page",
} as const;

export type LearnHomeContent = {
  hero: LearnHero;
  stats: LearnComputedStat[];
  whyChooseHeading: string;
  whyChooseIntro: string;
  whyChoose: LearnCard[];
  masterclass: Masterclass;
  tracksHeading: string;
  tracksIntro: string;
  exploreTrackLabel: string;
  journey: {
    heading: string;
    intro: string;
    browseButton: LearnLink;
    assessmentButton: LearnLink;
    claims: LearnClaim[];
  };
  testimonialsHeading: string;
  testimonials: Testimonial[];
  successStory: CallToAction;
};

export const learnHome: LearnHomeContent = {
  hero: {
    title: "The Tokenization Education Hub",
    subtitle:
      "Learn how real-world assets become tokens, how to judge an offering and what the rules say, in short lessons written by people who do this work every day.",
    primaryButton: { label: "Start Learning", href: "/learn/courses" },
    secondaryButton: { label: "Explore Courses", href: "/learn/courses#course-filtering" },
  },
  stats: [
    { id: "tracks", label: "Learning Tracks", fallback: 5, suffix: "" },
    { id: "instructors", label: "Expert Instructors", fallback: 50, suffix: "+" },
    { id: "students", label: "Students", fallback: 1000, suffix: "+" },
  ],
  whyChooseHeading: `Why Choose ${PRODUCT_NAME} Learning`,
  whyChooseIntro: "Courses built for people who want to understand tokenized assets well enough to make their own decisions.",
  whyChoose: [
    {
      id: "practitioners",
      title: "Taught by Practitioners",
      icon: "GraduationCap",
      description: "Instructors have structured funds, financed energy projects and advised on securities law. They teach from deals they have worked on.",
    },
    {
      id: "real-assets",
      title: "Real Assets, Real Numbers",
      icon: "Building2",
      description: "Every course works through examples with actual cash flows, fees and risks, from a rented apartment to a solar farm.",
    },
    {
      id: "own-pace",
      title: "Learn at Your Own Pace",
      icon: "Clock",
      description: "Lessons take 15 to 30 minutes. Pick up where you left off on any device, and track your progress course by course.",
    },
    {
      id: "certificates",
      title: "Certificates That Show Your Work",
      icon: "Award",
      description: "Pass the assessments at the end of a course to earn a certificate you can share with employers, clients or your community.",
    },
  ],
  masterclass: {
    courseSlug: "ambassador-01-masterclass",
    badge: "FREE",
    title: "Ambassador Masterclass",
    description: `An in-depth program for community leaders and ambassadors who want to explain tokenized real-world assets accurately and with confidence, and represent the community without overstepping. Free with a ${PRODUCT_NAME} account.`,
    duration: "4 hours",
    lessons: "12 lessons",
    level: "Expert",
    price: "FREE",
    benefitsHeading: "What you will get",
    benefits: [
      "A clear model of tokenization, from sourcing an asset to paying distributions",
      "Practice explaining custody, legal title and liquidity to new investors",
      "How Regulation D Rule 506(c), Regulation S and MiCAR shape an offering",
      "How to read offering documents, cash flow statements and risk disclosures",
      "Techniques for running community sessions and answering hard questions honestly",
      "A certificate with a public verification code when you complete all 12 lessons and pass the final assessment",
    ],
    claimButton: { label: "Claim Your Free Access", href: MASTERCLASS_CLAIM_PATH },
    verifyLink: { label: "Verify Token Holdings", href: "/learn/connect-wallet" },
    note: `Claiming signs you up or in and enrols you at once; you do not need to hold ${TOKEN}. The masterclass teaches concepts and skills; it is not investment advice.`,
  },
  tracksHeading: "Learning Tracks",
  tracksIntro: "Each track groups courses on one asset type or theme, from beginner to advanced.",
  exploreTrackLabel: "Explore Track",
  journey: {
    heading: "Start Your Tokenization Journey",
    intro: "Begin with the basics or jump to the track that matches what you want to invest in. Not sure where to start? Take the assessment.",
    browseButton: { label: "Browse All Courses", href: "/learn/courses" },
    assessmentButton: { label: "Take Assessment", href: "/learn/track/1" },
    claims: [
      { id: "courses", value: "12", label: "Courses", description: "From first principles to advanced structuring." },
      { id: "lessons", value: "110+", label: "Lessons", description: "Short, focused and built around real examples." },
      { id: "tracks", value: "5", label: "Tracks", description: "Real estate, physical assets, securities, NFTs and advanced topics." },
      { id: "students", value: "10,000+", label: "Students", description: "Learners from around the world already enrolled." },
    ],
  },
  testimonialsHeading: "What Learners Say",
  testimonials: [
    {
      id: "amara-nwosu",
      initials: "AN",
      name: "Amara Nwosu",
      role: "Retail investor",
      quote:
        "I had read about tokenization for a year without really getting it. The real estate track walked me through one property from purchase to payout, and now I know which questions to ask before I invest.",
    },
    {
      id: "lukas-brenner",
      initials: "LB",
      name: "Lukas Brenner",
      role: "Independent financial planner",
      quote:
        "Clients kept asking me about tokenized assets. The securities course gave me a precise, balanced explanation of the regulation and the risks that I can pass on without overselling anything.",
    },
    {
      id: "isabel-cruz",
      initials: "IC",
      name: "Isabel Cruz",
      role: "Community moderator",
      quote:
        "The lessons are short enough to fit around my job, and the assessments made sure I had actually understood. The certificate helped me earn trust when I answer questions in our group.",
    },
  ],
  successStory: {
    heading: "Begin With One Lesson",
    body: "Your first lesson takes about 15 minutes. Start with the foundations and build from there.",
    buttons: [{ label: "Start Your Success Story", href: "/learn/track/1" }],
  },
};

/** The track grid's figures when the analytics call fails (hours are computed: half an hour per lesson). */
export const fallbackTrackAnalytics: Array<{ category: string; courseCount: number; totalLessons: number }> = [
  { category: "Real Estate Tokenization", courseCount: 3, totalLessons: 30 },
  { category: "Physical Assets and Commodities", courseCount: 2, totalLessons: 17 },
  { category: "Securities Tokenization", courseCount: 2, totalLessons: 19 },
  { category: "NFTs and Digital Assets", courseCount: 2, totalLessons: 17 },
  { category: "Advanced Topics", courseCount: 3, totalLessons: 27 },
  { category: "Certified Tokenization Agent", courseCount: 1, totalLessons: 24 },
];

/* ------------------------------------------------------------------ */
/* /learn/get-started                                                  */
/* ------------------------------------------------------------------ */

export type GetStartedContent = {
  hero: LearnHero;
  howItWorksHeading: string;
  steps: LearnStep[];
  benefitsHeading: string;
  benefits: LearnCard[];
  ready: CallToAction;
};

export const getStarted: GetStartedContent = {
  hero: {
    title: "Start Your Tokenization Journey",
    subtitle:
      "Whether you are curious about owning part of a building or want to understand how securities become tokens, there is a path for you. Create a free account, choose a track and begin.",
    primaryButton: { label: "Browse Courses", href: "/learn/courses" },
    secondaryButton: { label: "Connect Wallet", href: "/learn/connect-wallet" },
  },
  howItWorksHeading: "How It Works",
  steps: [
    {
      step: 1,
      title: "Choose Your Path",
      icon: "Compass",
      description: "Pick the track that matches your interest. Each one starts with the essentials and builds up to advanced material.",
      items: ["Real Estate", "Physical Assets", "Securities", "NFTs", "Advanced Topics"],
    },
    {
      step: 2,
      title: "Learn at Your Own Pace",
      icon: "BookOpen",
      description:
        "Work through short lessons with examples, key takeaways and videos. Your progress is saved, so you can stop and resume whenever it suits you.",
    },
    {
      step: 3,
      title: "Earn Certification",
      icon: "Award",
      description: "Complete every lesson and pass the assessments to earn a certificate for the course, and work toward certification for the whole track.",
    },
  ],
  benefitsHeading: "What You Get",
  benefits: [
    {
      id: "structured-tracks",
      title: "Structured Tracks",
      icon: "Layers",
      description: "Courses in a clear order, so each lesson builds on the one before.",
    },
    {
      id: "worked-examples",
      title: "Worked Examples",
      icon: "Calculator",
      description: "Real cash flows, fees and returns, calculated step by step.",
    },
    {
      id: "self-paced",
      title: "Self-Paced Learning",
      icon: "Clock",
      description: "No deadlines. Learn in 15-minute sessions or a whole afternoon.",
    },
    {
      id: "certificates",
      title: "Certificates",
      icon: "Award",
      description: "Proof of completion you can share once you pass a course.",
    },
    {
      id: "progress",
      title: "Progress Tracking",
      icon: "ListChecks",
      description: "See which lessons you have completed and what comes next.",
    },
    {
      id: "community",
      title: "Community Support",
      icon: "Users",
      description: "Discuss lessons with other learners on Discord and Telegram.",
    },
    {
      id: "discounts",
      title: "Payment Discounts",
      icon: "BadgePercent",
      description: `Save 20% when you pay with ${TOKEN}, 10% with crypto and 5% with stablecoins.`,
    },
    {
      id: "current",
      title: "Current Regulation",
      icon: "Scale",
      description: "Lessons cover Regulation D, Regulation S and MiCAR, and are revised when the rules change.",
    },
  ],
  ready: {
    heading: "Ready to Get Started?",
    body: "Browse the catalogue and enroll in your first course, or read more about who we are and how we teach.",
    buttons: [
      { label: "Browse Courses", href: "/learn/courses" },
      { label: "About Us", href: "/learn/about" },
    ],
  },
};

/* ------------------------------------------------------------------ */
/* /learn/how-it-works                                                 */
/* ------------------------------------------------------------------ */

export type HowItWorksContent = {
  hero: LearnHero;
  journeyHeading: string;
  journey: LearnStep[];
  whyChooseHeading: string;
  whyChoose: LearnCard[];
  closing: CallToAction;
};

export const howItWorks: HowItWorksContent = {
  hero: {
    title: "How Learning Works",
    subtitle: "From your first lesson to your certificate in four steps. Everything is online, self-paced and built around real examples.",
    primaryButton: { label: "Start Learning Today", href: "/learn/courses" },
  },
  journeyHeading: "Your Learning Journey",
  journey: [
    {
      step: 1,
      title: "Choose a Track",
      icon: "Compass",
      description:
        "Start with real estate, physical assets, securities, NFTs and digital assets, or advanced topics. Each track lists its courses, lessons and estimated hours.",
    },
    {
      step: 2,
      title: "Interactive Lessons",
      icon: "MonitorPlay",
      description:
        "Each lesson sets out what you will learn, explains it with examples and video, and ends with key takeaways. Mark it complete when you are done.",
    },
    {
      step: 3,
      title: "Assessments",
      icon: "ClipboardCheck",
      description: "Short assessments check your understanding before you move on, so gaps show up early instead of at the end of a course.",
    },
    {
      step: 4,
      title: "Certificate",
      icon: "Award",
      description: "Finish every lesson in a course to earn its certificate. Complete a full track to show broader expertise.",
    },
  ],
  whyChooseHeading: "Why Learners Choose Us",
  whyChoose: [
    {
      id: "practitioners",
      title: "Built by Practitioners",
      icon: "Briefcase",
      description: "Courses are written and reviewed by people who structure, finance and operate real assets.",
    },
    {
      id: "balanced",
      title: "Balanced and Honest",
      icon: "Scale",
      description: "We teach the risks as carefully as the benefits. Nothing in a course is investment advice.",
    },
    {
      id: "flexible",
      title: "Flexible by Design",
      icon: "Clock",
      description: "Learn on any device, in any order within a track, and pick up exactly where you stopped.",
    },
  ],
  closing: {
    heading: "Find Your Track",
    body: `Explore all tracks, or connect your wallet to verify ${TOKEN} holdings and see the payment discounts available to you.`,
    buttons: [
      { label: "Browse All Tracks", href: "/learn/courses" },
      { label: "Connect Wallet", href: "/learn/connect-wallet" },
    ],
  },
};

/* ------------------------------------------------------------------ */
/* /learn/about                                                        */
/* ------------------------------------------------------------------ */

export type AboutContent = {
  hero: LearnHero;
  mission: {
    heading: string;
    paragraphs: string[];
  };
  stats: LearnStat[];
  valuesHeading: string;
  values: LearnCard[];
  achievements: {
    heading: string;
    intro: string;
    items: string[];
    /** The catalogue's learning tracks, where each track's certificate is earned. */
    button: LearnLink;
  };
  leadershipHeading: string;
  leadership: Person[];
  faculty: {
    heading: string;
    paragraphs: string[];
    lookingForHeading: string;
    lookingFor: string[];
    /** The spec shows no action: an e-mail to the faculty team with the subject filled in. */
    button: LearnLink;
  };
  closing: CallToAction;
};

export const aboutLearning: AboutContent = {
  hero: {
    title: "Pioneering Tokenization Education",
    subtitle: `The ${PRODUCT_NAME} learning area teaches how real-world assets are tokenized, regulated and held, so that anyone can understand an offering before deciding whether to invest.`,
  },
  mission: {
    heading: "Our Mission",
    paragraphs: [
      "Tokenization makes it possible to own a share of a building, a solar farm or a carbon project for $100. That only helps people if they understand what they are buying. Our mission is to make that understanding available to everyone, free of jargon and free of hype.",
      "We teach how the asset, the legal structure and the token fit together, what the regulations require, and where the risks are. Then we leave the decision where it belongs: with the learner.",
    ],
  },
  stats: [
    { id: "students", label: "Students", value: 10000, suffix: "+", display: "10,000+" },
    { id: "tracks", label: "Tracks", value: 5, suffix: "", display: "5" },
    { id: "instructors", label: "Instructors", value: 50, suffix: "+", display: "50+" },
    { id: "completion", label: "Completion Rate", value: 95, suffix: "%", display: "95%" },
  ],
  valuesHeading: "Our Values",
  values: [
    {
      id: "excellence",
      title: "Excellence in Education",
      icon: "GraduationCap",
      description: "Every lesson is reviewed for accuracy by a practitioner in the field and revised when markets or rules change.",
    },
    {
      id: "accessibility",
      title: "Global Accessibility",
      icon: "Globe",
      description: "Learners join from around the world. Lessons are written in plain English and work on any device and connection.",
    },
    {
      id: "community",
      title: "Community Driven",
      icon: "Users",
      description: "Learner questions shape new lessons, and graduates help newcomers in our Discord and Telegram groups.",
    },
    {
      id: "innovation",
      title: "Innovation Focus",
      icon: "Lightbulb",
      description:
        "We cover new structures, standards and regulations as they emerge, with a clear line between what is established and what is still developing.",
    },
  ],
  achievements: {
    heading: "Achievements",
    intro: "Where the learning area stands today. Every course ends in a certificate, and every track leads to one.",
    items: [
      "12 courses published across 5 learning tracks",
      "110+ lessons with worked examples",
      "10,000+ students enrolled",
      "95% completion rate",
      "Certified Tokenization Agent program",
      "Free Ambassador Masterclass for community leaders",
    ],
    button: { label: "View Certifications", href: "/learn/courses#learning-tracks" },
  },
  leadershipHeading: "Expert Leadership",
  leadership: [
    {
      id: "elena-vasquez",
      initials: "EV",
      name: "Dr. Elena Vasquez",
      role: "Head of Curriculum",
      bio: "Elena taught corporate finance for twelve years before designing the curriculum, and she reviews every course before it is published.",
    },
    {
      id: "samuel-osei",
      initials: "SO",
      name: "Samuel Osei",
      role: "Lead Instructor, Real Estate Tokenization",
      bio: "Samuel has structured residential and commercial property investments on three continents and leads the real estate track.",
    },
    {
      id: "mei-lin-zhou",
      initials: "MZ",
      name: "Mei Lin Zhou",
      role: "Lead Instructor, Securities & Compliance",
      bio: "Mei Lin is a former compliance officer who teaches how Regulation D, Regulation S and MiCAR apply to tokenized offerings.",
    },
  ],
  faculty: {
    heading: "Join Our Faculty",
    paragraphs: [
      "We are looking for practitioners who can explain what they do clearly: people who have financed, built, operated or regulated real assets, and who enjoy teaching.",
      "Instructors write and record courses with support from our curriculum team, and every course goes through a peer review before it is published.",
    ],
    lookingForHeading: "What we look for",
    lookingFor: [
      "Hands-on experience in real estate, energy, commodities, securities law or digital assets",
      "The ability to turn complex topics into short, accurate lessons",
      "A commitment to presenting risks as clearly as opportunities",
    ],
    button: { label: "Become an Instructor", href: "mailto:faculty@vestin.io?subject=Instructor%20application" },
  },
  closing: {
    heading: "Learn With Us",
    body: "Start with a free account and your first track today.",
    buttons: [
      { label: "Browse Courses", href: "/learn/courses" },
      { label: "Get Started", href: "/learn/get-started" },
    ],
  },
};

/* ------------------------------------------------------------------ */
/* /learn/connect-wallet                                               */
/* ------------------------------------------------------------------ */

export type PaymentOption = {
  id: "vstn" | "crypto" | "stablecoins" | "fiat";
  title: string;
  icon: string;
  /** Discount in percent. */
  discount: number;
  discountLabel: string;
  assets: string[];
  description: string;
};

export type ConnectWalletContent = {
  hero: LearnHero;
  optionsHeading: string;
  options: PaymentOption[];
  cta: {
    heading: string;
    body: string;
    /** Opens the external app in a new tab. */
    button: LearnLink;
    note: string;
  };
  statsHeading: string;
  stats: LearnStat[];
};

export const connectWallet: ConnectWalletContent = {
  hero: {
    title: "Connect Your Wallet",
    subtitle: `Pay for courses the way that suits you. Connecting a wallet lets you verify ${TOKEN} holdings and apply the discount for your payment method.`,
  },
  optionsHeading: "Payment Options",
  options: [
    {
      id: "vstn",
      title: `Pay with ${TOKEN}`,
      icon: "Coins",
      discount: 20,
      discountLabel: "20% off",
      assets: [TOKEN],
      description: `The largest discount, for learners who hold ${TOKEN}.`,
    },
    {
      id: "crypto",
      title: "Pay with Crypto",
      icon: "Bitcoin",
      discount: 10,
      discountLabel: "10% off",
      assets: ["ETH", "BTC", "BNB", "MATIC"],
      description: "Pay with a major cryptocurrency from your own wallet.",
    },
    {
      id: "stablecoins",
      title: "Pay with Stablecoins",
      icon: "CircleDollarSign",
      discount: 5,
      discountLabel: "5% off",
      assets: ["USDC", "USDT", "DAI"],
      description: "Dollar-pegged tokens, so the price you see is the price you pay.",
    },
    {
      id: "fiat",
      title: "Pay with Card or Bank",
      icon: "CreditCard",
      discount: 0,
      discountLabel: "Standard price",
      assets: ["Card", "Bank transfer"],
      description: "Pay in your own currency by card or bank transfer, at the standard price.",
    },
  ],
  cta: {
    heading: "Verify Your Holdings",
    body: `Connect the wallet that holds your ${TOKEN} to unlock the 20% discount. We only read your balance; we never ask for your private key or seed phrase. The Ambassador Masterclass is free with any account, with or without tokens.`,
    button: { label: "Open Wallet App", href: "https://app.vestin.io" },
    note: "Crypto prices move. The discount applies to the course price at the moment you pay.",
  },
  statsHeading: "The Learning Area in Numbers",
  stats: learningPromoStats,
};
