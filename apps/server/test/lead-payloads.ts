/**
 * Valid bodies for the five lead forms, for the API tests: each call has its own e-mail address
 * and wallet, so tests do not trip the duplicate checks of one another. `overrides` replace or
 * add fields.
 */
type Overrides = Record<string, unknown>;

let serial = 0;
export const uniqueEmail = (prefix: string, domain = "example.com") => `${prefix}.${Date.now()}.${++serial}@${domain}`;
/** A fresh, valid all-lower-case address (no checksum needed). */
export const freshWallet = () => `0x${(Date.now().toString(16) + (++serial).toString(16).padStart(8, "0")).padStart(40, "a").slice(-40)}`;
/** A demo-sprint pioneer (see leads/seed.ts) that the previous calls did not return: pioneer-1000 … pioneer-3999. */
export const freshClaimUsername = () => `pioneer-${String(1000 + (++serial % 3000)).padStart(4, "0")}`;

export const contactBody = (overrides: Overrides = {}) => {
  const email = uniqueEmail("contact");
  return { firstName: "Ada", lastName: "Lovelace", email, confirmEmail: email, ...overrides };
};

export const partnerBody = (overrides: Overrides = {}) => ({
  organizationName: "Solaris Energy",
  primaryContactName: "Ana Maria Silva",
  firstName: "Ana",
  lastName: "Maria Silva",
  websiteUrl: "https://solaris.example",
  emailOrTelegram: uniqueEmail("partner"),
  country: "PT",
  partnershipTypes: ["Strategic Partner", "Marketing Partner"],
  ...overrides,
});

export const presaleBody = (overrides: Overrides = {}) => ({
  fullName: "Kwame Mensah",
  email: uniqueEmail("presale"),
  walletAddress: freshWallet(),
  investmentRange: "$1,000 - $5,000",
  cryptoExperience: "Intermediate",
  reference: "Discord",
  additionalInfo: "long-term",
  ...overrides,
});

export const waitlistBody = (overrides: Overrides = {}) => ({
  username: "Lena Fischer",
  email: uniqueEmail("waitlist"),
  twitterHandle: "@lena_f",
  telegramHandle: "",
  ...overrides,
});

/** pioneer-0047 by default (8,247 XP in the demo sprint); pass `zealyUsername: freshClaimUsername()` to claim more than once. */
export const claimBody = (overrides: Overrides = {}) => ({
  zealyUsername: "pioneer-0047",
  walletAddress: freshWallet(),
  email: uniqueEmail("pioneer"),
  tgAccount: "@pioneer47",
  ...overrides,
});
