/** Site navigation, shared by the header, the mobile menu, the footer and the sitemap. */
export type NavLink = { label: string; to: string; description?: string };

export const NAV_TIMING = {
  /** A dropdown closes this long after the pointer leaves it (ms). */
  dropdownCloseDelay: 100,
  submenuCloseDelay: 50,
  /** The header counts as scrolled past this many pixels. */
  scrolledThreshold: 50,
  /** Anchor scrolling keeps this many pixels clear for the sticky header. */
  anchorOffset: 80,
} as const;

export const ECOSYSTEM_LINKS: NavLink[] = [
  { label: "Token Economy", to: "/token-economy", description: "How value flows through $VSTN" },
  { label: "Zealy Claim", to: "/zealy-claim", description: "Claim your community sprint airdrop" },
  { label: "Presale", to: "/presale", description: "Join the presale whitelist" },
];

export const RESOURCE_LINKS: NavLink[] = [
  { label: "Contact Us", to: "/contact", description: "Talk to the team" },
  { label: "Pitch Deck", to: "/pitch-deck", description: "Our story in slides" },
  { label: "Whitepaper", to: "/whitepaper", description: "The full technical picture" },
  { label: "Partnership Program", to: "/partnership", description: "Build with us" },
  { label: "Roadmap", to: "/roadmap", description: "Where we are heading" },
  { label: "Articles & News", to: "/articles", description: "Guides, analysis and updates" },
  { label: "Media Kit", to: "/media-kit", description: "Logos and brand guidelines" },
];

/** The learn secondary bar. */
export const LEARN_LINKS: NavLink[] = [
  { label: "Learn", to: "/learn" },
  { label: "Tracks", to: "/learn/tracks" },
  { label: "Get Started", to: "/learn/get-started" },
];

export const LEARN_MORE_LINKS: NavLink[] = [
  { label: "How It Works", to: "/learn/how-it-works" },
  { label: "Connect Wallet", to: "/learn/connect-wallet" },
  { label: "About", to: "/learn/about" },
];

export const LEGAL_LINKS: NavLink[] = [
  { label: "Terms & Conditions", to: "/terms" },
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Cookie Policy", to: "/cookies" },
];

export const COMPANY_LINKS: NavLink[] = [
  { label: "Team", to: "/team" },
  { label: "Mission", to: "/mission" },
  { label: "$VSTN Token", to: "/vstn-token" },
  { label: "Testnet Waitlist", to: "/v4" },
];
