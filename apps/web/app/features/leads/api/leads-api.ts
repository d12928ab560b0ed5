import { CONFIRM_MESSAGES, CONFIRMED_LEAD_TYPES } from "@vestin/shared/form-guard-core";
import type { ConfirmedLeadType } from "@vestin/shared/form-guard";
import { fallbackTotalAhead, LEAD_MESSAGES, PRESALE_DEFAULTS } from "@vestin/shared/leads-core";
import type { ContactInput, PartnerInput, PioneerClaimInput, PioneerUser, PresaleInput, WaitlistInput } from "@vestin/shared/leads";
import { CLAIM_STATUSES, type ClaimStatus } from "@vestin/shared/wallet-core";
import { API_BASE } from "~/lib/api-client";
import { isFormGuardMessage } from "~/lib/form-guard";
import { attributionForForm } from "~/features/attribution";
import { readFirstUser, readQueue } from "../read-responses";

/** One answer, with what each form's error texts need: status, status text, raw text and JSON. */
type Answer = { ok: boolean; status: number; statusText: string; text: string; json: Record<string, unknown> | undefined };

/** Thrown when no answer came back (offline, server down). */
export class LeadNetworkError extends Error {
  override name = "LeadNetworkError";
}

async function call(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? "GET",
      headers: { accept: "application/json", ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (err) {
    throw new LeadNetworkError((err as Error).message);
  }
  const text = await res.text().catch(() => "");
  let json: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: callers fall back to the raw text or the status.
  }
  return { ok: res.ok && json?.success !== false, status: res.status, statusText: res.statusText, text, json };
}

const serverMessage = (answer: Answer): string | undefined => {
  const m = answer.json?.message ?? answer.json?.error;
  return typeof m === "string" && m.trim() ? m : undefined;
};
const fieldErrorsOf = (answer: Answer): Record<string, string> | undefined => {
  const errors = answer.json?.errors;
  return errors && typeof errors === "object" ? (errors as Record<string, string>) : undefined;
};

export type SubmitOutcome = { ok: true } | { ok: false; message: string; errors?: Record<string, string> };

/** The person's own referral code in a presale or waitlist answer, when there is one. */
const referralCodeOf = (answer: Answer): string | undefined => {
  const code = (answer.json?.data as { referral?: { code?: unknown } } | undefined)?.referral?.code;
  return typeof code === "string" ? code : undefined;
};

/** Every form sends where its visitor first came from (features/attribution: consent, 30 days, ref from the page's own address). */
const withAttribution = <I extends object>(input: I) => ({ ...input, attribution: attributionForForm() });

/** Contact and partnership: "Sorry, there was an error: {message}" when there is a message, else the form's default. */
async function submitForm(path: string, body: unknown, fallback: string): Promise<SubmitOutcome> {
  try {
    const answer = await call(path, { method: "POST", body });
    if (answer.ok) return { ok: true };
    const message = serverMessage(answer);
    const errors = fieldErrorsOf(answer);
    // The form guard's refusals are already written for people; others get the form's prefix.
    const text = message ? (isFormGuardMessage(message) ? message : LEAD_MESSAGES.errorWithMessage(message)) : fallback;
    return { ok: false, message: text, ...(errors ? { errors } : {}) };
  } catch {
    return { ok: false, message: fallback };
  }
}

export const submitContact = (input: ContactInput) => submitForm("/contacts", withAttribution(input), LEAD_MESSAGES.contactFailure);
export const submitPartnership = (input: PartnerInput) => submitForm("/partners", withAttribution(input), LEAD_MESSAGES.partnershipFailure);

export type PresaleOutcome =
  | { ok: true; data: { queuePosition?: number; totalAhead?: number; referralCode?: string } }
  | { ok: false; message: string; errors?: Record<string, string> };

/** Reads the data field; on failure the server's message or error, then the status text, then the default. */
export async function registerPresale(input: PresaleInput): Promise<PresaleOutcome> {
  let answer: Answer;
  try {
    answer = await call("/presale", { method: "POST", body: withAttribution(input) });
  } catch {
    return { ok: false, message: LEAD_MESSAGES.presaleNetworkError };
  }
  if (answer.ok) {
    const { position, ahead } = readQueue(answer.json);
    const referralCode = referralCodeOf(answer);
    return {
      ok: true,
      data: {
        ...(position ? { queuePosition: position } : {}),
        ...(ahead !== undefined ? { totalAhead: ahead } : {}),
        ...(referralCode ? { referralCode } : {}),
      },
    };
  }
  const errors = fieldErrorsOf(answer);
  return { ok: false, message: serverMessage(answer) ?? (answer.statusText || LEAD_MESSAGES.presaleApiDefault), ...(errors ? { errors } : {}) };
}

export type QueueOutcome = { kind: "loaded"; queuePosition: number; totalAhead: number } | { kind: "no-position" } | { kind: "failed" };

/** GET /presale/{email}; when only the position comes back, the total is max(1000, 5 × position). */
export async function fetchQueuePosition(email: string): Promise<QueueOutcome> {
  try {
    const answer = await call(`/presale/${encodeURIComponent(email)}`);
    if (!answer.ok) return { kind: "failed" };
    const { position, ahead } = readQueue(answer.json);
    if (!position) return { kind: "no-position" };
    return { kind: "loaded", queuePosition: position, totalAhead: ahead ?? fallbackTotalAhead(position) };
  } catch {
    return { kind: "failed" };
  }
}

