import { useEffect, useState } from "react";
import { signOutLocally, type AuthState } from "~/lib/session/auth-store";
import { apiRequest } from "~/lib/api-client";
import { clearTwoFactorRequired, reportTwoFactorRequired, useTwoFactorRequired } from "../two-factor-required";

export type ConsoleAccess = "checking" | "open" | "two-factor-required";

/** GET /auth/verify's `twoFactorEnabled` (here, not in the session calls every page loads: only the console needs it). */
async function secondStepOn(token: string): Promise<boolean | "signed-out" | undefined> {
  const result = await apiRequest<{ twoFactorEnabled?: unknown }>("/auth/verify", { token });
  if (result.status === 401) return "signed-out";
  return result.ok && typeof result.data.twoFactorEnabled === "boolean" ? result.data.twoFactorEnabled : undefined;
}

/**
 * For a signed-in administrator: asks the server, once per visit to the console, whether their
 * sign-ins have a second step; without it the console stays shut (every admin route would answer
 * 403 anyway). Later refusals of the same kind (adminRequest) shut it too. When the server cannot
 * be asked, the console opens and its own calls tell.
 */
export function useConsoleAccess(auth: AuthState): ConsoleAccess {
  const isAdmin = !auth.isLoading && auth.user?.role === "admin";
  const token = auth.token;
  const [checkedToken, setCheckedToken] = useState<string | null>(null);
  const required = useTwoFactorRequired();

  useEffect(() => {
    if (!isAdmin || !token) return;
    let current = true;
    clearTwoFactorRequired();
    void secondStepOn(token).then((on) => {
      if (!current) return;
      if (on === "signed-out") return signOutLocally();
      if (on === false) reportTwoFactorRequired();
      setCheckedToken(token);
    });
    return () => {
      current = false;
    };
  }, [isAdmin, token]);

  // Until this visit's check is in, an earlier visit's answer says nothing.
  if (token === null || checkedToken !== token) return "checking";
  return required ? "two-factor-required" : "open";
}
