import type { ReferralList, ReferralStatus } from "@vestin/shared/referrals";
import { apiRequest } from "~/lib/api-client";

export type StandingOutcome = { kind: "loaded"; standing: ReferralStatus } | { kind: "unknown" } | { kind: "failed" };

/** GET /referrals/{list}/{code}: where the holder stands and how many joined through the link. */
export async function fetchReferralStanding(list: ReferralList, code: string): Promise<StandingOutcome> {
  const res = await apiRequest<ReferralStatus>(`/referrals/${list}/${encodeURIComponent(code)}`, { token: false });
  if (res.ok) return { kind: "loaded", standing: res.data };
  return res.status === 404 ? { kind: "unknown" } : { kind: "failed" };
}
