import { z } from "./zod.ts";
import { normaliseRecoveryCode, normaliseTotpCode, TWO_FACTOR, TWO_FACTOR_MESSAGES } from "./two-factor-core.ts";

export * from "./two-factor-core.ts";

const code = z
  .string({ error: TWO_FACTOR_MESSAGES.required })
  .transform(normaliseTotpCode)
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.required));
const recoveryCode = z
  .string({ error: TWO_FACTOR_MESSAGES.invalidRecoveryCode })
  .trim()
  .max(40, TWO_FACTOR_MESSAGES.invalidRecoveryCode)
  .transform(normaliseRecoveryCode)
  .pipe(z.string().length(10, TWO_FACTOR_MESSAGES.invalidRecoveryCode));

/** The answer to a password (or Google) sign-in when a second step is needed, instead of a session. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe(`Send it with the code to POST /auth/2fa; it expires in ${TWO_FACTOR.challengeMinutes} minutes`),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorVerifySchema = z
  .object({
    challenge: z
      .string({ error: TWO_FACTOR_MESSAGES.challengeExpired })
      .min(1, TWO_FACTOR_MESSAGES.challengeExpired)
      .max(200, TWO_FACTOR_MESSAGES.challengeExpired),
    code: code.optional(),
    recoveryCode: recoveryCode.optional(),
    rememberDevice: z.boolean({ error: "rememberDevice must be true or false" }).default(false),
  })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, {
    message: TWO_FACTOR_MESSAGES.required,
    path: ["code"],
  });
export type TwoFactorVerifyInput = z.infer<typeof twoFactorVerifySchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  rememberedDevices: z.number().int().describe("Devices that skip the second step (until they expire or two-factor is reset)"),
  /** True for administrators: they cannot turn it off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string().describe("Base32, for typing into an app that cannot scan"),
  otpauthUrl: z.string(),
  qrSvg: z.string().describe("The otpauth URL as an SVG QR code"),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z.object({ code });
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).describe("Shown once; each works once"),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/** Turning off or regenerating codes asks for a current code (or a recovery code). */
export const twoFactorConfirmSchema = z
  .object({ code: code.optional(), recoveryCode: recoveryCode.optional() })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, {
    message: TWO_FACTOR_MESSAGES.required,
    path: ["code"],
  });
