import { TWO_FACTOR } from "@vestin/shared/two-factor-core";

/** The texts of the second sign-in step and of its code fields (server messages: TWO_FACTOR_MESSAGES). */
export const TWO_FACTOR_COPY = {
  stepTitle: "Two-factor sign-in",
  stepIntro: "One more step: enter the 6-digit code your authenticator app shows for Vestin.",
  stepIntroRecovery: "One more step: enter one of the recovery codes you saved when you turned on two-factor sign-in.",
  codeLabel: "6-digit code",
  codeHint: "The code changes every 30 seconds.",
  recoveryLabel: "Recovery code",
  recoveryHint: "Each recovery code works once. Dashes and spaces do not matter.",
  recoveryPlaceholder: "XXXXX-XXXXX",
  useRecovery: "Use a recovery code instead",
  useApp: "Use the code from your app instead",
  rememberDevice: `Remember this device for ${TWO_FACTOR.rememberDays} days`,
  rememberHint: "Only on a device you alone use: it will not ask for a code here until then.",
  verify: "Verify and sign in",
  verifying: "Checking…",
  startAgain: "Start again",
} as const;
