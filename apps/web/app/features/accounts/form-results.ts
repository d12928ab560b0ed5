import type { User } from "@vestin/shared/accounts";

/*
 * What the account pages' actions (form-actions.server.ts) answer a form posted before the page's
 * scripts ran, or without them: the page renders from it, and its scripts carry on from there.
 */

/** A session the page hands to its scripts once they run (they keep it as a sign-in from the form would). */
export type HandedSession = { token: string; user: User; deviceToken: string | null };

export type SignInActionData =
  | { step: "password"; email: string; error?: string; notice?: string }
  | { step: "second-step"; email: string; challenge: string; recovery: boolean; error?: string }
  | { step: "signed-in"; session: HandedSession; to: string };

/** What the sign-up form sent, apart from the passwords (never written back into a page). */
export type SignUpValues = { firstName: string; lastName: string; email: string; agreeToTerms: boolean; subscribeNewsletter: boolean };
export type SignUpActionData = { values: SignUpValues; notice: string };

/** What a /reset-password link is for (POST /auth/password-link), read before it is used. */
export type PasswordLinkInfo = { purpose: "invitation" | "reset"; administrator: boolean; email: string; minLength: number };

export type PasswordActionData =
  | { step: "forgot"; email: string; error: string }
  | { step: "sent"; email: string; resent: boolean }
  | { step: "reset"; token: string; error: string; link: PasswordLinkInfo | null }
  | { step: "done"; purpose: PasswordLinkInfo["purpose"] };
