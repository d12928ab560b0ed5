import type { Config } from "../../config.ts";

type Challenge = NonNullable<Config["challenge"]>;

const VERIFY_TIMEOUT_MS = 5_000;

/** Sources a page's CSP adds, per directive. */
export type CspAdditions = { script: string[]; frame: string[]; connect: string[]; style: string[] };
export const NO_CSP_ADDITIONS: CspAdditions = { script: [], frame: [], connect: [], style: [] };

const HCAPTCHA = ["https://hcaptcha.com", "https://*.hcaptcha.com"];
/** What each provider's widget needs, as its documentation lists it. */
const PROVIDER_CSP: Record<Challenge["provider"], CspAdditions> = {
  turnstile: { script: ["https://challenges.cloudflare.com"], frame: ["https://challenges.cloudflare.com"], connect: [], style: [] },
  hcaptcha: { script: HCAPTCHA, frame: HCAPTCHA, connect: HCAPTCHA, style: HCAPTCHA },
};

/** The page CSP's additions for the configured challenge: none unless one is configured and the guard is on. */
export function challengeCsp(config: Pick<Config, "formGuard" | "challenge">): CspAdditions {
  return config.formGuard && config.challenge ? PROVIDER_CSP[config.challenge.provider] : NO_CSP_ADDITIONS;
}

/**
 * Asks the provider whether the widget's answer is genuine (Turnstile and hCaptcha share the
 * siteverify protocol: a form POST of secret, response and remoteip, answered with
 * `{ success }`). A provider that does not answer is reported as unavailable (the caller answers
 * 503): the form cannot be checked, and a person should try again rather than be told they failed.
 */
export async function verifyChallenge(challenge: Challenge, response: string, remoteIp: string): Promise<{ passed: boolean } | { unavailable: Error }> {
  const body = new URLSearchParams({ secret: challenge.secret, response, remoteip: remoteIp });
  if (challenge.provider === "hcaptcha") body.set("sitekey", challenge.siteKey);
  let answer: unknown;
  try {
    const res = await fetch(challenge.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`the verify endpoint answered ${res.status}`);
    answer = await res.json();
  } catch (err) {
    return { unavailable: err as Error };
  }
  return { passed: typeof answer === "object" && answer !== null && (answer as { success?: unknown }).success === true };
}
