import { useSyncExternalStore } from "react";
import type { User } from "@vestin/shared/accounts";
import { BROWSER_EVENTS, STORAGE_KEYS } from "@vestin/shared/brand";
import { logoutRequest, verifyRequest } from "./session-api";

export type AuthState = {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True until the browser has read the stored session (and always during server rendering). */
  isLoading: boolean;
  error: string | null;
};

const SERVER_STATE: AuthState = { user: null, token: null, isAuthenticated: false, isLoading: true, error: null };
let state: AuthState = SERVER_STATE;
const listeners = new Set<() => void>();
let started = false;

function set(next: Partial<AuthState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function readStored(): { token: string | null; user: User | null } {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    const user = raw ? (JSON.parse(raw) as User) : null;
    return { token, user };
  } catch {
    return { token: null, user: null };
  }
}

function persist(token: string | null, user: User | null) {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    else localStorage.removeItem(STORAGE_KEYS.token);
    if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Storage unavailable (private mode): the session lasts for this page only.
  }
  window.dispatchEvent(new Event(BROWSER_EVENTS.authChanged));
}

/**
 * Restores the stored session at load: a stored token means signed in straight away; the token is
 * then verified in the background. A 401 signs the user out; other failures change nothing.
 */
function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  const { token, user } = readStored();
  set({ token, user, isAuthenticated: Boolean(token), isLoading: false });
  if (token) {
    void verifyRequest(token).then((outcome) => {
      if (state.token !== token) return;
      if (outcome.kind === "invalid") signOutLocally();
      else if (outcome.kind === "valid") {
        persist(token, outcome.user);
        set({ user: outcome.user });
      }
    });
  }
  // Another tab signed in or out.
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user && event.key !== null) return;
    const stored = readStored();
    set({ token: stored.token, user: stored.user, isAuthenticated: Boolean(stored.token) });
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
}

/**
 * The token of the session this browser holds, or null while the stored one is still being read or
 * when signed out. An effect that fetches the member's own data depends on it, so it runs again at
 * every sign-in, sign-out and change of account (the fetch itself reads the stored token).
 */
export function sessionToken(auth: AuthState): string | null {
  return auth.isLoading || !auth.isAuthenticated ? null : auth.token;
}

/*
 * One fact of the session, for components that need no more. The store changes once right after
 * hydration (the stored session is read), and React re-renders every component subscribed through
 * useAuth() at once, synchronously, in one task. For a page whose route component subscribed, that
 * was the whole page again: ~180 ms of main thread at Lighthouse's 4× slowdown on /learn/courses.
 * These hooks re-render only when their value changes, and for a visitor it does not (null, false).
 */

/** One fact read from the session state (the server's state while hydrating), re-rendering when it changes. */
function useAuthFact<T extends string | boolean | null>(read: (auth: AuthState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => read(state),
    () => read(SERVER_STATE),
  );
}

/** sessionToken() of the current state, re-rendering only when it changes. */
export const useSessionToken = (): string | null => useAuthFact(sessionToken);

/** Whether a session is held (false while it is being read), re-rendering only when that changes. */
export const useIsAuthenticated = (): boolean => useAuthFact((auth) => auth.isAuthenticated);

export function signIn(token: string, user: User) {
  persist(token, user);
  set({ token, user, isAuthenticated: true, isLoading: false, error: null });
}

/** A failed sign-in clears the stored session. */
export function failSignIn(message: string) {
  persist(null, null);
  set({ token: null, user: null, isAuthenticated: false, error: message });
}

/** Registration failure only records the error. */
export function setAuthError(message: string | null) {
  set({ error: message });
}

/**
 * Forgets the session in this browser without telling the server: for a token the server has
 * already ended (a 401, a deleted account).
 */
export function signOutLocally() {
  persist(null, null);
  set({ token: null, user: null, isAuthenticated: false, error: null });
}

/** The signed-in user's details changed (their name): the header's chip follows. */
export function updateSignedInUser(changes: Partial<Pick<User, "firstName" | "lastName">>) {
  if (!state.user || !state.token) return;
  const user = { ...state.user, ...changes };
  persist(state.token, user);
  set({ user });
}

export async function signOut(): Promise<void> {
  const token = state.token;
  signOutLocally();
  if (token) await logoutRequest(token);
}
