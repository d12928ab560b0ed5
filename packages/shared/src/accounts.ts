import { z } from "./zod.ts";
import { formGuardFields } from "./form-guard.ts";
import { attributionSchema, cleanAttribution } from "./attribution.ts";
import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN, ROLES } from "./accounts-core.ts";
import { CONSENT_MESSAGES } from "./consents-core.ts";

export * from "./accounts-core.ts";

const trimmed = (required: string) => z.string({ error: required }).trim().min(1, required);

export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(254, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong);

export const registerSchema = z.object({
  firstName: trimmed(ACCOUNT_MESSAGES.firstNameRequired).pipe(z.string().max(100, "First name is too long")),
  lastName: trimmed(ACCOUNT_MESSAGES.lastNameRequired).pipe(z.string().max(100, "Last name is too long")),
  email: emailSchema,
  password: passwordSchema,
  /** Accepted for the spec's clients and dropped: registration never grants a role. */
  role: z
    .unknown()
    .optional()
    .transform(() => undefined),
  subscribeNewsletter: z.boolean({ error: "subscribeNewsletter must be true or false" }).optional(),
  /**
   * The sign-up form's required "I agree to the Terms & Conditions and the Privacy Policy." (sent as
   * true; false is refused). The spec's clients send no such field: registering still accepts the
   * documents in force, recorded without the checkbox's wording.
   */
  agreeToTerms: z
    .boolean({ error: "agreeToTerms must be true or false" })
    .optional()
    .refine((v) => v !== false, CONSENT_MESSAGES.agreeToTermsRequired),
  attribution: attributionSchema.optional(),
  ...formGuardFields,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX * 8),
  /** A remembered device (POST /auth/2fa with rememberDevice): skips the second step for 30 days. */
  deviceToken: z.string().max(200).optional().describe("The deviceToken a second step with rememberDevice answered"),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  // The password is checked first: its message is the one a person can act on.
  password: passwordSchema,
  token: z.string({ error: ACCOUNT_MESSAGES.resetLinkInvalid }).trim().min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200),
});

/** POST /auth/password-link: the token of a /reset-password link. */
export const passwordLinkSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.resetLinkInvalid }).trim().min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200),
});

export const googleVerifySchema = z.object({
  idToken: z.string({ error: "idToken is required" }).trim().min(1, "idToken is required").max(8192),
  /** Kept on the account when this sign-in creates it. */
  attribution: attributionSchema.optional(),
});

/** A query value that is never refused: a repeated parameter (an array) or anything else odd is dropped. */
const lenientQueryValue = (description: string) => z.string().optional().catch(undefined).describe(description);

/**
 * The redirect's code and state, and the browser's attribution flattened into the query (the
 * same fields as a form's `attribution`, cleaned the same way): kept when this sign-in creates
 * the account.
 */
export const googleCallbackQuerySchema = z
  .object({
    code: z.string({ error: "code is required" }).trim().min(1, "code is required").max(2048),
    state: z.string({ error: "state is required" }).trim().min(1, "state is required").max(200),
    source: lenientQueryValue("utm_source of the first visit"),
    medium: lenientQueryValue("utm_medium of the first visit"),
    campaign: lenientQueryValue("utm_campaign of the first visit"),
    content: lenientQueryValue("utm_content of the first visit"),
    ref: lenientQueryValue("referral code of the first visit"),
    referrerHost: lenientQueryValue("external referrer host of the first visit"),
  })
  .transform(({ code, state, ...attribution }) => ({ code, state, attribution: cleanAttribution(attribution) }));

export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;
