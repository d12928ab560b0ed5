import type { ConfirmAnswer, UnsubscribeAnswer, UnsubscribeInfo } from "@vestin/shared/newsletter";
import { NEWSLETTER_MESSAGES, SUBSCRIPTION_STATUSES } from "@vestin/shared/newsletter-core";
import { apiRequest, type ApiResult } from "~/lib/api-client";
import { subscribeSendCopy } from "../copy";

/*
 * The calls behind the links in the newsletter's e-mails. Each is made from the browser once the
 * page has loaded, never by the server render: a mail scanner that fetches links confirms or
 * cancels nothing, and the page itself is the same for every token.
 */

/** Why a link did not work: the server's 400 names an expired link; anything else it refuses is not valid. */
export type LinkProblem = { kind: "invalid" | "expired" | "failed"; message: string };

/** A link's call; a refusal without the server's words is "not valid" (400, 404) or "failed". */
const call = <T>(path: string, invalid: string, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<ApiResult<T>> =>
  apiRequest<T>(path, {
    ...init,
    token: false,
    describe: ({ serverMessage, status }) => serverMessage ?? (status === 400 || status === 404 ? invalid : subscribeSendCopy.failed),
    network: subscribeSendCopy.networkError,
  });

function problemOf(result: ApiResult<unknown> & { ok: false }, expired: string): LinkProblem {
  if (result.status === 400 || result.status === 404) {
    return result.message === expired ? { kind: "expired", message: expired } : { kind: "invalid", message: result.message };
  }
  return { kind: "failed", message: result.message };
}

const tokenQuery = (token: string) => `?token=${encodeURIComponent(token)}`;

export type ConfirmOutcome = { kind: ConfirmAnswer["status"]; message: string } | LinkProblem;

/** POST /newsletter/confirm: the double opt-in's second step. */
export async function confirmSubscription(token: string): Promise<ConfirmOutcome> {
  const result = await call<Partial<ConfirmAnswer>>("/newsletter/confirm", NEWSLETTER_MESSAGES.confirmInvalid, { method: "POST", body: { token } });
  if (result.ok) {
    const kind = result.data?.status === "already-confirmed" ? "already-confirmed" : "confirmed";
    const fallback = kind === "confirmed" ? NEWSLETTER_MESSAGES.confirmed : NEWSLETTER_MESSAGES.alreadyConfirmed;
    return { kind, message: typeof result.data?.message === "string" ? result.data.message : fallback };
  }
  return problemOf(result, NEWSLETTER_MESSAGES.confirmExpired);
}

export type UnsubscribeLookup = ({ kind: "found" } & UnsubscribeInfo) | LinkProblem;

/** GET /newsletter/unsubscribe: whose subscription the link is for (masked) and where it stands. */
export async function lookUpUnsubscribeLink(token: string): Promise<UnsubscribeLookup> {
  const result = await call<Partial<UnsubscribeInfo>>(`/newsletter/unsubscribe${tokenQuery(token)}`, NEWSLETTER_MESSAGES.unsubscribeInvalid);
  if (result.ok) {
    const status = SUBSCRIPTION_STATUSES.find((s) => s === result.data?.status) ?? "confirmed";
    return { kind: "found", email: typeof result.data?.email === "string" ? result.data.email : "", status };
  }
  return problemOf(result, NEWSLETTER_MESSAGES.unsubscribeExpired);
}

export type UnsubscribeOutcome = { kind: UnsubscribeAnswer["status"]; message: string } | LinkProblem;

/** POST /newsletter/unsubscribe with a JSON body (mail clients' one-click POST uses the same address as a form). */
export async function unsubscribe(token: string): Promise<UnsubscribeOutcome> {
  const result = await call<Partial<UnsubscribeAnswer>>(`/newsletter/unsubscribe${tokenQuery(token)}`, NEWSLETTER_MESSAGES.unsubscribeInvalid, {
    method: "POST",
    body: {},
  });
  if (result.ok) {
    const kind = result.data?.status === "already-unsubscribed" ? "already-unsubscribed" : "unsubscribed";
    const fallback = kind === "unsubscribed" ? NEWSLETTER_MESSAGES.unsubscribed : NEWSLETTER_MESSAGES.alreadyUnsubscribed;
    return { kind, message: typeof result.data?.message === "string" ? result.data.message : fallback };
  }
  return problemOf(result, NEWSLETTER_MESSAGES.unsubscribeExpired);
}
