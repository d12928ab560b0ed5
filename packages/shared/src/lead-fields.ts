import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import countries from "i18n-iso-countries";
import englishCountryNames from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { PRODUCT_NAME } from "./brand.ts";
import { EMAIL_MAX, LEAD_MESSAGES, URL_MAX, WALLET_LENGTH } from "./lead-messages.ts";

/** Lead capture's field vocabulary: the countries, the choice lists with their labels, and the field rules (re-exported by leads.ts). */

// ---------------------------------------------------------------------------------------------
// Countries: every ISO 3166-1 alpha-2 code with its English name, sorted by name.

countries.registerLocale(englishCountryNames);

export type Country = { code: string; name: string };

/*
 * Sorted by the names' search keys (lower case, accents stripped), which for these names is the
 * order of English collation (the test checks it against localeCompare). Not localeCompare itself:
 * with a locale it builds an ICU collator on each of the ~2,000 comparisons, and this runs when
 * every form page loads: ~60 ms of main thread at Lighthouse's 4x slowdown, 11 ms in Node.
 */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames("en", { select: "official" }))
  .map(([code, name]) => ({ code, name, key: searchKey(name) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  .map(({ code, name }) => ({ code, name }));

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
