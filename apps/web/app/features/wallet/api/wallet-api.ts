import type { WalletPurpose } from "@vestin/shared/wallet-core";
import { API_BASE } from "~/lib/api-client";
import { walletCopy } from "../copy";

/** POST /wallet/challenge's answer: the EIP-4361 message to sign unchanged. */
export type WalletChallenge = { message: string; nonce: string; chainId: number; issuedAt: string; expiresAt: string };

export type ChallengeOutcome = { ok: true; challenge: WalletChallenge } | { ok: false; message: string; errors?: Record<string, string> };

export type ChallengeRequest = { address: string; purpose: WalletPurpose; zealyUsername?: string };

/** Asks the server for the message this wallet signs for one purpose (and, for a claim, one Zealy username). */
export async function requestWalletChallenge(input: ChallengeRequest): Promise<ChallengeOutcome> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/wallet/challenge`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, message: walletCopy.networkError };
  }
  const body = (await res.json().catch(() => undefined)) as
    | { success?: boolean; data?: Partial<WalletChallenge>; message?: unknown; errors?: unknown }
    | undefined;
  const data = body?.data;
  if (res.ok && body?.success !== false && typeof data?.message === "string") {
    return {
      ok: true,
      challenge: {
        message: data.message,
        nonce: String(data.nonce ?? ""),
        chainId: Number(data.chainId),
        issuedAt: String(data.issuedAt ?? ""),
        expiresAt: String(data.expiresAt ?? ""),
      },
    };
  }
  const errors = body?.errors && typeof body.errors === "object" ? (body.errors as Record<string, string>) : undefined;
  const message = typeof body?.message === "string" && body.message.trim() ? body.message : walletCopy.challengeFailed(res.status);
  return { ok: false, message, ...(errors ? { errors } : {}) };
}
