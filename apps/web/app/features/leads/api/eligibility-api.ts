import type { Eligibility } from "@vestin/shared/wallet";
import { eligibilityCopy } from "~/content/airdrop-eligibility";
import { API_BASE } from "~/lib/api-client";

export type EligibilityQuery = { username: string } | { wallet: string };
export type EligibilityOutcome = { ok: true; result: Eligibility } | { ok: false; message: string };

/**
 * The public eligibility checker (GET /airdrop/eligibility), by Zealy username or wallet address.
 * Its own small file without the lead schemas, so /zealy-claim does not load the schema library.
 */
export async function checkEligibility(query: EligibilityQuery): Promise<EligibilityOutcome> {
  const search = "wallet" in query ? `wallet=${encodeURIComponent(query.wallet)}` : `username=${encodeURIComponent(query.username)}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/airdrop/eligibility?${search}`, { headers: { accept: "application/json" } });
  } catch {
    return { ok: false, message: eligibilityCopy.networkError };
  }
  const body = (await res.json().catch(() => undefined)) as
    | { success?: boolean; data?: Eligibility; message?: unknown; errors?: Record<string, unknown> }
    | undefined;
  if (res.ok && body?.success !== false && body?.data && typeof body.data.eligible === "boolean") return { ok: true, result: body.data };
  const fieldMessage = body?.errors ? Object.values(body.errors).find((v): v is string => typeof v === "string") : undefined;
  const message = fieldMessage ?? (typeof body?.message === "string" && body.message ? body.message : undefined);
  if (res.status === 429) return { ok: false, message: message ?? eligibilityCopy.rateLimited };
  return { ok: false, message: message ?? eligibilityCopy.failed(res.status) };
}
