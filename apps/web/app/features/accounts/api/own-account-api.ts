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
import type { SecondStepProof } from "./accounts-api";
import { signOutLocally } from "~/lib/session/auth-store";
import { apiRequest, type ApiResult } from "~/lib/api-client";
import { apiFile, saveBlob } from "~/lib/api-files";
import { ACCOUNT_COPY } from "../own-account-copy";
import { exportFileName } from "../format";
import { checkedAnswer } from "~/lib/api-checked";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A 401 means the session was ended elsewhere (a password change, "sign out everywhere"): this browser forgets it. */
function forgetEndedSession<T>(result: ApiResult<T>): ApiResult<T> {
  if (!result.ok && result.status === 401) signOutLocally();
  return result;
}

/**
 * One call to /me: the envelope's data checked against the shared schema, or the server's own
 * message and field errors. After a 401 the page's guard sends the person to sign in.
 */
async function call<S extends z.ZodType>(
  schema: S,
  path: string,
  fallback: string,
  init: { method?: Method; body?: unknown } = {},
): Promise<ApiResult<z.infer<S>>> {
  return checkedAnswer(schema, forgetEndedSession(await apiRequest<unknown>(path, { ...init, fallback, network: ACCOUNT_COPY.network })), path);
}

const messageSchema = z.object({ message: z.string() });

/** A 200 whose answer is `{ message }` in the envelope's data, or the envelope's own message. */
async function callForMessage(path: string, fallback: string, body: unknown): Promise<ApiResult<string>> {
  const result = forgetEndedSession(
    await apiRequest<Record<string, unknown>>(path, { method: "POST", body, fallback, network: ACCOUNT_COPY.network, read: "body" }),
  );
  if (!result.ok) return result;
  const inData = messageSchema.safeParse(result.data.data);
  const own = result.data.message;
  return { ok: true, status: result.status, data: inData.success ? inData.data.message : typeof own === "string" ? own : "" };
}

export const fetchAccountSettings = (): Promise<ApiResult<AccountSettings>> =>
  call(accountSettingsSchema, "/me/account", "Failed to load your account settings");

export const saveProfile = (profile: ProfileUpdate): Promise<ApiResult<AccountSettings>> =>
  call(accountSettingsSchema, "/me/account", "Failed to save your name", { method: "PATCH", body: profile });

/** 200 { message }: changed (other sessions signed out) or, for a Google-only account, set. */
export const changePassword = (change: PasswordChange): Promise<ApiResult<string>> => callForMessage("/me/password", "Failed to change your password", change);

export const savePreferences = (preferences: { newsletter: boolean }): Promise<ApiResult<AccountSettings>> =>
  call(accountSettingsSchema, "/me/preferences", "Failed to save your e-mail preferences", { method: "PUT", body: preferences });

export const fetchSessions = (): Promise<ApiResult<SessionInfo[]>> => call(z.array(sessionSchema), "/me/sessions", "Failed to load your sessions");

export const signOutSession = (sessionId: string): Promise<ApiResult<unknown>> =>
  call(z.unknown(), `/me/sessions/${encodeURIComponent(sessionId)}`, "Failed to sign out that session", { method: "DELETE" });

export const signOutOtherSessions = (): Promise<ApiResult<{ revoked: number }>> =>
  call(z.object({ revoked: z.number().int() }), "/me/sessions/sign-out-others", "Failed to sign out your other sessions", { method: "POST" });

export const fetchTwoFactorStatus = (): Promise<ApiResult<TwoFactorStatus>> => call(twoFactorStatusSchema, "/me/2fa", "Failed to load your two-factor sign-in");

/** A new secret to scan; nothing changes until `enableTwoFactor` gets a code made from it. */
export const startTwoFactorSetup = (): Promise<ApiResult<TwoFactorSetup>> =>
  call(twoFactorSetupSchema, "/me/2fa/setup", "Failed to start setting up two-factor sign-in", { method: "POST" });

/** The first code turns it on: the ten recovery codes come back (shown once) and other sessions end. */
export const enableTwoFactor = (code: string): Promise<ApiResult<RecoveryCodes>> =>
  call(recoveryCodesSchema, "/me/2fa/enable", "Failed to turn on two-factor sign-in", { method: "POST", body: { code } });

export const makeNewRecoveryCodes = (proof: SecondStepProof): Promise<ApiResult<RecoveryCodes>> =>
  call(recoveryCodesSchema, "/me/2fa/recovery-codes", "Failed to make new recovery codes", { method: "POST", body: proof });

/** Members only: an administrator is refused (403) with the reason. */
export const turnOffTwoFactor = (proof: SecondStepProof): Promise<ApiResult<string>> =>
  callForMessage("/me/2fa/disable", "Failed to turn off two-factor sign-in", proof);

/** Every session is ended by the server afterwards; the caller signs this browser out. */
export const deleteAccount = (confirmation: { email: string; password?: string }): Promise<ApiResult<string>> =>
  callForMessage("/me/delete", "Failed to delete your account", confirmation);

/**
 * GET /me/export answers with the JSON file itself (not the envelope), and needs the bearer
 * token, so it cannot be a plain link: the file is fetched and handed to the browser as a download.
 */
export async function downloadMyData(): Promise<ApiResult<string>> {
  const result = forgetEndedSession(await apiFile("/me/export", { fallback: ACCOUNT_COPY.exportFailed, network: ACCOUNT_COPY.network }));
  if (!result.ok) return result;
  const fileName = exportFileName(result.data.headers.get("content-disposition"));
  saveBlob(new Blob([result.data.blob], { type: "application/json" }), fileName);
  return { ok: true, status: result.status, data: fileName };
}
