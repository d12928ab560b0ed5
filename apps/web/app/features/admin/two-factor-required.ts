import { useSyncExternalStore } from "react";

/*
 * Whether the server has refused this administrator the console until two-factor sign-in is on
 * (403 with errors.twoFactor = "required"). Any console call can learn it (adminRequest
 * reports it), and the console's layout then shows the way to set it up instead of the console.
 */

let required = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (required === next) return;
  required = next;
  for (const listener of listeners) listener();
}

/** The answer the admin API gives an administrator without two-factor sign-in. */
export const isTwoFactorRefusal = (result: { status: number; errors?: Record<string, string> | undefined }) =>
  result.status === 403 && result.errors?.twoFactor === "required";

export const reportTwoFactorRequired = () => set(true);
/** A fresh check (the console opened again, perhaps just after setting it up). */
export const clearTwoFactorRequired = () => set(false);

export function useTwoFactorRequired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => required,
    () => false,
  );
}
