import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@vestin/shared/accounts";
import { STORAGE_KEYS } from "@vestin/shared/brand";

/*
 * React re-renders a component subscribed with useSyncExternalStore when, after a change of the
 * store, its snapshot is no longer the same value (Object.is): after hydration it compares with the
 * server snapshot. These tests call the hooks with a stand-in that records what they hand React,
 * and check what React would compare.
 */
type Store<T> = { subscribe: (listener: () => void) => () => void; snapshot: () => T; serverSnapshot: () => T };
let lastStore: Store<unknown> | undefined;

vi.mock("react", () => ({
  useSyncExternalStore: (subscribe: Store<unknown>["subscribe"], snapshot: () => unknown, serverSnapshot: () => unknown) => {
    lastStore = { subscribe, snapshot, serverSnapshot };
    return serverSnapshot();
  },
}));
// The stored token is checked with the server in the background; these tests leave it pending.
vi.mock("./session-api", () => ({ verifyRequest: () => new Promise(() => {}), logoutRequest: async () => {} }));

const USER = { _id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "L" } as unknown as User;

function fakeBrowser(stored: Record<string, string>) {
  const items = new Map(Object.entries(stored));
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal("window", { addEventListener: () => {}, dispatchEvent: () => true });
}

/** A fresh store (module state) and the subscription React would make for `hook`. */
async function subscribed<T>(pick: (store: typeof import("./auth-store")) => () => T) {
  const store = await import("./auth-store");
  pick(store)();
  const { subscribe, snapshot, serverSnapshot } = lastStore as Store<T>;
  const changes: T[] = [];
  // The first subscription reads the stored session, as it does right after hydration.
  subscribe(() => changes.push(snapshot()));
  return { store, snapshot, serverSnapshot, changes };
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe("the session hooks after hydration", () => {
  it("leave a visitor's components alone: the token and signed-in facts read as the server rendered them", async () => {
    fakeBrowser({});
    const token = await subscribed((s) => s.useSessionToken);
    expect(token.snapshot()).toBe(token.serverSnapshot());
    expect(token.snapshot()).toBeNull();

    vi.resetModules();
    const signedIn = await subscribed((s) => s.useIsAuthenticated);
    expect(signedIn.snapshot()).toBe(signedIn.serverSnapshot());
    expect(signedIn.snapshot()).toBe(false);
  });

  it("whereas the whole session state is a new value once the stored one is read (every useAuth() renders again)", async () => {
    fakeBrowser({});
    const auth = await subscribed((s) => s.useAuth);
    expect(auth.snapshot()).not.toBe(auth.serverSnapshot());
    expect(auth.snapshot()).toMatchObject({ isLoading: false, isAuthenticated: false });
  });

  it("give a returning member's components their session as soon as it is read", async () => {
    fakeBrowser({ [STORAGE_KEYS.token]: "stored-token", [STORAGE_KEYS.user]: JSON.stringify(USER) });
    const token = await subscribed((s) => s.useSessionToken);
    expect(token.serverSnapshot()).toBeNull();
    expect(token.snapshot()).toBe("stored-token");

    vi.resetModules();
    const signedIn = await subscribed((s) => s.useIsAuthenticated);
    expect(signedIn.serverSnapshot()).toBe(false);
    expect(signedIn.snapshot()).toBe(true);
  });

  it("follow a sign-in and a sign-out on the page", async () => {
    fakeBrowser({});
    const token = await subscribed((s) => s.useSessionToken);
    token.store.signIn("new-token", USER);
    expect(token.snapshot()).toBe("new-token");
    token.store.signOutLocally();
    expect(token.snapshot()).toBeNull();
    expect(token.changes).toEqual([null, "new-token", null]);
  });
});
