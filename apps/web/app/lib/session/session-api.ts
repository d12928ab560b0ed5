import type { User } from "@vestin/shared/accounts";
import { apiRequest } from "~/lib/api-client";

/*
 * The two calls every page's header needs (is the stored session alive, sign out), apart from
 * the sign-in and sign-up calls, so pages load them without the account forms' code and texts.
 */

function isUser(value: unknown): value is User {
  return Boolean(value && typeof value === "object" && typeof (value as User).email === "string");
}

export type VerifyOutcome = { kind: "valid"; user: User } | { kind: "invalid" } | { kind: "unknown" };

/** A 401 means the token is dead; anything else (offline, 5xx) says nothing about it. */
export async function verifyRequest(token: string): Promise<VerifyOutcome> {
  const result = await apiRequest<{ user?: User }>("/auth/verify", { token });
  if (result.ok && isUser(result.data.user)) return { kind: "valid", user: result.data.user };
  return result.status === 401 ? { kind: "invalid" } : { kind: "unknown" };
}

export async function logoutRequest(token: string): Promise<void> {
  // Signing out locally matters more than telling the server (the token expires anyway): the answer is not read.
  await apiRequest("/auth/logout", { method: "POST", token });
}
