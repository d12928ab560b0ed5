import { CONFIRM_MESSAGES } from "@vestin/shared/form-guard-core";
import { CONFIRMED_LEAD_KINDS, type ConfirmedLeadKind } from "@vestin/shared/lead-kinds";
import { fallbackTotalAhead, LEAD_MESSAGES, PRESALE_DEFAULTS } from "@vestin/shared/leads-core";
import type { ContactInput, PartnerInput, AirdropClaimInput, AirdropClaim, PresaleInput, WaitlistInput } from "@vestin/shared/leads";
import { CLAIM_STATUSES, type ClaimStatus } from "@vestin/shared/wallet-core";
import { apiRequest, type ApiResult, type Failure } from "~/lib/api-client";
import { isFormGuardMessage } from "~/lib/form-guard";
import { attributionForForm } from "~/features/attribution";
import { readFirstUser, readQueue } from "../read-responses";

type Json = Record<string, unknown>;
type Words = { describe: (failure: Failure) => string; network: string };

/** One lead call: the whole body is read (queue and referral fields may sit beside `data`). */
const call = (path: string, words: Words, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<ApiResult<Json>> =>
  apiRequest<Json>(path, { ...init, token: false, read: "body", ...words });

const dataOf = (body: Json) => (body.data && typeof body.data === "object" ? body.data : {}) as Json;
const messageOf = (body: Json) => (typeof body.message === "string" && body.message.trim() ? body.message : undefined);

/** The person's own referral code in a presale or waitlist answer, when there is one. */
const referralCodeOf = (body: Json): string | undefined => {
  const code = (dataOf(body).referral as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
};

/** Every form sends where its visitor first came from (features/attribution: consent, 30 days, ref from the page's own address). */
const withAttribution = <I extends object>(input: I) => ({ ...input, attribution: attributionForForm() });

/** Contact and partnership: "Sorry, there was an error: {message}" when there is a message, else the form's default. */
async function submitForm(path: string, body: unknown, fallback: string): Promise<ApiResult<null>> {
  const result = await call(
    path,
    {
      // The form guard's refusals are already written for people; others get the form's prefix.
      describe: ({ serverMessage }) =>
        serverMessage ? (isFormGuardMessage(serverMessage) ? serverMessage : LEAD_MESSAGES.errorWithMessage(serverMessage)) : fallback,
      network: fallback,
    },
    { method: "POST", body },
  );
  return result.ok ? { ok: true, status: result.status, data: null } : result;
}

export const submitContact = (input: ContactInput) => submitForm("/contacts", withAttribution(input), LEAD_MESSAGES.contactFailure);
export const submitPartnership = (input: PartnerInput) => submitForm("/partners", withAttribution(input), LEAD_MESSAGES.partnershipFailure);

export type PresaleStanding = { queuePosition?: number; totalAhead?: number; referralCode?: string };

/** Reads the data field; on failure the server's message or error, then the status text, then the default. */
export async function registerPresale(input: PresaleInput): Promise<ApiResult<PresaleStanding>> {
  const result = await call(
    "/presale",
    {
      describe: ({ serverMessage, statusText }) => serverMessage ?? (statusText || LEAD_MESSAGES.presaleApiDefault),
      network: LEAD_MESSAGES.presaleNetworkError,
    },
    { method: "POST", body: withAttribution(input) },
  );
  if (!result.ok) return result;
  const { position, ahead } = readQueue(result.data);
  const referralCode = referralCodeOf(result.data);
  return {
    ok: true,
    status: result.status,
    data: {
      ...(position ? { queuePosition: position } : {}),
      ...(ahead !== undefined ? { totalAhead: ahead } : {}),
      ...(referralCode ? { referralCode } : {}),
    },
  };
}

export type QueueOutcome = { kind: "loaded"; queuePosition: number; totalAhead: number } | { kind: "no-position" } | { kind: "failed" };

/** GET /presale/{email}; when only the position comes back, the total is max(1000, 5 × position). */
export async function fetchQueuePosition(email: string): Promise<QueueOutcome> {
  const result = await call(`/presale/${encodeURIComponent(email)}`, { describe: () => "", network: "" });
  if (!result.ok) return { kind: "failed" };
  const { position, ahead } = readQueue(result.data);
  if (!position) return { kind: "no-position" };
  return { kind: "loaded", queuePosition: position, totalAhead: ahead ?? fallbackTotalAhead(position) };
}

export const QUEUE_DEFAULTS = { queuePosition: PRESALE_DEFAULTS.queuePosition, totalAhead: PRESALE_DEFAULTS.totalAhead } as const;

/** The waitlist: the server's text, else a non-JSON answer's own text, else "Request failed ({status})", else the generic text. */
export async function joinWaitlist(input: WaitlistInput): Promise<ApiResult<{ referral?: { code: string; link: string } }>> {
  const result = await call(
    "/testnet-signup",
    {
      describe: ({ serverMessage, isJson, text, status }) =>
        serverMessage ?? (isJson ? undefined : text.trim().slice(0, 300) || undefined) ?? LEAD_MESSAGES.waitlistRequestFailed(status),
      network: LEAD_MESSAGES.waitlistGenericError,
    },
    { method: "POST", body: withAttribution(input) },
  );
  if (!result.ok) return result;
  const referralCode = referralCodeOf(result.data);
  const link = (dataOf(result.data).referral as { link?: unknown } | undefined)?.link;
  return { ok: true, status: result.status, data: referralCode && typeof link === "string" ? { referral: { code: referralCode, link } } : {} };
}

export type ClaimAnswer = { claimStatus: ClaimStatus | undefined; message: string | undefined };

/**
 * The airdrop claim: the four fields and the wallet's signature (walletProof). The server computes
 * the rewards; its answer says whether the claim is granted or waits for the team's review. A
 * refusal shows the server's sentence (unknown username, wallet not linked, already claimed);
 * without one, "API request failed: {status} {statusText}".
 */
export async function submitClaim(input: AirdropClaimInput): Promise<ApiResult<ClaimAnswer>> {
  const result = await call(
    "/pioneer-users",
    {
      describe: ({ serverMessage, status, statusText }) => serverMessage ?? LEAD_MESSAGES.claimApiFailed(status, statusText),
      network: LEAD_MESSAGES.claimGenericError,
    },
    { method: "POST", body: withAttribution(input) },
  );
  if (!result.ok) return result;
  const status = dataOf(result.data).claimStatus;
  const claimStatus = (CLAIM_STATUSES as readonly unknown[]).includes(status) ? (status as ClaimStatus) : undefined;
  return { ok: true, status: result.status, data: { claimStatus, message: messageOf(result.data) } };
}

/** The result view's record: the first claim found for the stored e-mail. */
export async function fetchClaim(email: string | null): Promise<ApiResult<AirdropClaim>> {
  if (!email) return { ok: false, status: 0, message: LEAD_MESSAGES.resultNoEmail };
  const result = await call(`/pioneer-users?search=${encodeURIComponent(email)}`, {
    describe: ({ serverMessage, status, statusText, text }) => LEAD_MESSAGES.resultFetchFailed(status, statusText, serverMessage ?? text.trim().slice(0, 300)),
    network: LEAD_MESSAGES.resultLoadFailed,
  });
  if (!result.ok) return result;
  const user = readFirstUser<AirdropClaim>(result.data);
  return user ? { ok: true, status: result.status, data: user } : { ok: false, status: result.status, message: LEAD_MESSAGES.resultNoUser };
}

export type ConfirmOutcome = { ok: true; confirmed: ConfirmedLeadKind[] } | { ok: false; reason: "invalid" | "expired" | "used" | "failed"; message: string };

/** Opens an e-mailed confirmation link (POST /confirm); the reason picks the page's heading. */
export async function confirmEmail(token: string): Promise<ConfirmOutcome> {
  const result = await call(
    "/confirm",
    { describe: ({ serverMessage }) => serverMessage ?? LEAD_MESSAGES.waitlistGenericError, network: LEAD_MESSAGES.presaleNetworkError },
    { method: "POST", body: { token } },
  );
  if (result.ok) {
    const confirmed = dataOf(result.data).confirmed;
    return {
      ok: true,
      confirmed: Array.isArray(confirmed) ? (confirmed.filter((k) => (CONFIRMED_LEAD_KINDS as readonly unknown[]).includes(k)) as ConfirmedLeadKind[]) : [],
    };
  }
  const { message } = result;
  if (message === CONFIRM_MESSAGES.used) return { ok: false, reason: "used", message };
  if (message === CONFIRM_MESSAGES.expired) return { ok: false, reason: "expired", message };
  if (message === CONFIRM_MESSAGES.invalid) return { ok: false, reason: "invalid", message };
  return { ok: false, reason: "failed", message };
}

/** "Send me a new link" for an expired confirmation link (POST /confirm/resend): the answer is the same whether or not an e-mail went out. */
export async function resendConfirmation(token: string): Promise<{ ok: boolean; message: string }> {
  const result = await call(
    "/confirm/resend",
    { describe: ({ serverMessage }) => serverMessage ?? LEAD_MESSAGES.waitlistGenericError, network: LEAD_MESSAGES.presaleNetworkError },
    { method: "POST", body: { token } },
  );
  return result.ok ? { ok: true, message: messageOf(result.data) ?? CONFIRM_MESSAGES.resent } : result;
}
