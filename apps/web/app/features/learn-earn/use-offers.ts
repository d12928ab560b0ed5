import { useEffect, useState } from "react";
import { learnEarnOffers } from "./api/offers-api";
import type { Offers } from "./logic";

/**
 * The XP the running sprint's quests offer (public, cached by the server), asked for after
 * hydration: the cached catalogue HTML stays the same for everyone, and a page without a running
 * sprint shows nothing.
 */
export function useLearnEarnOffers(): Offers | null {
  const [offers, setOffers] = useState<Offers | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    learnEarnOffers(controller.signal)
      .then((answer) => {
        if (!controller.signal.aborted) setOffers(answer);
      })
      .catch(() => {
        // Aborted on unmount, or no answer: no offer is shown.
      });
    return () => controller.abort();
  }, []);
  return offers;
}
