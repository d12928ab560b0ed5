import { useEffect, useState } from "react";
import type { ReferralList } from "@vestin/shared/referrals";
import { fetchReferralStanding, type StandingOutcome } from "./referrals-api";
import { storedReferralCode } from "./referral-storage";

export type StandingState = { kind: "none" } | { kind: "loading" } | StandingOutcome;

/** The stored code's standing, loaded after hydration (the pages are cached for everyone). */
export function useReferralStanding(list: ReferralList): StandingState {
  const [state, setState] = useState<StandingState>({ kind: "loading" });
  useEffect(() => {
    const code = storedReferralCode(list);
    if (!code) {
      setState({ kind: "none" });
      return;
    }
    let live = true;
    void fetchReferralStanding(list, code).then((outcome) => {
      if (live) setState(outcome);
    });
    return () => {
      live = false;
    };
  }, [list]);
  return state;
}
