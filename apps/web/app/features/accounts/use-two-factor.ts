import { useCallback, useEffect, useState } from "react";
import type { TwoFactorStatus } from "@vestin/shared/two-factor";
import { type AuthState, sessionToken } from "~/lib/session/auth-store";
import { fetchTwoFactorStatus } from "./api/own-account-api";

export type TwoFactorState = {
  status: TwoFactorStatus | null;
  error: string | null;
  reload: () => Promise<void>;
};

/** Whether the member's sign-ins ask for a code, with the recovery codes and devices left. */
export function useTwoFactor(auth: AuthState): TwoFactorState {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = sessionToken(auth);

  const reload = useCallback(async () => {
    setError(null);
    const result = await fetchTwoFactorStatus();
    if (result.ok) setStatus(result.data);
    else if (result.status !== 401) setError(result.message);
  }, []);

  useEffect(() => {
    if (!token) {
      setStatus(null);
      return;
    }
    void reload();
  }, [token, reload]);

  return { status, error, reload };
}
