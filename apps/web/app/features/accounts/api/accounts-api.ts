import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import type { User } from "@vestin/shared/accounts";
import { apiFetch, errorMessage, NetworkError, type ApiResult } from "~/lib/api-client";
import type { FormGuardPayload } from "~/lib/form-guard";
import { attributionForForm } from "~/features/attribution/first-touch";

export type SessionResult = { ok: true; token: string; user: User } | { ok: false; message: string; errors?: Record<string, string> };

function isUser(value: unknown): value is User {
  return Boolean(value && typeof value === "object" && typeof (value as User).email === "string");
}

/**
 * Reads a sign-in answer in any of the shapes the spec lists: success + data { token, user },
 * a top-level token, data.token, or accessToken with user.
 */
export function readSession(body: Record<string, unknown>): { token: string; user: User } | undefined {
  const data = (body.data && typeof body.data === "object" ? body.data : {}) as Record<string, unknown>;
  const token = [data.token, body.token, data.accessToken, body.accessToken].find((t): t is string => typeof t === "string" && t.length > 0);
  const user = [data.user, body.user].find(isUser);
  return token && user ? { token, user } : undefined;
}

async function sessionCall(path: string, body: unknown, fallback: string): Promise<SessionResult> {
  let result: ApiResult<unknown>;
  try {
    result = await apiFetch(path, { method: "POST", body, token: false });
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, message: ACCOUNT_MESSAGES.networkError };
    throw err;
  }
  if (!result.ok) return { ok: false, message: errorMessage(result, fallback), ...(result.errors ? { errors: result.errors } : {}) };
  const session = readSession(result.body);
  return session ? { ok: true, ...session } : { ok: false, message: ACCOUNT_MESSAGES.invalidResponse };
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

export const loginRequest = (email: string, password: string) =>
  sessionCall("/auth/login", { email, password }, ACCOUNT_MESSAGES.loginFailed);

/** Registration carries the form guard's fields (token, honeypot, challenge) and the visitor's attribution next to the account's. */
export const registerRequest = (input: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  subscribeNewsletter: boolean;
} & FormGuardPayload) => sessionCall("/auth/register", { ...input, role: "user", attribution: attributionForForm() }, ACCOUNT_MESSAGES.registrationFailed);

/** A Google sign-in that creates the account keeps the visitor's attribution (an existing account keeps its own). */
export const googleVerifyRequest = (idToken: string) => sessionCall("/auth/google/verify", { idToken, attribution: attributionForForm() }, ACCOUNT_MESSAGES.googleRefused);

/** The attribution as flat query parameters of the Google callback (the same names as the form field's). */
function attributionQuery(): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(attributionForForm() ?? {})) if (value) params.set(field, value);
  const text = params.toString();
  return text ? `&${text}` : "";
}

export async function googleCallbackRequest(code: string, state: string): Promise<SessionResult> {
  try {
    const result = await apiFetch(`/auth/google/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${attributionQuery()}`, { token: false });
    if (!result.ok) return { ok: false, message: errorMessage(result, ACCOUNT_MESSAGES.oauthFailed) };
    const session = readSession(result.body);
    return session ? { ok: true, ...session } : { ok: false, message: ACCOUNT_MESSAGES.invalidResponse };
  } catch {
    return { ok: false, message: ACCOUNT_MESSAGES.networkError };
  }
}

export async function googleAuthUrlRequest(): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  try {
    const result = await apiFetch<{ google?: { authUrl?: string } }>("/auth/oauth/urls", { token: false });
    const url = result.ok ? result.data.google?.authUrl : undefined;
    return url ? { ok: true, url } : { ok: false, message: result.ok ? ACCOUNT_MESSAGES.failedGoogleLogin : errorMessage(result, ACCOUNT_MESSAGES.failedGoogleLogin) };
  } catch {
    return { ok: false, message: ACCOUNT_MESSAGES.failedGoogleLogin };
  }
}

export async function forgotPasswordRequest(
  email: string,
  fallback: string,
): Promise<{ ok: boolean; message: string; resetToken?: string }> {
  try {
    const result = await apiFetch<{ resetToken?: unknown } | null>("/auth/forgot-password", { method: "POST", body: { email }, token: false });
    if (!result.ok) return { ok: false, message: errorMessage(result, fallback) };
    // Some servers hand the token back directly (learning spec section 5); ours only e-mails it.
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
