import type { Eligibility } from "@vestin/shared/wallet";
import { eligibilityCopy } from "~/content/airdrop-eligibility";
import { apiRequest, type ApiResult } from "~/lib/api-client";

export type EligibilityQuery = { username: string } | { wallet: string };

/**
 * The public eligibility checker (GET /airdrop/eligibility), by Zealy username or wallet address.
 * Its own small file without the lead schemas, so /zealy-claim does not load the schema library.
 */
export async function checkEligibility(query: EligibilityQuery): Promise<ApiResult<Eligibility>> {
  const search = "wallet" in query ? `wallet=${encodeURIComponent(query.wallet)}` : `username=${encodeURIComponent(query.username)}`;
  const result = await apiRequest<Eligibility | undefined>(`/airdrop/eligibility?${search}`, {
    token: false,
    // A field's own sentence first (an address that is not one), then the server's message.
    describe: ({ errors, serverMessage, status }) =>
      Object.values(errors ?? {}).find((v) => typeof v === "string") ??
      serverMessage ??
      (status === 429 ? eligibilityCopy.rateLimited : eligibilityCopy.failed(status)),
    network: eligibilityCopy.networkError,
  });
  if (!result.ok) return result;
  if (typeof result.data?.eligible !== "boolean") return { ok: false, status: result.status, message: eligibilityCopy.failed(result.status) };
  return { ok: true, status: result.status, data: result.data };
}
