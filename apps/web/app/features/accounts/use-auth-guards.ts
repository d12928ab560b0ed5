import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "~/lib/session/auth-store";
import { safeRedirect, signInPath } from "~/lib/session/redirects";

/** Guest-only pages (sign in, sign up, password reset) send signed-in visitors on. */
export function useGuestOnly() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    if (!auth.isLoading && auth.isAuthenticated) void navigate(safeRedirect(params.get("redirect")), { replace: true });
  }, [auth.isLoading, auth.isAuthenticated, navigate, params]);
  return auth;
}

/** Pages that need an account send signed-out visitors to /signin, remembering where they were. */
export function useRequireAuth() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!auth.isLoading && !auth.isAuthenticated) {
      void navigate(signInPath(`${location.pathname}${location.search}${location.hash}`), { replace: true });
    }
  }, [auth.isLoading, auth.isAuthenticated, navigate, location]);
  return auth;
}
