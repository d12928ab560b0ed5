import { BUSINESS_TYPE_LABELS, countryName, formatTokenUnits, INTEREST_LABELS, PLANNED_ASSET_LABELS } from "@vestin/shared/leads-core";
import type { LeadKind } from "@vestin/shared/lead-kinds";
import { CLAIM_STATUSES, type ClaimStatus } from "@vestin/shared/wallet-core";

export const LEAD_STATUSES = ["new", "in_progress", "done"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: "New", in_progress: "In progress", done: "Done" };

/** A lead as the admin API returns it: camelCase fields, `_id`, status, note, createdAt. */
export type Lead = Record<string, unknown> & { _id: string; status: LeadStatus; note: string | null; createdAt: string };

export type LeadColumn = {
  /** The field shown (camelCase). */
  field: string;
  label: string;
  /** The server's sort key for this column, when it can sort by it. */
  sort?: string;
  /** Rendered text for the cell; defaults to the field's display text. */
  text?: (lead: Lead) => string;
};

export type LeadTypeConfig = {
  key: LeadKind;
  /** The tab's short name. */
  tab: string;
  /** What one lead of this type is called. */
  noun: string;
  columns: LeadColumn[];
  /** Every field of the type, in reading order, with its label. */
  fields: Array<[field: string, label: string]>;
  /** The headline of a lead's detail panel. */
  title: (lead: Lead) => string;
  /** True when its people confirm their e-mail address: a verified column and filter. */
  confirmed: boolean;
  /** True when its wallet can be proven by signature: a wallet column and filter (presale, airdrop). */
  walletProof: boolean;
  /** True for airdrop claims: a claim status column and filter. */
  claims: boolean;
};

export const VERIFICATION_FILTERS = ["verified", "unverified"] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];
export const VERIFICATION_LABELS: Record<VerificationFilter, string> = { verified: "Verified", unverified: "Unverified" };

export function isVerificationFilter(value: string): value is VerificationFilter {
  return (VERIFICATION_FILTERS as readonly string[]).includes(value);
}

/** Wallet filter: proven by a signature, or typed by hand (or claimed before signatures). */
export const WALLET_LABELS: Record<VerificationFilter, string> = { verified: "Verified by signature", unverified: "Not verified" };

export { CLAIM_STATUSES, type ClaimStatus };
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { granted: "Granted", pending_review: "Pending review", rejected: "Rejected" };

export function isClaimStatus(value: string): value is ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

/** Confirmed referrals of a presale or waitlist entry (each moved it 10 places up). */
const referralsColumn: LeadColumn = { field: "referralBoost", label: "Referrals", sort: "referral_boost", text: (l) => String(Number(l.referralBoost ?? 0)) };

/** Whether the lead's wallet was proven by signature (presale, airdrop). */
const walletColumn: LeadColumn = {
  field: "walletVerifiedAt",
  label: "Wallet",
  text: (l) => (l.walletVerifiedAt ? WALLET_LABELS.verified : WALLET_LABELS.unverified),
};
const claimStatusColumn: LeadColumn = {
  field: "claimStatus",
  label: "Claim",
  text: (l) => (typeof l.claimStatus === "string" && isClaimStatus(l.claimStatus) ? CLAIM_STATUS_LABELS[l.claimStatus] : "—"),
};

/** The e-mail confirmation column of presale, waitlist and airdrop leads. */
const verifiedColumn: LeadColumn = {
  field: "verifiedAt",
  label: "E-mail",
  text: (l) => (l.verifiedAt ? VERIFICATION_LABELS.verified : VERIFICATION_LABELS.unverified),
};

const labelOf = (labels: Record<string, string>) => (value: unknown) => (typeof value === "string" ? (labels[value] ?? value) : value);

/** How a field's value is written for people (enum labels, country names, lists, yes/no). */
const FORMATTERS: Record<string, (value: unknown) => unknown> = {
  businessType: labelOf(BUSINESS_TYPE_LABELS),
  interestedIn: labelOf(INTEREST_LABELS),
  plannedAssets: (value) => (Array.isArray(value) ? value.map(labelOf(PLANNED_ASSET_LABELS)) : value),
  country: (value) => (typeof value === "string" ? (countryName(value) ? `${countryName(value)} (${value})` : value) : value),
  // Exact base units (18 decimals), shown in tokens to four decimals, cut, never rounded up.
  vstnRewardUnits: (value) => (typeof value === "string" && /^\d+$/.test(value) ? formatTokenUnits(value) : value),
};

const DATE_FIELDS = new Set(["createdAt", "updatedAt", "verificationDate", "distributionDate", "verifiedAt", "walletVerifiedAt", "reviewedAt"]);

