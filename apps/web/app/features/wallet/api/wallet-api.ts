import type { WalletPurpose } from "@vestin/shared/wallet-core";
import { apiRequest, type ApiResult } from "~/lib/api-client";
import { walletCopy } from "../copy";

/** POST /wallet/challenge's answer: the EIP-4361 message to sign unchanged. */
export type WalletChallenge = { message: string; nonce: string; chainId: number; issuedAt: string; expiresAt: string };

export type ChallengeRequest = { address: string; purpose: WalletPurpose; zealyUsername?: string };

/** Asks the server for the message this wallet signs for one purpose (and, for a claim, one Zealy username). */
export async function requestWalletChallenge(input: ChallengeRequest): Promise<ApiResult<WalletChallenge>> {
  const result = await apiRequest<Partial<WalletChallenge> | undefined>("/wallet/challenge", {
    method: "POST",
    body: input,
    token: false,
    describe: ({ serverMessage, status }) => serverMessage ?? walletCopy.challengeFailed(status),
    network: walletCopy.networkError,
  });
  if (!result.ok) return result;
  const data = result.data;
  if (typeof data?.message !== "string") return { ok: false, status: result.status, message: walletCopy.challengeFailed(result.status) };
  return {
    ok: true,
    status: result.status,
    data: {
      message: data.message,
      nonce: String(data.nonce ?? ""),
      chainId: Number(data.chainId),
      issuedAt: String(data.issuedAt ?? ""),
      expiresAt: String(data.expiresAt ?? ""),
    },
  };
}
