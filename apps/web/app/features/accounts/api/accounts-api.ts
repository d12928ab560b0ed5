import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import type { User } from "@vestin/shared/accounts";
import { apiFetch, errorMessage, NetworkError, type ApiResult } from "~/lib/api-client";
import type { FormGuardPayload } from "~/lib/form-guard";
import { attributionForForm } from "~/features/attribution";
import { rememberDevice, rememberedDeviceToken } from "../remembered-device";

export type RequestFailure = { ok: false; message: string; status?: number; errors?: Record<string, string> };
export type SessionResult = { ok: true; token: string; user: User } | RequestFailure;
/** A password or Google sign-in: a session, or the second step's challenge when two-factor sign-in is on. */
export type SignInResult = SessionResult | { ok: true; challenge: string };

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

const failure = (result: ApiResult<unknown> & { ok: false }, fallback: string): RequestFailure => ({
  ok: false,
  status: result.status,
  message: errorMessage(result, fallback),
  ...(result.errors ? { errors: result.errors } : {}),
});

/** One call of the sign-in family; a challenge is an answer only where `challenge` allows it. */
async function sessionCall(path: string, init: { method?: "GET" | "POST"; body?: unknown }, fallback: string, challenge: true): Promise<SignInResult>;
async function sessionCall(path: string, init: { method?: "GET" | "POST"; body?: unknown }, fallback: string, challenge?: false): Promise<SessionResult>;
async function sessionCall(path: string, init: { method?: "GET" | "POST"; body?: unknown }, fallback: string, challenge = false): Promise<SignInResult> {
  let result: ApiResult<unknown>;
  try {
    result = await apiFetch(path, { ...init, token: false });
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, message: ACCOUNT_MESSAGES.networkError };
    throw err;
  }
  if (!result.ok) return failure(result, fallback);
  const session = readSession(result.body);
  if (session) return { ok: true, ...session };
  const pending = challenge ? readChallenge(result.body) : undefined;
  return pending ? { ok: true, challenge: pending } : { ok: false, message: ACCOUNT_MESSAGES.invalidResponse };
}

/** The availability probe run before login and registration. */
export async function apiAvailable(): Promise<boolean> {
  try {
    const res = await fetch("/api/v1/health", { headers: { accept: "application/json" } });
    return res.status < 500 || res.status === 503;
  } catch {
    return false;
  }
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
export async function secondStepRequest(challenge: string, proof: SecondStepProof, rememberThisDevice: boolean): Promise<SessionResult> {
  let result: ApiResult<{ deviceToken?: unknown }>;
  try {
    result = await apiFetch("/auth/2fa", { method: "POST", body: { challenge, ...proof, rememberDevice: rememberThisDevice }, token: false });
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, message: ACCOUNT_MESSAGES.networkError };
    throw err;
  }
  if (!result.ok) return failure(result, ACCOUNT_MESSAGES.loginFailed);
  const session = readSession(result.body);
  if (!session) return { ok: false, message: ACCOUNT_MESSAGES.invalidResponse };
  if (typeof result.data.deviceToken === "string" && result.data.deviceToken) rememberDevice(result.data.deviceToken);
  return { ok: true, ...session };
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

export const googleCallbackRequest = (code: string, state: string): Promise<SignInResult> =>
  sessionCall(
    `/auth/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${attributionQuery()}`,
    { method: "GET" },
    ACCOUNT_MESSAGES.oauthFailed,
    true,
  );

export async function googleAuthUrlRequest(): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  try {
    const result = await apiFetch<{ google?: { authUrl?: string } }>("/auth/oauth/urls", { token: false });
    const url = result.ok ? result.data.google?.authUrl : undefined;
    return url
      ? { ok: true, url }
      : { ok: false, message: result.ok ? ACCOUNT_MESSAGES.failedGoogleLogin : errorMessage(result, ACCOUNT_MESSAGES.failedGoogleLogin) };
  } catch {
    return { ok: false, message: ACCOUNT_MESSAGES.failedGoogleLogin };
  }
}

export async function forgotPasswordRequest(email: string, fallback: string): Promise<{ ok: boolean; message: string; resetToken?: string }> {
  try {
    const result = await apiFetch<{ resetToken?: unknown } | null>("/auth/forgot-password", { method: "POST", body: { email }, token: false });
    if (!result.ok) return { ok: false, message: errorMessage(result, fallback) };
    // A server may hand the reset token back in data.resetToken; ours only e-mails it.
    const resetToken = typeof result.data?.resetToken === "string" ? result.data.resetToken : undefined;
    return { ok: true, message: result.message ?? "", ...(resetToken ? { resetToken } : {}) };
  } catch {
    return { ok: false, message: ACCOUNT_MESSAGES.networkErrorLong };
  }
}

export async function resetPasswordRequest(token: string, password: string): Promise<{ ok: boolean; message: string }> {
  try {
    const result = await apiFetch("/auth/reset-password", { method: "PUT", body: { token, password }, token: false });
    return { ok: result.ok, message: result.ok ? (result.message ?? "") : errorMessage(result, ACCOUNT_MESSAGES.failedReset) };
  } catch {
    return { ok: false, message: ACCOUNT_MESSAGES.networkErrorLong };
  }
}
