import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import countries from "i18n-iso-countries";
import englishCountryNames from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { z } from "./zod.ts";
import { PRODUCT_NAME, TOKEN } from "./brand.ts";
import { formGuardFields } from "./form-guard.ts";
import { CLAIM_STATUSES } from "./wallet-core.ts";
import { walletProofSchema } from "./wallet-proof.ts";
import { attributionSchema } from "./attribution.ts";
import { referralLinkSchema } from "./referrals.ts";

/*
 * Lead capture (marketing spec sections 3, 5 and 8; contract "Lead capture"): the schemas the
 * forms validate with and the server validates with, their enums, and every text the spec gives,
 * word for word.
 */

export const COMMENTS_MAX = 500;
export const NAME_MAX = 100;
export const TEXT_MAX = 200;
export const EMAIL_MAX = 254;
export const URL_MAX = 2048;
export const HANDLE_MAX = 50;
export const WALLET_LENGTH = 42;

export const LEAD_MESSAGES = {
  // Shared by every form
  fieldRequired: "This field is required",
  tooLong: (max: number) => `Please use ${max} characters or fewer`,
  commentsTooLong: "Comments must be 500 characters or fewer",
  countryInvalid: "Please choose a country from the list",
  noCountries: "No countries found",
  errorWithMessage: (message: string) => `Sorry, there was an error: ${message}`,

  // Contact enquiry
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  confirmEmailRequired: "Please confirm your email address",
  emailMismatch: "Email addresses do not match",
  businessTypeOtherRequired: "Please describe your business type",
  businessTypeInvalid: "Please choose one of the listed business types",
  interestedInInvalid: "Please choose one of the listed interests",
  plannedAssetsInvalid: "Please choose from the listed asset types",
  contactSubmitting: "Submitting your message...",
  contactSuccess: "Thank you for your message! We will get back to you shortly.",
  contactFailure: "Sorry, there was an error sending your message. Please try again.",
  commentsCounter: (count: number) => `${count} of ${COMMENTS_MAX} max characters`,

  // Partnership application
  organizationRequired: "Please enter your organization name",
  websiteRequired: "Please enter your website URL",
  urlInvalid: "Please enter a full web address starting with http:// or https://",
  contactNameRequired: "Please enter your full name",
  contactNameTwoWords: "Please enter both first and last name",
  countryRequired: "Please select your country",
  emailOrTelegramRequired: "Please enter an email address or a Telegram handle",
  emailOrTelegramInvalid: "Enter a valid email address or a Telegram handle such as @yourname (5-32 letters, digits or underscores)",
  partnershipTypeRequired: "Please select at least one partnership type",
  partnershipTypeInvalid: "Please choose from the listed partnership types",
  otherPartnershipTypeRequired: 'Please specify the partnership type when selecting "Other"',
  partnershipSubmitting: "Submitting your partnership application...",
  partnershipSuccess: "Thank you for your partnership application! We will review your submission and get back to you shortly.",
  partnershipFailure: "Sorry, there was an error submitting your application. Please try again.",

  // Presale whitelist (wizard steps 1 to 7)
  presaleEmailRequired: "Please enter your email address",
  presaleEmailInvalid: "Please enter a valid email address",
  presaleNameRequired: "Please enter your full name",
  walletRequired: "Please enter your wallet address",
  walletPrefix: "Wallet address must start with 0x",
  walletLength: "Wallet address must be 42 characters long (including 0x)",
  walletInvalid: "Please enter a valid Ethereum wallet address",
  experienceRequired: "Please select your crypto experience level",
  rangeRequired: "Please select your investment range",
  referenceRequired: "Please select how you heard about us",
  goalRequired: "Please select your investment goals",
  presaleEmailTaken: "This email is already on the presale whitelist",
  presaleWalletTaken: "This wallet address is already registered",
  presaleNotFound: "This email is not on the presale whitelist",
  presaleSuccessToast: `Presale registration successful! Welcome to ${PRODUCT_NAME} presale.`,
  presaleFailureToast: "Failed to submit presale registration. Please try again.",
  presaleSuccessBanner: "Thank you! Your presale application has been submitted successfully.",
  presaleApiDefault: "Failed to submit presale form",
  presaleNetworkError: "Network error occurred. Please check your connection and try again.",
  queueLoaded: "Queue position loaded successfully!",
  queueNoPosition: "Unable to load queue position. Using default values.",
  queueFailed: "Failed to load queue position. Using default values.",

  // Testnet waitlist
  fullNameRequired: "Full name is required",
  waitlistEmailRequired: "Email is required",
  waitlistEmailInvalid: "Enter a valid email address",
  handleInvalid: "Invalid handle",
  waitlistEmailTaken: "This email is already on the waitlist",
  waitlistSuccess: "Thanks! You're on the list.",
  waitlistRequestFailed: (status: number) => `Request failed (${status})`,
  waitlistGenericError: "Something went wrong. Please try again.",

  // Airdrop claim
  zealyUnknown: "This Zealy username is not among the sprint participants",
  airdropClaimed: "This airdrop has already been claimed",
  searchEmailInvalid: "A valid email address is required",
  claimApiFailed: (status: number, statusText: string) => `API request failed: ${status} ${statusText}`,
  claimGenericError: "An error occurred while submitting the form",
  resultErrorHeading: "Error Loading Data",
  resultNoEmail: "User email not found in localStorage. Please complete verification first.",
  resultFetchFailed: (status: number, statusText: string, body: string) => `Failed to fetch user data: ${status} ${statusText} - ${body}`,
  resultNoUser: "No user data found for the provided email.",
  resultLoadFailed: "Failed to load user data",
} as const;

