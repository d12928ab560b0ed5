/*
 * Two-factor sign-in (ADR 14): TOTP (RFC 6238, any authenticator app) with ten
 * single-use recovery codes and an optional remembered device. Required for every administrator
 * before the console opens; available to every member from account settings. No zod here, so the
 * sign-in page can use the rules and texts without loading the schema library; two-factor.ts
 * re-exports everything next to the schemas.
 */

export const TWO_FACTOR = {
  /** Recovery codes made at a time. */
  recoveryCodes: 10,
  /** A remembered device skips the second step this long. */
  rememberDays: 30,
  /** The second step must follow the password within this time. */
  challengeMinutes: 5,
  /** Tries per second step, before it must start again from the password. */
  attemptsPerChallenge: 5,
  issuer: "Vestin",
} as const;

export const TWO_FACTOR_MESSAGES = {
  required: "Enter the 6-digit code from your authenticator app.",
  invalidCode: "That code is not right. Check your authenticator app and try again.",
  invalidRecoveryCode: "That recovery code is not right, or it has been used already.",
  challengeExpired: "This sign-in took too long. Please enter your e-mail and password again.",
  tooManyAttempts: "Too many wrong codes. Please enter your e-mail and password again.",
  notEnrolling: "Start the set-up again: scan the new QR code with your authenticator app.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  adminMustEnrol: "Administrators must turn on two-factor sign-in before the console opens. Set it up in your account settings.",
  adminCannotDisable: "Administrators must keep two-factor sign-in on. Ask another administrator to reset it if you lost your device.",
  enabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.",
  disabled: "Two-factor sign-in is off.",
  codesRegenerated: "New recovery codes made. The old ones no longer work.",
} as const;

/** Where a browser keeps the remembered-device token it was given, to send with every later password sign-in. */
export const TWO_FACTOR_DEVICE_STORAGE_KEY = "vestin.2fa-device";

/** Recovery codes are shown and typed as XXXXX-XXXXX (10 characters of base32). */
export const normaliseRecoveryCode = (value: string) => value.toUpperCase().replace(/[^A-Z2-7]/g, "");
/** A 6-digit code as typed, with any spaces taken out. */
export const normaliseTotpCode = (value: string) => value.replace(/\s+/g, "");
