import { TWO_FACTOR_DEVICE_STORAGE_KEY } from "@vestin/shared/two-factor-core";

/*
 * The remembered-device token of two-factor sign-in (ADR 14): given by the second step when
 * "Remember this device" was ticked, kept in this browser, and sent with every later password
 * sign-in so the server can skip the code for the person who ticked it. It outlives signing out:
 * that is what remembering a device means.
 */

export function rememberedDeviceToken(): string | undefined {
  try {
    return localStorage.getItem(TWO_FACTOR_DEVICE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberDevice(token: string) {
  try {
    localStorage.setItem(TWO_FACTOR_DEVICE_STORAGE_KEY, token);
  } catch {
    // No storage (private mode): the code is asked again next time, nothing worse.
  }
}