// ---------------------------------------------------------------------------------------------
// Countries: every ISO 3166-1 alpha-2 code with its English name, sorted by name.

countries.registerLocale(englishCountryNames);

export type Country = { code: string; name: string };

export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames("en", { select: "official" }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

export function isCountryCode(code: string): boolean {
  return COUNTRY_NAMES.has(code.toUpperCase());
}

export function countryName(code: string | null | undefined): string | undefined {
  return code ? COUNTRY_NAMES.get(code.toUpperCase()) : undefined;
}

/** Lower-cases and strips accents, so "aland" finds "Åland Islands". */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The country search of the forms: by name, case- and accent-insensitive. */
export function filterCountries(query: string, list: readonly Country[] = COUNTRIES): readonly Country[] {
  const q = searchKey(query.trim());
  return q ? list.filter((c) => searchKey(c.name).includes(q)) : list;
}

// ---------------------------------------------------------------------------------------------
// Enums (stored values) with their display labels.

export const BUSINESS_TYPES = ["asset-manager", "fund-service", "distributors", "financial-institution", "marketplace", "other"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  "asset-manager": "Asset Manager or Owner",
  "fund-service": "Fund Service Provider",
  distributors: "Distributors",
  "financial-institution": "Other Financial Institution",
  marketplace: "Marketplace",
  other: "Other",
};

export const INTERESTS = ["tokenization", "partnering", "other"] as const;
export type Interest = (typeof INTERESTS)[number];
export const INTEREST_LABELS: Record<Interest, string> = {
  tokenization: "Tokenization or Fractionalization of Assets",
  partnering: `Partnering with ${PRODUCT_NAME}`,
  other: "Other",
};

export const PLANNED_ASSETS = ["real-estate", "energy", "carbon-credits", "other"] as const;
export type PlannedAsset = (typeof PLANNED_ASSETS)[number];
export const PLANNED_ASSET_LABELS: Record<PlannedAsset, string> = {
  "real-estate": "Real Estate",
  energy: "Energy",
  "carbon-credits": "Carbon Credits",
  other: "Other",
};

/** The form's partnership types and the display labels the payload carries. */
export const PARTNERSHIP_TYPES = ["strategic", "technology", "marketing", "other"] as const;
export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];
export const PARTNERSHIP_TYPE_LABELS = {
  strategic: "Strategic Partner",
  technology: "Technology Partner",
  marketing: "Marketing Partner",
  other: "Other",
} as const satisfies Record<PartnershipType, string>;
export const PARTNERSHIP_LABELS = ["Strategic Partner", "Technology Partner", "Marketing Partner", "Other"] as const;
export type PartnershipLabel = (typeof PARTNERSHIP_LABELS)[number];

export const INVESTMENT_RANGES = ["$100 - $500", "$500 - $1,000", "$1,000 - $5,000", "$5,000 - $10,000", "$10,000+"] as const;
export const CRYPTO_EXPERIENCE = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;
export const REFERENCES = ["Twitter/X", "Discord", "Telegram", "Friend referral", "YouTube", "Other"] as const;
export const INVESTMENT_GOALS = ["long-term", "short-term", "diversification", "learning", "support"] as const;

