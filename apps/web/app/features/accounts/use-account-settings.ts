import { useCallback, useEffect, useState } from "react";
import type { AccountSettings } from "@vestin/shared/me";
import { type AuthState, sessionToken } from "~/lib/session/auth-store";
import { fetchAccountSettings } from "./api/own-account-api";

export type AccountSettingsState = {
  settings: AccountSettings | null;
  error: string | null;
  reload: () => Promise<void>;
  /** A section saved and got the new settings back. */
  replace: (settings: AccountSettings) => void;
};

/** The signed-in member's settings, fetched in the browser with their token (the HTML is shared). */
export function useAccountSettings(auth: AuthState): AccountSettingsState {
  const [settings, setSettings] = useState<AccountSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = sessionToken(auth);

  const reload = useCallback(async () => {
    setError(null);
    const result = await fetchAccountSettings();
    if (result.ok) setSettings(result.data);
    else if (result.status !== 401) setError(result.message);
  }, []);

  useEffect(() => {
    if (!token) {
      setSettings(null);
      return;
    }
    void reload();
  }, [token, reload]);

  return { settings, error, reload, replace: setSettings };
}
