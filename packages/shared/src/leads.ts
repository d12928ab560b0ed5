import {
  BUSINESS_TYPES,
  CRYPTO_EXPERIENCE,
  INTERESTS,
  INVESTMENT_GOALS,
  INVESTMENT_RANGES,
  PARTNERSHIP_LABELS,
  PLANNED_ASSETS,
  REFERENCES,
  WAITLIST_HANDLE_PATTERN,
  isCountryCode,
  isEmail,
  isHttpUrl,
  walletAddressError,
} from "./lead-fields.ts";
import { COMMENTS_MAX, LEAD_MESSAGES, NAME_MAX, TEXT_MAX } from "./lead-messages.ts";
import { z } from "./zod.ts";
import { isEmailOrTelegram, type PresaleField, splitContactName } from "./leads-core.ts";
import { formGuardFields } from "./form-guard.ts";
import { CLAIM_STATUSES } from "./wallet-core.ts";
import { walletProofSchema } from "./wallet-proof.ts";
import { attributionSchema } from "./attribution.ts";
import { referralLinkSchema } from "./referrals.ts";

/*
 * Lead capture: the schemas the forms validate with and the server validates with, their enums, and
 * every text the forms show, kept word for word.
 */

export * from "./leads-core.ts";

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

/**
 * A trimmed text that may be left empty (unless `required` gives the message for that), and when
 * given must pass `isValid`, else `invalid` is the message.
 */
const checkedText = (isValid: (value: string) => boolean, invalid: string, required: string | undefined) =>
  z
    .string({ error: required ?? invalid })
    .trim()
    .nullish()
    .superRefine((v, ctx) => {
      if (!v) {
        if (required) ctx.addIssue({ code: "custom", message: required });
        return;
      }
      if (!isValid(v)) ctx.addIssue({ code: "custom", message: invalid });
    });

const countryField = (required: string | undefined) =>
  checkedText(isCountryCode, LEAD_MESSAGES.countryInvalid, required).transform((v) => (v ? v.toUpperCase() : undefined));

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
  // Keeps only the fields the form shows for the chosen answers (progressive fields).
  .transform(({ confirmEmail: _confirm, ...v }) => {
    const other = v.businessType === "other";
    const interested = v.businessType && !other ? v.interestedIn : undefined;
    return {
      ...v,
      businessTypeOther: other ? v.businessTypeOther : undefined,
      interestedIn: interested,
      plannedAssets: interested && interested !== "other" ? v.plannedAssets : [],
    };
  });
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

// ---------------------------------------------------------------------------------------------
// Partnership application (POST /partners).

export const contactNameSchema = z
  .string({ error: LEAD_MESSAGES.contactNameRequired })
  .trim()
  .min(1, LEAD_MESSAGES.contactNameRequired)
  .max(TEXT_MAX, LEAD_MESSAGES.tooLong(TEXT_MAX))
  .refine((v) => splitContactName(v).lastName.length > 0, LEAD_MESSAGES.contactNameTwoWords);

const httpUrl = (required: string | undefined) => checkedText(isHttpUrl, LEAD_MESSAGES.urlInvalid, required).transform((v) => v || undefined);

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
} satisfies Record<PresaleField, z.ZodType>;
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
export const airdropClaimSchema = z.object({
  zealyUsername: requiredField(NAME_MAX),
  walletAddress: walletAddressSchema(LEAD_MESSAGES.fieldRequired),
  email: emailField(LEAD_MESSAGES.fieldRequired, LEAD_MESSAGES.emailInvalid),
  tgAccount: requiredField(64),
  /** Required by the server: the wallet's signature of a message from POST /wallet/challenge (purpose airdrop-claim, this username). */
  walletProof: walletProofSchema.optional(),
  attribution: attributionSchema.optional(),
  ...formGuardFields,
});
export type AirdropClaimInput = z.input<typeof airdropClaimSchema>;
export type AirdropClaimRequest = z.output<typeof airdropClaimSchema>;

export const airdropClaimSearchSchema = z.object({
  search: emailField(LEAD_MESSAGES.searchEmailInvalid, LEAD_MESSAGES.searchEmailInvalid),
});

export const airdropClaimRecordSchema = z.object({
  _id: z.string(),
  zealyUsername: z.string(),
  walletAddress: z.string(),
  email: z.string(),
  tgAccount: z.string(),
  xpEarned: z.number().int(),
  /** The reward in tokens, derived from vstnRewardUnits (for display; not exact past 15 digits). */
  vstnRewards: z.number(),
  /** The reward in base units (10^18 per token) as a decimal string: the exact amount. */
  vstnRewardUnits: z.string(),
  /** A fraction: 0.0185 is 1.85%. */
  poolShare: z.number(),
  verificationDate: z.string(),
  distributionDate: z.string(),
  /** granted, or pending_review when the leaderboard lists no wallet for the username (the team checks it). */
  claimStatus: z.enum(CLAIM_STATUSES).optional(),
});
export type AirdropClaim = z.infer<typeof airdropClaimRecordSchema>;

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