// ---------------------------------------------------------------------------------------------
// Field rules.

/** The spec's simple address pattern, with a top-level part of at least two characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** A Telegram handle as the partnership form accepts it: @ and 5-32 letters, digits or underscores. */
export const TELEGRAM_HANDLE_PATTERN = /^@[A-Za-z0-9_]{5,32}$/;
/** A waitlist handle: its whole text, @ included, is 1-50 letters, digits, _, @, . or -. */
export const WAITLIST_HANDLE_PATTERN = /^[A-Za-z0-9_@.-]{1,50}$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** An absolute http(s) address with a dotted host name (or localhost). */
export function isHttpUrl(value: string): boolean {
  if (value.length > URL_MAX || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && (url.hostname.includes(".") || url.hostname === "localhost");
  } catch {
    return false;
  }
}

/** EIP-55: a mixed-case address must carry its keccak-256 checksum in the case of its letters. */
export function hasValidChecksum(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** The EIP-55 spelling of an address (0x + 40 hex digits, any case). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = "0x";
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charAt(i);
    out += parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The wizard's wallet messages, in the spec's order; undefined when the address is acceptable. */
export function walletAddressError(raw: string): string | undefined {
  const value = raw.trim();
  if (!value) return LEAD_MESSAGES.walletRequired;
  if (!value.startsWith("0x")) return LEAD_MESSAGES.walletPrefix;
  if (value.length !== WALLET_LENGTH) return LEAD_MESSAGES.walletLength;
  if (!hasValidChecksum(value)) return LEAD_MESSAGES.walletInvalid;
  return undefined;
}

/** `0x1234…abcd` */
export function maskWallet(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** `@ab…` */
export function maskTelegram(account: string): string {
  const handle = account.trim().replace(/^@+/, "");
  return `@${handle.slice(0, 2)}…`;
}

// ---------------------------------------------------------------------------------------------
// Schema building blocks. Strings are trimmed; emails are lower-cased (compared case-insensitively).

const requiredText = (required: string, max = NAME_MAX) => z.string({ error: required }).trim().min(1, required).max(max, LEAD_MESSAGES.tooLong(max));

const optionalText = (max = TEXT_MAX) =>
  z
    .string({ error: "Please enter text" })
    .trim()
    .max(max, LEAD_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => v || undefined);

const comments = z
  .string({ error: "Comments must be text" })
  .trim()
  .max(COMMENTS_MAX, LEAD_MESSAGES.commentsTooLong)
  .nullish()
  .transform((v) => v || undefined);

const emailField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isEmail, invalid)
    .transform((v) => v.toLowerCase());

/** An optional choice: "" and null count as not chosen. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string({ error: message })
    .nullish()
    .refine((v) => !v || (values as readonly string[]).includes(v), message)
    .transform((v) => (v ? (v as T[number]) : undefined));
}

/** A list of choices; any unknown entry is reported on the list itself (the form shows one message for the group). */
function choiceList<const T extends readonly [string, ...string[]]>(values: T, invalid: string, required?: string) {
  const list = z
    .array(z.unknown(), { error: required ?? invalid })
    .max(values.length * 2, invalid)
    .superRefine((items, ctx) => {
      if (items.some((item) => typeof item !== "string" || !(values as readonly string[]).includes(item))) ctx.addIssue({ code: "custom", message: invalid });
      else if (required && items.length === 0) ctx.addIssue({ code: "custom", message: required });
    })
    .transform((items) => [...new Set(items as Array<T[number]>)]);
  return list;
}

function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

const countryField = (required: string | undefined) =>
  z
    .string({ error: required ?? LEAD_MESSAGES.countryInvalid })
    .trim()
    .nullish()
    .superRefine((v, ctx) => {
      if (!v) {
        if (required) ctx.addIssue({ code: "custom", message: required });
        return;
      }
      if (!isCountryCode(v)) ctx.addIssue({ code: "custom", message: LEAD_MESSAGES.countryInvalid });
    })
    .transform((v) => (v ? v.toUpperCase() : undefined));

/** A wallet address: the wizard's messages, EIP-55 for mixed case, stored lower-cased. */
export const walletAddressSchema = (required: string = LEAD_MESSAGES.walletRequired) =>
  z
    .string({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      const message = v ? walletAddressError(v) : required;
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .transform((v) => v.toLowerCase());

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

// ---------------------------------------------------------------------------------------------
// Contact enquiry (POST /contacts).

export const contactSchema = z
  .object({
    firstName: requiredText(LEAD_MESSAGES.firstNameRequired),
    lastName: requiredText(LEAD_MESSAGES.lastNameRequired),
    email: emailField(LEAD_MESSAGES.emailRequired, LEAD_MESSAGES.emailInvalid),
    confirmEmail: z.string({ error: LEAD_MESSAGES.confirmEmailRequired }).trim().min(1, LEAD_MESSAGES.confirmEmailRequired),
    country: countryField(undefined),
    businessType: optionalChoice(BUSINESS_TYPES, LEAD_MESSAGES.businessTypeInvalid),
    businessTypeOther: optionalText(),
    interestedIn: optionalChoice(INTERESTS, LEAD_MESSAGES.interestedInInvalid),
    plannedAssets: choiceList(PLANNED_ASSETS, LEAD_MESSAGES.plannedAssetsInvalid)
      .nullish()
      .transform((v) => v ?? []),
    comments,
    consent: z
      .boolean({ error: "consent must be true or false" })
      .nullish()
      .transform((v) => v ?? false),
    attribution: attributionSchema.optional(),
    ...formGuardFields,
  })
  .superRefine((v, ctx) => {
    const email = str(v.email).toLowerCase();
    const confirm = str(v.confirmEmail).toLowerCase();
    if (email && confirm && email !== confirm) ctx.addIssue({ code: "custom", path: ["confirmEmail"], message: LEAD_MESSAGES.emailMismatch });
    if (v.businessType === "other" && !str(v.businessTypeOther)) {
      ctx.addIssue({ code: "custom", path: ["businessTypeOther"], message: LEAD_MESSAGES.businessTypeOtherRequired });
    }
  })
  // Keeps only the fields the form shows for the chosen answers (spec section 4, progressive fields).
  .transform(({ confirmEmail: _confirm, ...v }) => {
    const other = v.businessType === "other";
    const interested = Boolean(v.businessType) && !other ? v.interestedIn : undefined;
    return {
      ...v,
      businessTypeOther: other ? v.businessTypeOther : undefined,
      interestedIn: interested,
      plannedAssets: interested && interested !== "other" ? v.plannedAssets : [],
    };
  });
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** When the planned-assets checkboxes show (spec section 4). */
export function showsPlannedAssets(businessType: string | undefined, interestedIn: string | undefined): boolean {
  return Boolean(interestedIn) && businessType !== "other" && interestedIn !== "other" && Boolean(businessType);
}

// ---------------------------------------------------------------------------------------------
// Partnership application (POST /partners).

/** "Ada King Lovelace" → first "Ada", last "King Lovelace" (spec section 3). */
export function splitContactName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

export const contactNameSchema = z
  .string({ error: LEAD_MESSAGES.contactNameRequired })
  .trim()
  .min(1, LEAD_MESSAGES.contactNameRequired)
  .max(TEXT_MAX, LEAD_MESSAGES.tooLong(TEXT_MAX))
  .refine((v) => splitContactName(v).lastName.length > 0, LEAD_MESSAGES.contactNameTwoWords);

const httpUrl = (required: string | undefined) =>
  z
    .string({ error: required ?? LEAD_MESSAGES.urlInvalid })
    .trim()
    .nullish()
    .superRefine((v, ctx) => {
      if (!v) {
        if (required) ctx.addIssue({ code: "custom", message: required });
        return;
      }
      if (!isHttpUrl(v)) ctx.addIssue({ code: "custom", message: LEAD_MESSAGES.urlInvalid });
    })
    .transform((v) => v || undefined);

export function isEmailOrTelegram(value: string): boolean {
  return isEmail(value) || TELEGRAM_HANDLE_PATTERN.test(value);
}

export const partnerSchema = z
  .object({
    organizationName: requiredText(LEAD_MESSAGES.organizationRequired, TEXT_MAX),
    primaryContactName: contactNameSchema,
    /** Sent by the form; the server derives both from primaryContactName. */
    firstName: z.unknown().optional(),
    lastName: z.unknown().optional(),
    socialProfile: httpUrl(undefined),
    websiteUrl: httpUrl(LEAD_MESSAGES.websiteRequired),
    emailOrTelegram: z
      .string({ error: LEAD_MESSAGES.emailOrTelegramRequired })
      .trim()
      .min(1, LEAD_MESSAGES.emailOrTelegramRequired)
      .refine(isEmailOrTelegram, LEAD_MESSAGES.emailOrTelegramInvalid)
      .transform((v) => (v.startsWith("@") ? v : v.toLowerCase())),
    country: countryField(LEAD_MESSAGES.countryRequired),
    partnershipTypes: choiceList(PARTNERSHIP_LABELS, LEAD_MESSAGES.partnershipTypeInvalid, LEAD_MESSAGES.partnershipTypeRequired),
    otherPartnershipType: optionalText(),
    comments,
    attribution: attributionSchema.optional(),
    ...formGuardFields,
  })
  .superRefine((v, ctx) => {
    if (Array.isArray(v.partnershipTypes) && v.partnershipTypes.includes("Other") && !str(v.otherPartnershipType)) {
      ctx.addIssue({
        code: "custom",
        path: ["otherPartnershipType"],
        message: LEAD_MESSAGES.otherPartnershipTypeRequired,
      });
    }
  })
  .transform(({ firstName: _f, lastName: _l, ...v }) => ({
    ...v,
    ...splitContactName(v.primaryContactName),
    otherPartnershipType: v.partnershipTypes.includes("Other") ? v.otherPartnershipType : undefined,
  }));
export type PartnerInput = z.input<typeof partnerSchema>;
export type Partner = z.output<typeof partnerSchema>;

// ---------------------------------------------------------------------------------------------
// Presale whitelist (POST /presale), one field per wizard step.

export const presaleFieldSchemas = {
  email: emailField(LEAD_MESSAGES.presaleEmailRequired, LEAD_MESSAGES.presaleEmailInvalid),
  fullName: requiredText(LEAD_MESSAGES.presaleNameRequired, TEXT_MAX),
  walletAddress: walletAddressSchema(LEAD_MESSAGES.walletRequired),
  cryptoExperience: requiredChoice(CRYPTO_EXPERIENCE, LEAD_MESSAGES.experienceRequired),
  investmentRange: requiredChoice(INVESTMENT_RANGES, LEAD_MESSAGES.rangeRequired),
  reference: requiredChoice(REFERENCES, LEAD_MESSAGES.referenceRequired),
  additionalInfo: requiredChoice(INVESTMENT_GOALS, LEAD_MESSAGES.goalRequired),
};
export type PresaleField = keyof typeof presaleFieldSchemas;
/** The wizard's order: 1 email, 2 full name, 3 wallet, 4 experience, 5 range, 6 reference, 7 goal. */
export const PRESALE_STEP_FIELDS: readonly PresaleField[] = [
  "email",
  "fullName",
  "walletAddress",
  "cryptoExperience",
  "investmentRange",
  "reference",
  "additionalInfo",
];

export const presaleSchema = z.object({
  ...presaleFieldSchemas,
  /** Optional: the address proven by a signature (POST /wallet/challenge); without it the address is stored as unverified. */
  walletProof: walletProofSchema.optional(),
  attribution: attributionSchema.optional(),
  ...formGuardFields,
});
export type PresaleInput = z.input<typeof presaleSchema>;
export type PresaleRegistration = z.output<typeof presaleSchema>;

/** The first message for one wizard field, or undefined when it is valid. */
export function presaleFieldError(field: PresaleField, value: unknown): string | undefined {
  const result = presaleFieldSchemas[field].safeParse(value ?? "");
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const queueSchema = z.object({ queuePosition: z.number().int(), totalAhead: z.number().int() });
export type PresaleQueue = z.infer<typeof queueSchema>;

export const PRESALE_DEFAULTS = {
  queuePosition: 1056,
  totalAhead: 5296,
  spotsRemaining: "2,847",
  steps: 7,
} as const;

/** When only the position is known, the total is the larger of 1000 and five times the position. */
export function fallbackTotalAhead(position: number): number {
  return Math.max(1000, 5 * position);
}

// ---------------------------------------------------------------------------------------------
// Testnet waitlist (POST /testnet-signup).

const handle = z
  .string({ error: LEAD_MESSAGES.handleInvalid })
  .trim()
  .nullish()
  .refine((v) => !v || WAITLIST_HANDLE_PATTERN.test(v), LEAD_MESSAGES.handleInvalid)
  .transform((v) => v || undefined);

export const waitlistSchema = z.object({
  username: requiredText(LEAD_MESSAGES.fullNameRequired),
  email: emailField(LEAD_MESSAGES.waitlistEmailRequired, LEAD_MESSAGES.waitlistEmailInvalid),
  twitterHandle: handle,
  telegramHandle: handle,
  attribution: attributionSchema.optional(),
  ...formGuardFields,
});
export type WaitlistInput = z.input<typeof waitlistSchema>;
export type WaitlistSignup = z.output<typeof waitlistSchema>;

// ---------------------------------------------------------------------------------------------
// Airdrop claim (POST /pioneer-users, GET /pioneer-users?search=).

const requiredField = (max: number) => requiredText(LEAD_MESSAGES.fieldRequired, max);

/** Reward fields a client sends (xpEarned, vstnRewards, poolShare, dates) are not part of the schema: they are dropped. */
export const pioneerClaimSchema = z.object({
  zealyUsername: requiredField(NAME_MAX),
  walletAddress: walletAddressSchema(LEAD_MESSAGES.fieldRequired),
  email: emailField(LEAD_MESSAGES.fieldRequired, LEAD_MESSAGES.emailInvalid),
  tgAccount: requiredField(64),
  /** Required by the server: the wallet's signature of a message from POST /wallet/challenge (purpose airdrop-claim, this username). */
  walletProof: walletProofSchema.optional(),
  attribution: attributionSchema.optional(),
  ...formGuardFields,
});
export type PioneerClaimInput = z.input<typeof pioneerClaimSchema>;
export type PioneerClaim = z.output<typeof pioneerClaimSchema>;

export const pioneerSearchSchema = z.object({
  search: emailField(LEAD_MESSAGES.searchEmailInvalid, LEAD_MESSAGES.searchEmailInvalid),
});

export const pioneerUserSchema = z.object({
  _id: z.string(),
  zealyUsername: z.string(),
  walletAddress: z.string(),
  email: z.string(),
  tgAccount: z.string(),
  xpEarned: z.number().int(),
  vstnRewards: z.number(),
  /** A fraction: 0.0185 is 1.85%. */
  poolShare: z.number(),
  verificationDate: z.string(),
  distributionDate: z.string(),
  /** granted, or pending_review when the leaderboard lists no wallet for the username (the team checks it). */
  claimStatus: z.enum(CLAIM_STATUSES).optional(),
});
export type PioneerUser = z.infer<typeof pioneerUserSchema>;

export const AIRDROP = {
  /** Distribution date = verification date + 720 hours (30 days). */
  distributionDelayHours: 720,
  /** Pool shares are counted in whole basis points (hundredths of a percent), rounded down. */
  shareScale: 10_000,
} as const;

/**
 * The airdrop reward rule, published on /zealy-claim: the share is XP / the sprint's combined XP,
 * counted in whole hundredths of a percent (rounded down), and the reward is that share of the
 * token pool, rounded down to whole tokens. Rounding down keeps the sum of rewards within the pool.
 * 8,247 of 445,000 XP → 185 basis points = 1.85% → 1,850 of 100,000 tokens.
 */
export function computeReward(xp: number, totalXp: number, tokenPool: number): { poolShare: number; vstnRewards: number; basisPoints: number } {
  if (!(totalXp > 0) || !(xp > 0)) return { poolShare: 0, vstnRewards: 0, basisPoints: 0 };
  const basisPoints = Math.floor((xp * AIRDROP.shareScale) / totalXp);
  return {
    basisPoints,
    poolShare: basisPoints / AIRDROP.shareScale,
    vstnRewards: Math.floor((basisPoints * tokenPool) / AIRDROP.shareScale),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers.

export const leadCreatedSchema = z.object({ _id: z.string() });
export const presaleCreatedSchema = z.object({
  _id: z.string(),
  queuePosition: z.number().int(),
  totalAhead: z.number().int(),
  referral: referralLinkSchema,
});
export const waitlistCreatedSchema = z.object({ _id: z.string(), referral: referralLinkSchema });

/** Field name → first message, from a failed safeParse (the forms show these inline). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    const field = key.split(".")[0] ?? key;
    out[field] ??= issue.message;
  }
  return out;
}

export const LEAD_MAIL = {
  presaleSubject: `You're on the ${TOKEN} presale whitelist`,
  waitlistSubject: `You're on the ${PRODUCT_NAME} testnet waitlist`,
  claimSubject: `Your ${TOKEN} airdrop claim`,
} as const;
