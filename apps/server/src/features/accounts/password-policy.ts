import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ACCOUNT_MESSAGES, ADMIN_PASSWORD_MIN } from "@vestin/shared/accounts";
import { PRODUCT_NAME } from "@vestin/shared/brand";

/**
 * zxcvbn's score 3 or more: at least 10^8 guesses, counted against its lists of common and breached
 * passwords (about 50,000, @zxcvbn-ts/language-common), English words and names (language-en) and
 * what people do to them (capitals, digits and years added, l33t, keyboard patterns, repeats).
 */
const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;
/**
 * Loaded and built on first use, then kept: unpacking and ranking the lists takes a second or two,
 * which neither the server's start nor the command line should wait for.
 */
function strength(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return estimator;
}

/**
 * What is wrong with a password for an administrator, or undefined when it will do: at least
 * ADMIN_PASSWORD_MIN characters, and not a common or breached password nor close to one, nor made
 * of the person's own name or address or the site's name. A learner's password needs 6 to 128
 * characters.
 */
export async function adminPasswordProblem(password: string, person: { email: string; firstName?: string; lastName?: string }): Promise<string | undefined> {
  if (password.length < ADMIN_PASSWORD_MIN) return ACCOUNT_MESSAGES.adminPasswordTooShort;
  const [local = ""] = person.email.split("@");
  const first = person.firstName ?? "";
  const last = person.lastName ?? "";
  const context = [person.email, local, first, last, `${first}${last}`, `${first}.${last}`, PRODUCT_NAME, "admin", "administrator"].filter(
    (word) => word.replace(/\W/g, "").length > 0,
  );
  return (await strength()).check(password, context).score < MIN_SCORE ? ACCOUNT_MESSAGES.adminPasswordCommon : undefined;
}
