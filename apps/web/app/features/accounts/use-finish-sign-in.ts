import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { User } from "@vestin/shared/accounts";
import { ACCOUNT_MESSAGES } from "@vestin/shared/accounts-core";
import { signIn } from "~/lib/session/auth-store";
import { safeRedirect } from "~/lib/session/redirects";

/**
 * The end of every sign-in, with or without the second step: keep the session, greet, and go on
 * to `to` (default: the page's `redirect`, same-site only).
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (session: { token: string; user: User }, options: { welcome?: string; to?: string } = {}) => {
      signIn(session.token, session.user);
      toast.success(options.welcome ?? ACCOUNT_MESSAGES.welcomeBack);
      void navigate(options.to ?? safeRedirect(params.get("redirect")), { replace: true });
    },
    [navigate, params],
  );
}
