import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as accounts from "./accounts.ts";
import * as blog from "./blog.ts";
import * as leads from "./leads.ts";
import * as learning from "./learning.ts";
import { hostileString } from "./testing/hostile-input.ts";

/*
 * Property tests of the shared package's field predicates and helpers: on any text
 * they answer without throwing and agree with the schemas that use them
 * (validators.property.test.ts tries the schemas themselves).
 */

const RUNS = { numRuns: 150 };

describe("field predicates and helpers on hostile text", () => {
  it("never throw, and agree with the schemas that use them", () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const email = leads.isEmail(text);
        if (email) expect(text.length).toBeLessThanOrEqual(leads.EMAIL_MAX);
        if (leads.isHttpUrl(text)) expect(new URL(text).protocol).toMatch(/^https?:$/);
        expect(typeof leads.isCountryCode(text)).toBe("boolean");
        expect(typeof leads.isEmailOrTelegram(text)).toBe("boolean");
        expect(typeof accounts.isValidGoogleClientId(text)).toBe("boolean");
        const walletError = leads.walletAddressError(text);
        if (walletError === undefined) expect(leads.hasValidChecksum(text.trim())).toBe(true);
        for (const field of leads.PRESALE_STEP_FIELDS) expect(["string", "undefined"]).toContain(typeof leads.presaleFieldError(field, text));
        expect(blog.slugify(text)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(blog.slugify(text).length).toBeLessThanOrEqual(80);
        expect(typeof blog.shareableUrl(text)).toBe("string");
        expect(blog.trimShareText(text, 280).length).toBeLessThanOrEqual(280);
        const embed = learning.toEmbedUrl(text);
        if (embed !== undefined)
          expect(embed).toMatch(/^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]+(\?start=\d+)?|player\.vimeo\.com\/video\/\d+\?(h=[0-9a-f]+&)?dnt=1)$/);
        expect(typeof leads.maskWallet(text)).toBe("string");
        expect(leads.maskTelegram(text).startsWith("@")).toBe(true);
        expect(typeof accounts.displayName({ firstName: text, lastName: text, email: text })).toBe("string");
        expect(leads.filterCountries(text).length).toBeLessThanOrEqual(leads.COUNTRIES.length);
      }),
      { numRuns: 400 },
    );
  });

  it("checksums: every address in its EIP-55 spelling passes, and a mixed-case address with one letter flipped fails", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0x[0-9a-f]{40}$/), (address) => {
        const checksummed = leads.toChecksumAddress(address);
        expect(leads.hasValidChecksum(checksummed)).toBe(true);
        expect(leads.walletAddressError(checksummed)).toBeUndefined();
        const hex = checksummed.slice(2);
        if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return;
        const i = hex.search(/[a-fA-F]/) + 2;
        const c = checksummed.charAt(i);
        const flipped = checksummed.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + checksummed.slice(i + 1);
        const flippedHex = flipped.slice(2);
        if (flippedHex === flippedHex.toLowerCase() || flippedHex === flippedHex.toUpperCase()) return;
        expect(leads.hasValidChecksum(flipped)).toBe(false);
      }),
      RUNS,
    );
  });

  it("airdrop shares stay within 0 and 1", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (xp, extra) => {
        const { poolShare, basisPoints } = leads.poolShareOf(xp, xp + extra);
        expect(poolShare).toBeGreaterThanOrEqual(0);
        expect(poolShare).toBeLessThanOrEqual(1);
        expect(basisPoints).toBeLessThanOrEqual(leads.AIRDROP.shareScale);
      }),
      RUNS,
    );
  });
});
