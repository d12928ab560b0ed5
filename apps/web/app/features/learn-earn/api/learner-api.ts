import { type LearnEarnStatus, learnEarnStatusSchema, type LinkedWallet, linkedWalletSchema, LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn";
import type { ApiResult } from "~/lib/api-client";
import { checkedRequest } from "~/lib/api-checked";
import { NETWORK_MESSAGE } from "~/lib/network-message";
import { LEARN_EARN_COPY } from "../copy";

/*
 * The signed-in learner's calls (answers checked against the shared schemas, so this module is
 * imported when first needed: a visitor's pages never load zod).
 */

/** GET /me/learn-earn: the running sprint (or null), the learner's quests with their grants, XP and rank. */
export const learnEarnStatus = (): Promise<ApiResult<LearnEarnStatus>> =>
  checkedRequest(learnEarnStatusSchema, "/me/learn-earn", { fallback: LEARN_EARN_COPY.loadFailed, network: NETWORK_MESSAGE });

/** GET /me/wallet: the linked wallet, or null when there is none (404). */
export async function linkedWallet(): Promise<ApiResult<LinkedWallet | null>> {
  const result = await checkedRequest(linkedWalletSchema.nullable(), "/me/wallet", { network: NETWORK_MESSAGE });
  if (!result.ok && result.status === 404) return { ok: true, status: 404, data: null };
  return result;
}

/**
 * POST /me/wallet with the signed "link" message. The two refusals (409) are the server's own
 * sentences: the wallet is linked to another account, or this account already has one.
 */
export const linkWallet = (proof: { message: string; signature: string }): Promise<ApiResult<LinkedWallet>> =>
  checkedRequest(linkedWalletSchema, "/me/wallet", {
    method: "POST",
    body: proof,
    network: NETWORK_MESSAGE,
    describe: ({ serverMessage, status }) =>
      serverMessage ?? (status === 409 ? LEARN_EARN_MESSAGES.walletTaken : `The wallet could not be linked (${status}).`),
  });
