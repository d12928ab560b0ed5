import { z } from "@vestin/shared/zod";
import { accountSettingsSchema, sessionSchema, type AccountSettings, type PasswordChange, type ProfileUpdate, type SessionInfo } from "@vestin/shared/me";
import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@vestin/shared/two-factor";
import type { SecondStepProof } from "~/features/accounts";
import { signOutLocally } from "~/lib/session/auth-store";
import { apiFetch, API_BASE, errorMessage, NetworkError, storedToken } from "~/lib/api-client";
import { ACCOUNT_COPY } from "../copy";
import { exportFileName } from "../format";

export type Outcome<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string; errors?: Record<string, string> };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One call to /me: the envelope's data checked against the shared schema, or the server's own
 * message and field errors. A 401 means the session was ended elsewhere (a password change, a
 * "sign out everywhere"): this browser forgets it, and the page's guard sends the member to sign in.
 */
async function call<S extends z.ZodType>(
  schema: S,
  path: string,
  fallback: string,
  init: { method?: Method; body?: unknown } = {},
): Promise<Outcome<z.infer<S>>> {
  try {
    const result = await apiFetch<unknown>(path, init);
    if (!result.ok) {
      if (result.status === 401) signOutLocally();
      return { ok: false, status: result.status, message: errorMessage(result, fallback), ...(result.errors ? { errors: result.errors } : {}) };
    }
    const parsed = schema.safeParse(result.status === 204 ? null : result.data);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${path}`, parsed.error.issues);
      return { ok: false, status: result.status, message: ACCOUNT_COPY.unreadable };
    }
    return { ok: true, status: result.status, data: parsed.data };
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, status: 0, message: ACCOUNT_COPY.network };
    throw err;
  }
}

const messageSchema = z.object({ message: z.string() });

/** A 200 whose answer is `{ message }` in the envelope's data, or the envelope's own message. */
async function callForMessage(path: string, fallback: string, body: unknown): Promise<Outcome<string>> {
  try {
    const result = await apiFetch<unknown>(path, { method: "POST", body });
    if (!result.ok) {
      if (result.status === 401) signOutLocally();
      return { ok: false, status: result.status, message: errorMessage(result, fallback), ...(result.errors ? { errors: result.errors } : {}) };
    }
    const parsed = messageSchema.safeParse(result.data);
    return { ok: true, status: result.status, data: parsed.success ? parsed.data.message : (result.message ?? "") };
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, status: 0, message: ACCOUNT_COPY.network };
    throw err;
  }
}

export const fetchAccountSettings = (): Promise<Outcome<AccountSettings>> => call(accountSettingsSchema, "/me/account", "Failed to load your account settings");

export const saveProfile = (profile: ProfileUpdate): Promise<Outcome<AccountSettings>> =>
  call(accountSettingsSchema, "/me/account", "Failed to save your name", { method: "PATCH", body: profile });

/** 200 { message }: changed (other sessions signed out) or, for a Google-only account, set. */
export const changePassword = (change: PasswordChange): Promise<Outcome<string>> => callForMessage("/me/password", "Failed to change your password", change);

export const savePreferences = (preferences: { newsletter: boolean }): Promise<Outcome<AccountSettings>> =>
  call(accountSettingsSchema, "/me/preferences", "Failed to save your e-mail preferences", { method: "PUT", body: preferences });

export const fetchSessions = (): Promise<Outcome<SessionInfo[]>> => call(z.array(sessionSchema), "/me/sessions", "Failed to load your sessions");

export const signOutSession = (sessionId: string): Promise<Outcome<unknown>> =>
  call(z.unknown(), `/me/sessions/${encodeURIComponent(sessionId)}`, "Failed to sign out that session", { method: "DELETE" });

export const signOutOtherSessions = (): Promise<Outcome<{ revoked: number }>> =>
  call(z.object({ revoked: z.number().int() }), "/me/sessions/sign-out-others", "Failed to sign out your other sessions", { method: "POST" });

export const fetchTwoFactorStatus = (): Promise<Outcome<TwoFactorStatus>> => call(twoFactorStatusSchema, "/me/2fa", "Failed to load your two-factor sign-in");

/** A new secret to scan; nothing changes until `enableTwoFactor` gets a code made from it. */
export const startTwoFactorSetup = (): Promise<Outcome<TwoFactorSetup>> =>
  call(twoFactorSetupSchema, "/me/2fa/setup", "Failed to start setting up two-factor sign-in", { method: "POST" });

/** The first code turns it on: the ten recovery codes come back (shown once) and other sessions end. */
export const enableTwoFactor = (code: string): Promise<Outcome<RecoveryCodes>> =>
  call(recoveryCodesSchema, "/me/2fa/enable", "Failed to turn on two-factor sign-in", { method: "POST", body: { code } });

export const makeNewRecoveryCodes = (proof: SecondStepProof): Promise<Outcome<RecoveryCodes>> =>
  call(recoveryCodesSchema, "/me/2fa/recovery-codes", "Failed to make new recovery codes", { method: "POST", body: proof });

/** Members only: an administrator is refused (403) with the reason. */
export const turnOffTwoFactor = (proof: SecondStepProof): Promise<Outcome<string>> =>
  callForMessage("/me/2fa/disable", "Failed to turn off two-factor sign-in", proof);

/** Every session is ended by the server afterwards; the caller signs this browser out. */
export const deleteAccount = (confirmation: { email: string; password?: string }): Promise<Outcome<string>> =>
  callForMessage("/me/delete", "Failed to delete your account", confirmation);

/**
 * GET /me/export answers with the JSON file itself (not the envelope), and needs the bearer
 * token, so it cannot be a plain link: the file is fetched and handed to the browser as a download.
 */
export async function downloadMyData(): Promise<Outcome<string>> {
  const token = storedToken();
  try {
    const res = await fetch(`${API_BASE}/me/export`, { headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    if (!res.ok) {
      if (res.status === 401) signOutLocally();
      const body = (await res.json().catch(() => ({}))) as { message?: unknown };
      return { ok: false, status: res.status, message: typeof body.message === "string" ? body.message : ACCOUNT_COPY.exportFailed };
    }
    const fileName = exportFileName(res.headers.get("content-disposition"));
    const url = URL.createObjectURL(new Blob([await res.blob()], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { ok: true, status: res.status, data: fileName };
  } catch {
    return { ok: false, status: 0, message: ACCOUNT_COPY.network };
  }
}
