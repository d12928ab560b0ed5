import type { Config } from "../src/config.ts";
import { formTokenKey, signFormToken } from "../src/features/form-guard/index.ts";

/**
 * A form token as the server would have issued it `ageMs` ago (default: a person who took five
 * seconds), signed with the test app's secret, so suites need not wait out the minimum fill time.
 */
export function formToken(config: Pick<Config, "jwtSecret">, ageMs = 5_000): string {
  return signFormToken(formTokenKey(config.jwtSecret), Date.now() - ageMs);
}

/** A body with a fresh, old-enough form token and an empty honeypot. */
export function guarded<T extends Record<string, unknown>>(config: Pick<Config, "jwtSecret">, body: T): T & { formToken: string; website: string } {
  return { ...body, formToken: formToken(config), website: "" };
}