export const QUEUE_DEFAULTS = { queuePosition: PRESALE_DEFAULTS.queuePosition, totalAhead: PRESALE_DEFAULTS.totalAhead } as const;

/** The waitlist: the server's text, else "Request failed ({status})", else the generic text. */
export async function joinWaitlist(input: WaitlistInput): Promise<SubmitOutcome & { referral?: { code: string; link: string } }> {
  try {
    const answer = await call("/testnet-signup", { method: "POST", body: withAttribution(input) });
    if (answer.ok) {
      const referralCode = referralCodeOf(answer);
      const link = (answer.json?.data as { referral?: { link?: unknown } } | undefined)?.referral?.link;
      return { ok: true, ...(referralCode && typeof link === "string" ? { referral: { code: referralCode, link } } : {}) };
    }
    const errors = fieldErrorsOf(answer);
    const text = serverMessage(answer) ?? (answer.json ? undefined : answer.text.trim().slice(0, 300) || undefined);
    return { ok: false, message: text ?? LEAD_MESSAGES.waitlistRequestFailed(answer.status), ...(errors ? { errors } : {}) };
  } catch {
    return { ok: false, message: LEAD_MESSAGES.waitlistGenericError };
  }
}

export type ClaimOutcome =
  | { ok: true; claimStatus: ClaimStatus | undefined; message: string | undefined }
  | { ok: false; message: string; errors?: Record<string, string> };

/**
 * The airdrop claim: the four fields and the wallet's signature (walletProof). The server computes
 * the rewards; its answer says whether the claim is granted or waits for the team's review. A
 * refusal shows the server's sentence (unknown username, wallet not linked, already claimed);
 * without one, "API request failed: {status} {statusText}".
 */
export async function submitClaim(input: PioneerClaimInput): Promise<ClaimOutcome> {
  try {
    const answer = await call("/pioneer-users", { method: "POST", body: withAttribution(input) });
    if (answer.ok) {
      const status = (answer.json?.data as { claimStatus?: unknown } | undefined)?.claimStatus;
      const claimStatus = (CLAIM_STATUSES as readonly unknown[]).includes(status) ? (status as ClaimStatus) : undefined;
      return { ok: true, claimStatus, message: serverMessage(answer) };
    }
    const errors = fieldErrorsOf(answer);
    return { ok: false, message: serverMessage(answer) ?? LEAD_MESSAGES.claimApiFailed(answer.status, answer.statusText), ...(errors ? { errors } : {}) };
  } catch {
    return { ok: false, message: LEAD_MESSAGES.claimGenericError };
  }
}

export type ClaimLookup = { ok: true; user: PioneerUser } | { ok: false; message: string };

/** The result view's record: the first claim found for the stored e-mail. */
export async function fetchClaim(email: string | null): Promise<ClaimLookup> {
  if (!email) return { ok: false, message: LEAD_MESSAGES.resultNoEmail };
  try {
    const answer = await call(`/pioneer-users?search=${encodeURIComponent(email)}`);
    if (!answer.ok) {
      const body = serverMessage(answer) ?? answer.text.trim().slice(0, 300);
      return { ok: false, message: LEAD_MESSAGES.resultFetchFailed(answer.status, answer.statusText, body) };
    }
    const user = readFirstUser<PioneerUser>(answer.json);
    return user ? { ok: true, user } : { ok: false, message: LEAD_MESSAGES.resultNoUser };
  } catch {
    return { ok: false, message: LEAD_MESSAGES.resultLoadFailed };
  }
}

export type ConfirmOutcome = { ok: true; confirmed: ConfirmedLeadType[] } | { ok: false; reason: "invalid" | "expired" | "used" | "failed"; message: string };

/** Opens an e-mailed confirmation link (POST /confirm); the reason picks the page's heading. */
export async function confirmEmail(token: string): Promise<ConfirmOutcome> {
  let answer: Answer;
  try {
    answer = await call("/confirm", { method: "POST", body: { token } });
  } catch {
    return { ok: false, reason: "failed", message: LEAD_MESSAGES.presaleNetworkError };
  }
  if (answer.ok) {
    const data = answer.json?.data as { confirmed?: unknown } | undefined;
    const confirmed = Array.isArray(data?.confirmed)
      ? (data.confirmed.filter((k) => (CONFIRMED_LEAD_TYPES as readonly unknown[]).includes(k)) as ConfirmedLeadType[])
      : [];
    return { ok: true, confirmed };
  }
  const message = serverMessage(answer);
  if (message === CONFIRM_MESSAGES.used) return { ok: false, reason: "used", message };
  if (message === CONFIRM_MESSAGES.expired) return { ok: false, reason: "expired", message };
  if (message === CONFIRM_MESSAGES.invalid) return { ok: false, reason: "invalid", message };
  return { ok: false, reason: "failed", message: message ?? LEAD_MESSAGES.waitlistGenericError };
}

/** "Send me a new link" for an expired confirmation link (POST /confirm/resend): the answer is the same whether or not an e-mail went out. */
export async function resendConfirmation(token: string): Promise<{ ok: boolean; message: string }> {
  let answer: Answer;
  try {
    answer = await call("/confirm/resend", { method: "POST", body: { token } });
  } catch {
    return { ok: false, message: LEAD_MESSAGES.presaleNetworkError };
  }
  if (answer.ok) return { ok: true, message: serverMessage(answer) ?? CONFIRM_MESSAGES.resent };
  return { ok: false, message: serverMessage(answer) ?? LEAD_MESSAGES.waitlistGenericError };
}
