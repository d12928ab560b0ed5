import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import type { User } from "@vestin/shared/accounts";
import { apiRequest, type ApiResult } from "~/lib/api-client";
import type { FormGuardPayload } from "~/lib/form-guard";
import { attributionForForm } from "~/features/attribution";
import { rememberDevice, rememberedDeviceToken } from "../remembered-device";

export type Session = { token: string; user: User };
/** A password or Google sign-in: a session, or the second step's challenge when two-factor sign-in is on. */
export type SignInAnswer = Session | { challenge: string };

function isUser(value: unknown): value is User {
  return Boolean(value && typeof value === "object" && typeof (value as User).email === "string");
}

const dataOf = (body: Record<string, unknown>) => (body.data && typeof body.data === "object" ? body.data : {}) as Record<string, unknown>;

/**
 * Reads a sign-in answer in any of the shapes the spec lists: success + data { token, user },
 * a top-level token, data.token, or accessToken with user.
 */
export function readSession(body: Record<string, unknown>): { token: string; user: User } | undefined {
  const data = dataOf(body);
  const token = [data.token, body.token, data.accessToken, body.accessToken].find((t): t is string => typeof t === "string" && t.length > 0);
  const user = [data.user, body.user].find(isUser);
  return token && user ? { token, user } : undefined;
}

/** `{ twoFactorRequired: true, challenge }`: the password (or Google) was right, the code comes next. */
function readChallenge(body: Record<string, unknown>): string | undefined {
  const data = dataOf(body);
  return data.twoFactorRequired === true && typeof data.challenge === "string" && data.challenge ? data.challenge : undefined;
}

type CallInit = { method?: "GET" | "POST" | "PUT"; body?: unknown };

/** A sign-in family call: no stored token, the whole body read (a token may sit beside `data`). */
const authCall = <T = Record<string, unknown>>(path: string, init: CallInit, fallback: string) =>
  apiRequest<T>(path, { ...init, token: false, read: "body", fallback, network: ACCOUNT_MESSAGES.networkError });

/** One call of the sign-in family; a challenge is an answer only where `challenge` allows it. */
async function sessionCall(path: string, init: CallInit, fallback: string, challenge: true): Promise<ApiResult<SignInAnswer>>;
async function sessionCall(path: string, init: CallInit, fallback: string, challenge?: false): Promise<ApiResult<Session>>;
async function sessionCall(path: string, init: CallInit, fallback: string, challenge = false): Promise<ApiResult<SignInAnswer>> {
  const result = await authCall(path, init, fallback);
  if (!result.ok) return result;
  const session = readSession(result.data);
  if (session) return { ok: true, status: result.status, data: session };
  const pending = challenge ? readChallenge(result.data) : undefined;
  return pending
    ? { ok: true, status: result.status, data: { challenge: pending } }
    : { ok: false, status: result.status, message: ACCOUNT_MESSAGES.invalidResponse };
}

/** The availability probe run before login and registration: any answer but a server error (503 is the server's own "degraded"). */
export async function apiAvailable(): Promise<boolean> {
  const result = await apiRequest("/health", { token: false });
  return result.status !== 0 && (result.status < 500 || result.status === 503);
}

/** The password step; a remembered device (see remembered-device.ts) goes with it, so its owner skips the code. */
export const loginRequest = (email: string, password: string) => {
  const deviceToken = rememberedDeviceToken();
  return sessionCall("/auth/login", { method: "POST", body: { email, password, ...(deviceToken ? { deviceToken } : {}) } }, ACCOUNT_MESSAGES.loginFailed, true);
};

export type SecondStepProof = { code: string } | { recoveryCode: string };

/**
 * The second step: the code (or a recovery code) for the challenge. 400 names the field
 * (errors.code / errors.recoveryCode); 401 means the challenge is over (expired or too many
 * tries) and the sign-in starts again from the password. A device token answered is kept here.
 */
export async function secondStepRequest(challenge: string, proof: SecondStepProof, rememberThisDevice: boolean): Promise<ApiResult<Session>> {
  const result = await authCall(
    "/auth/2fa",
    { method: "POST", body: { challenge, ...proof, rememberDevice: rememberThisDevice } },
    ACCOUNT_MESSAGES.loginFailed,
  );
  if (!result.ok) return result;
  const session = readSession(result.data);
  if (!session) return { ok: false, status: result.status, message: ACCOUNT_MESSAGES.invalidResponse };
  const deviceToken = dataOf(result.data).deviceToken;
  if (typeof deviceToken === "string" && deviceToken) rememberDevice(deviceToken);
  return { ok: true, status: result.status, data: session };
}

/** Registration carries the form guard's fields (token, honeypot, challenge) and the visitor's attribution next to the account's. */
export const registerRequest = (
  input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    subscribeNewsletter: boolean;
    agreeToTerms: boolean;
  } & FormGuardPayload,
) =>
  sessionCall("/auth/register", { method: "POST", body: { ...input, role: "user", attribution: attributionForForm() } }, ACCOUNT_MESSAGES.registrationFailed);

/** A Google sign-in that creates the account keeps the visitor's attribution (an existing account keeps its own). */
export const googleVerifyRequest = (idToken: string) =>
  sessionCall("/auth/google/verify", { method: "POST", body: { idToken, attribution: attributionForForm() } }, ACCOUNT_MESSAGES.googleRefused, true);

/** The attribution as flat query parameters of the Google callback (the same names as the form field's). */
function attributionQuery(): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(attributionForForm() ?? {})) if (value) params.set(field, value);
  const text = params.toString();
  return text ? `&${text}` : "";
}

export const googleCallbackRequest = (code: string, state: string): Promise<ApiResult<SignInAnswer>> =>
  sessionCall(
    `/auth/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${attributionQuery()}`,
    { method: "GET" },
    ACCOUNT_MESSAGES.oauthFailed,
    true,
  );

export async function googleAuthUrlRequest(): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const result = await apiRequest<{ google?: { authUrl?: string } }>("/auth/oauth/urls", {
    token: false,
    fallback: ACCOUNT_MESSAGES.failedGoogleLogin,
    network: ACCOUNT_MESSAGES.failedGoogleLogin,
  });
  if (!result.ok) return result;
  const url = result.data.google?.authUrl;
  return url ? { ok: true, url } : { ok: false, message: ACCOUNT_MESSAGES.failedGoogleLogin };
}

export async function forgotPasswordRequest(email: string, fallback: string): Promise<{ ok: boolean; message: string; resetToken?: string }> {
  const result = await authCall("/auth/forgot-password", { method: "POST", body: { email } }, fallback);
  if (!result.ok) return { ok: false, message: result.status === 0 ? ACCOUNT_MESSAGES.networkErrorLong : result.message };
  // A server may hand the reset token back in data.resetToken; ours only e-mails it.
  const resetToken = dataOf(result.data).resetToken;
  const message = typeof result.data.message === "string" ? result.data.message : "";
  return { ok: true, message, ...(typeof resetToken === "string" ? { resetToken } : {}) };
}

export async function resetPasswordRequest(token: string, password: string): Promise<{ ok: boolean; message: string }> {
  const result = await authCall("/auth/reset-password", { method: "PUT", body: { token, password } }, ACCOUNT_MESSAGES.failedReset);
  if (!result.ok) return { ok: false, message: result.status === 0 ? ACCOUNT_MESSAGES.networkErrorLong : result.message };
  return { ok: true, message: typeof result.data.message === "string" ? result.data.message : "" };
}
