import { z } from "zod";
import { formGuardFields } from "./form-guard.ts";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Every text of the accounts area, server and browser alike (learning spec sections 2, 5, 8). */
export const ACCOUNT_MESSAGES = {
  emailTaken: "An account with this email already exists",
  invalidCredentials: "Invalid email or password",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordTooLong: "Password must be at most 128 characters long.",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  resetEmailSent: "If an account exists for that email, we have sent a link to reset your password.",
  passwordReset: "Your password has been changed. Please sign in with your new password.",
  loggedOut: "You have been signed out.",
  authRequired: "Authentication required",
  tokenInvalid: "Token is invalid",
  googleNotConfigured: "Google sign-in is not configured",
  googleRefused: "Google authentication failed",
  invalidGoogleClientId: "Invalid Google Client ID format",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  // Browser-side texts
  welcomeBack: "Welcome back! You have been signed in successfully.",
  welcomeGoogle: "Welcome! You have been signed in with Google.",
  accountCreated: "Account created successfully!",
  passwordsDoNotMatch: "Passwords do not match",
  passwordsDoNotMatchReset: "Passwords do not match.",
  apiUnavailable: "API server is not available. Please check your connection and try again.",
  loginFailed: "Login failed",
  registrationFailed: "Registration failed",
  networkError: "Network error. Please try again.",
  invalidResponse: "Invalid response format from server",
  failedResetEmail: "Failed to send reset email. Please try again.",
  failedReset: "Failed to reset password. Please try again.",
  failedResend: "Failed to resend email. Please try again.",
  networkErrorLong: "Network error. Please check your connection and try again.",
  failedGoogleLogin: "Failed to initiate Google login",
  oauthFailed: "OAuth authentication failed",
  noAuthorizationCode: "No authorization code received from Google. Please try signing in again.",
} as const;

/** Friendly texts for the OAuth error codes the provider can send back (learning spec section 8). */
export const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  access_denied: "You cancelled the Google sign-in. You can try again whenever you are ready.",
  invalid_request: "Google sign-in is not set up correctly on our side. Please contact support.",
  unauthorized_client: "Google sign-in is not set up correctly on our side. Please contact support.",
  invalid_client: "Google sign-in is not set up correctly on our side. Please contact support.",
  unsupported_response_type: "Google sign-in is not set up correctly on our side. Please contact support.",
  invalid_scope: "Google sign-in asked for permissions it is not allowed to request. Please contact support.",
  server_error: "Google is having problems right now. Please try again in a few minutes.",
  temporarily_unavailable: "Google sign-in is temporarily unavailable. Please try again in a few minutes.",
  invalid_grant: "Your sign-in session expired. Please try signing in again.",
};
export const OAUTH_GENERIC_ERROR = "Google sign-in did not complete. Please try again.";

export function oauthErrorMessage(code: string): string {
  return OAUTH_ERROR_MESSAGES[code] ?? OAUTH_GENERIC_ERROR;
}

/** Google client ids end in the apps suffix and are longer than 10 characters. */
export function isValidGoogleClientId(clientId: string): boolean {
  return clientId.length > 10 && clientId.endsWith(".apps.googleusercontent.com");
}

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
  ...formGuardFields,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).min(1, ACCOUNT_MESSAGES.passwordRequired).max(PASSWORD_MAX * 8),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  // The password is checked first: its message is the one a person can act on.
  password: passwordSchema,
  token: z.string({ error: ACCOUNT_MESSAGES.resetLinkInvalid }).trim().min(1, ACCOUNT_MESSAGES.resetLinkInvalid).max(200),
});

export const googleVerifySchema = z.object({
  idToken: z.string({ error: "idToken is required" }).trim().min(1, "idToken is required").max(8192),
});

export const googleCallbackQuerySchema = z.object({
  code: z.string({ error: "code is required" }).trim().min(1, "code is required").max(2048),
  state: z.string({ error: "state is required" }).trim().min(1, "state is required").max(200),
});

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

/** The header's name rule: first name, else last name, else the e-mail's local part, else "User". */
export function displayName(user: Partial<Pick<User, "firstName" | "lastName" | "email">> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const last = user?.lastName?.trim();
  if (last) return last;
  const local = user?.email?.split("@")[0]?.trim();
  return local || "User";
}
