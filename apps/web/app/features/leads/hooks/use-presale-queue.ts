import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { LEAD_MESSAGES } from "@vestin/shared/leads-core";
import { fetchQueuePosition, QUEUE_DEFAULTS } from "../api/leads-api";
import { storedLeadEmail } from "../stored-email";

export type PresaleQueueState = { status: "loading" | "loaded" | "default"; queuePosition: number; totalAhead: number };

/**
 * The success page's queue: loading, then the stored e-mail's position, or the defaults (no call
 * at all when no e-mail is stored), each with the spec's toast.
 */
export function usePresaleQueue(): PresaleQueueState {
  const [state, setState] = useState<PresaleQueueState>({ status: "loading", ...QUEUE_DEFAULTS });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const email = storedLeadEmail();
    if (!email) {
      setState({ status: "default", ...QUEUE_DEFAULTS });
      return;
    }
    void fetchQueuePosition(email).then((result) => {
      if (result.kind === "loaded") {
        setState({ status: "loaded", queuePosition: result.queuePosition, totalAhead: result.totalAhead });
        toast.success(LEAD_MESSAGES.queueLoaded);
      } else {
        setState({ status: "default", ...QUEUE_DEFAULTS });
        if (result.kind === "no-position") toast.warning(LEAD_MESSAGES.queueNoPosition);
        else toast.error(LEAD_MESSAGES.queueFailed);
      }
    });
  }, []);

  return state;
}
