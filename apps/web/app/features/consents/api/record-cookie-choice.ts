import type { CookieChoice } from "@vestin/shared/consents";
import { apiRequest, storedToken } from "~/lib/api-client";

export type CookieRecordOutcome = "recorded" | "anonymous" | "failed";

/** Choices are sent one after another, so the account's record ends with the last one made. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Records a signed-in person's cookie choice with their account (PUT /me/consents/cookies).
 * Anonymous choices stay in the browser: without a token nothing is sent.
 */
export function recordCookieChoice(choice: CookieChoice): Promise<CookieRecordOutcome> {
  if (!storedToken()) return Promise.resolve("anonymous");
  const sent = queue.then(async (): Promise<CookieRecordOutcome> => {
    const result = await apiRequest("/me/consents/cookies", { method: "PUT", body: choice });
    if (result.ok) return "recorded";
    return result.status === 401 ? "anonymous" : "failed";
  });
  queue = sent;
  return sent;
}
