/**
 * Account rules, messages and pure helpers, free of the schema library, so the browser can use
 * them without loading zod (pages keep within their JavaScript budget). accounts.ts re-exports
 * everything here next to the schemas.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/**
 * An administrator's password: at least this long, and not a common or breached password nor one
 * close to it (the server checks it offline against the lists of @zxcvbn-ts/language-common and
 * language-en, and wants an estimate of at least 10^8 guesses).
 */
export const ADMIN_PASSWORD_MIN = 12;
export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Every text of the accounts area, server and browser alike, so both say the same words. */
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
  // A form sent before the page's scripts ran, or with them turned off (the account pages' actions)
  signInNeedsScripts:
    "Signing in needs JavaScript, which is turned off in this browser: your session is kept by the page's scripts. Turn JavaScript on for this site and sign in again.",
  signUpNeedsScripts:
    "Creating an account needs JavaScript, which is turned off in this browser. Turn JavaScript on for this site and send the form again; what you typed is kept, apart from the passwords.",
  signUpTooEarly: "The page had not finished loading when you sent the form, so it was not sent. Please type your password again and press Create Account.",
  // Administrators' passwords
  adminPasswordTooShort: "Administrator passwords must be at least 12 characters long.",
  adminPasswordCommon:
    "This password is too easy to guess: it is a common or breached password, or close to one (a word with a few digits, a name, a keyboard pattern). Choose another; three or four unrelated words make a strong one.",
  adminPasswordWeakSignIn:
    "Administrator accounts need a stronger password than this one. We have e-mailed you a link to choose a new one (it works once, for one hour); then sign in with it.",
  scriptsOff: "JavaScript is turned off in this browser. You can read every page, but signing in and creating an account need it.",
} as const;

/** Friendly texts for the OAuth error codes the provider can send back. */
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

// The header's name rule lives in its own module: the header loads it on every page, without the
// messages above (the home page's JavaScript budget).
export { displayName } from "./display-name.ts";