export function formatDateTime(value: unknown): string {
  if (typeof value !== "string" || !value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString("en-GB", { day: "2-digit", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

export function formatDate(value: unknown): string {
  if (typeof value !== "string" || !value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric" });
}

/** A lead field as plain text (rendered as text by React, so never interpreted as HTML). */
export function fieldText(field: string, value: unknown): string {
  if (field === "verifiedAt" && !value) return "Not confirmed yet";
  if (field === "walletVerifiedAt" && !value) return "Not verified (typed by hand, or claimed before signatures)";
  if (field === "claimStatus" && typeof value === "string" && isClaimStatus(value)) return CLAIM_STATUS_LABELS[value];
  if (DATE_FIELDS.has(field)) return formatDateTime(value);
  const formatted = FORMATTERS[field]?.(value) ?? value;
  if (formatted === null || formatted === undefined || formatted === "") return "—";
  if (typeof formatted === "boolean") return formatted ? "Yes" : "No";
  if (Array.isArray(formatted)) return formatted.length ? formatted.map(String).join(", ") : "—";
  if (typeof formatted === "number") return formatted.toLocaleString("en-US", { maximumFractionDigits: 4 });
  if (typeof formatted === "object") return JSON.stringify(formatted);
  return String(formatted);
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** Where the lead's first visit came from (campaign attribution), as every kind of lead carries it. */
export const ATTRIBUTION_FIELDS: Array<[field: string, label: string]> = [
  ["utmSource", "Source (utm_source)"],
  ["utmMedium", "Medium (utm_medium)"],
  ["utmCampaign", "Campaign (utm_campaign)"],
  ["utmContent", "Content (utm_content)"],
  ["ref", "Referral code (ref)"],
  ["referrerHost", "Referred by website"],
];

/** The source column: "newsletter · spring" (source and campaign), or a dash when none was recorded. */
export const sourceColumn: LeadColumn = {
  field: "utmSource",
  label: "Source",
  text: (l) => [l.utmSource, l.utmCampaign].filter((v): v is string => typeof v === "string" && v.length > 0).join(" · ") || "—",
};

export const LEAD_TYPES: Record<LeadKind, LeadTypeConfig> = {
  enquiries: {
    key: "enquiries",
    tab: "Contacts",
    noun: "contact enquiries",
    columns: [
      { field: "createdAt", label: "Received", sort: "created_at" },
      { field: "lastName", label: "Name", sort: "last_name", text: (l) => `${str(l.firstName)} ${str(l.lastName)}`.trim() || "—" },
      { field: "email", label: "Email", sort: "email" },
      { field: "country", label: "Country", sort: "country", text: (l) => (typeof l.country === "string" ? (countryName(l.country) ?? l.country) : "—") },
      { field: "businessType", label: "Business type" },
      sourceColumn,
      { field: "status", label: "Status", sort: "status" },
    ],
    fields: [
      ["firstName", "First name"],
      ["lastName", "Last name"],
      ["email", "Email"],
      ["country", "Country"],
      ["businessType", "Business type"],
      ["businessTypeOther", "Business type (other)"],
      ["interestedIn", "Interested in"],
      ["plannedAssets", "Planned assets"],
      ["comments", "Comments"],
      ["consent", "Agreed to be contacted"],
      ["createdAt", "Received"],
    ],
    title: (l) => `${str(l.firstName)} ${str(l.lastName)}`.trim() || str(l.email) || "Contact enquiry",
    confirmed: false,
    walletProof: false,
    claims: false,
  },
  partnerships: {
    key: "partnerships",
    tab: "Partners",
    noun: "partnership applications",
    columns: [
      { field: "createdAt", label: "Received", sort: "created_at" },
      { field: "organizationName", label: "Organization", sort: "organization_name" },
      { field: "primaryContactName", label: "Contact", sort: "primary_contact_name" },
      { field: "emailOrTelegram", label: "Email or Telegram" },
      { field: "country", label: "Country", sort: "country", text: (l) => (typeof l.country === "string" ? (countryName(l.country) ?? l.country) : "—") },
      sourceColumn,
      { field: "status", label: "Status", sort: "status" },
    ],
    fields: [
      ["organizationName", "Organization"],
      ["primaryContactName", "Primary contact"],
      ["emailOrTelegram", "Email or Telegram"],
      ["websiteUrl", "Website"],
      ["socialProfile", "Social profile"],
      ["country", "Country"],
      ["partnershipTypes", "Partnership types"],
      ["otherPartnershipType", "Other partnership type"],
      ["comments", "Comments"],
      ["createdAt", "Received"],
    ],
    title: (l) => str(l.organizationName) || "Partnership application",
    confirmed: false,
    walletProof: false,
    claims: false,
  },
  presale: {
    key: "presale",
    tab: "Presale",
    noun: "presale registrations",
    columns: [
      { field: "createdAt", label: "Registered", sort: "created_at" },
      { field: "fullName", label: "Full name", sort: "full_name" },
      { field: "email", label: "Email", sort: "email" },
      { field: "investmentRange", label: "Investment range", sort: "investment_range" },
      { field: "cryptoExperience", label: "Experience" },
      walletColumn,
      verifiedColumn,
      referralsColumn,
      sourceColumn,
      { field: "status", label: "Status", sort: "status" },
    ],
    fields: [
      ["fullName", "Full name"],
      ["email", "Email"],
      ["walletAddress", "Wallet address"],
      ["walletVerifiedAt", "Wallet verified by signature"],
      ["investmentRange", "Investment range"],
      ["cryptoExperience", "Crypto experience"],
      ["reference", "Heard about us via"],
      ["additionalInfo", "Investment goal"],
      ["createdAt", "Registered"],
      ["verifiedAt", "E-mail confirmed"],
      ["referralBoost", "Confirmed referrals (10 places each)"],
      ["referralCode", "Referral code"],
    ],
    title: (l) => str(l.fullName) || str(l.email) || "Presale registration",
    confirmed: true,
    walletProof: true,
    claims: false,
  },
  waitlist: {
    key: "waitlist",
    tab: "Waitlist",
    noun: "waitlist sign-ups",
    columns: [
      { field: "createdAt", label: "Signed up", sort: "created_at" },
      { field: "username", label: "Name", sort: "username" },
      { field: "email", label: "Email", sort: "email" },
      { field: "twitterHandle", label: "X / Twitter" },
      { field: "telegramHandle", label: "Telegram" },
      verifiedColumn,
      referralsColumn,
      sourceColumn,
      { field: "status", label: "Status", sort: "status" },
    ],
    fields: [
      ["username", "Full name"],
      ["email", "Email"],
      ["twitterHandle", "X / Twitter handle"],
      ["telegramHandle", "Telegram handle"],
      ["createdAt", "Signed up"],
      ["verifiedAt", "E-mail confirmed"],
      ["referralBoost", "Confirmed referrals (10 places each)"],
      ["referralCode", "Referral code"],
    ],
    title: (l) => str(l.username) || str(l.email) || "Waitlist sign-up",
    confirmed: true,
    walletProof: false,
    claims: false,
  },
  "airdrop-claims": {
    key: "airdrop-claims",
    tab: "Airdrop",
    noun: "airdrop claims",
    columns: [
      { field: "createdAt", label: "Claimed", sort: "created_at" },
      { field: "zealyUsername", label: "Zealy username", sort: "zealy_username" },
      // What the team checks first: the claim's state and whether its wallet signed for it.
      claimStatusColumn,
      walletColumn,
      { field: "email", label: "Email" },
      { field: "xpEarned", label: "XP", sort: "xp_earned" },
      { field: "vstnRewardUnits", label: "VSTN", sort: "vstn_rewards" },
      verifiedColumn,
      sourceColumn,
      { field: "status", label: "Status", sort: "status" },
    ],
    fields: [
      ["zealyUsername", "Zealy username"],
      ["email", "Email"],
      ["walletAddress", "Wallet address"],
      ["walletVerifiedAt", "Wallet verified by signature"],
      ["claimStatus", "Claim status"],
      ["tgAccount", "Telegram account"],
      ["xpEarned", "XP earned"],
      ["vstnRewardUnits", "VSTN reward"],
      ["verificationDate", "Verified"],
      ["distributionDate", "Distribution date"],
      ["createdAt", "Claimed"],
      ["verifiedAt", "E-mail confirmed"],
      ["reviewedAt", "Reviewed"],
      ["reviewedBy", "Reviewed by"],
      ["reviewNote", "Review note"],
    ],
    title: (l) => str(l.zealyUsername) || str(l.email) || "Airdrop claim",
    confirmed: true,
    walletProof: true,
    claims: true,
  },
};

/** Fields the panel shows elsewhere (status, note) or that mean nothing to the team. */
const HIDDEN_FIELDS = new Set(["_id", "status", "note"]);

/** The type's fields first, then its attribution, then any other field the server sent, so nothing held is hidden. */
export function detailFields(config: LeadTypeConfig, lead: Lead): Array<[field: string, label: string]> {
  const known = new Set([...config.fields, ...ATTRIBUTION_FIELDS].map(([field]) => field));
  const extra = Object.keys(lead)
    .filter((field) => !known.has(field) && !HIDDEN_FIELDS.has(field))
    .map((field): [string, string] => [field, field.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase())]);
  return [...config.fields, ...ATTRIBUTION_FIELDS, ...extra];
}

export function isLeadStatus(value: string): value is LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value);
}
