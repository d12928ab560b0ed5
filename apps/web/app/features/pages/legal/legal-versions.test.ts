import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSENT_WORDINGS, LEGAL_VERSIONS, type LegalDocumentName } from "@vestin/shared/consents-core";
import { parseUpdated } from "./legal-markdown";

/*
 * Consent records name the legal page's version and the sentence's version. A record is
 * only worth something if the version means one text: these checks fail when a page's "last
 * updated" date or a consent sentence changes and its version id does not.
 */

const LEGAL_DIR = path.resolve(import.meta.dirname, "../../../content/legal");
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "April 30, 2025" → "2025-04-30" (no Date: no time zone can shift the day). */
function isoDay(updated: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2}),? (\d{4})$/.exec(updated.trim());
  const month = match ? MONTHS.indexOf(match[1] ?? "") + 1 : 0;
  if (!match || month === 0) throw new Error(`"${updated}" is not a date like "April 30, 2025"`);
  return `${match[3]}-${String(month).padStart(2, "0")}-${(match[2] ?? "").padStart(2, "0")}`;
}

/**
 * Every consent sentence ever published, by version. Rewording a sentence means a new version in
 * CONSENT_WORDINGS and a new line here; an old line stays, since records keep pointing at it.
 */
const PUBLISHED_WORDINGS: Record<string, string> = {
  "signup-terms-2026-11-26": "I agree to the Terms & Conditions and the Privacy Policy.",
  "google-terms-2026-11-26": "By continuing with Google you agree to our Terms and Privacy Policy.",
  "contact-communications-2026-11-26": "I agree to receive other communications",
  "cookies-analytics-2026-11-26":
    "Analytics: Lets our self-hosted analytics count returning browsers and group page views into visits. Off until you turn it on.",
  "cookies-analytics-2026-11-28":
    "Analytics: Remembers which campaign or website brought you here on your first visit, so a form you send later tells us which campaign worked. Off until you turn it on.",
  "cookies-marketing-2026-11-26":
    "Marketing: Lets us attribute sign-ups to campaigns and an advertising partner show our ads elsewhere. Off until you turn it on.",
};

describe("legal versions", () => {
  it.each(Object.keys(LEGAL_VERSIONS) as LegalDocumentName[])("names %s after the page's last-updated date", (name) => {
    const updated = parseUpdated(readFileSync(path.join(LEGAL_DIR, `${name}.md`), "utf8"));
    expect(updated, `${name}.md has no <!-- updated: … --> line`).not.toBeNull();
    expect(LEGAL_VERSIONS[name], `${name}.md was updated: change LEGAL_VERSIONS.${name} in packages/shared/src/consents-core.ts`).toBe(
      `${name}-${isoDay(updated ?? "")}`,
    );
  });

  it("reads the dates the pages use", () => {
    expect(isoDay("April 30, 2025")).toBe("2025-04-30");
    expect(isoDay("February 18 2025")).toBe("2025-02-18");
    expect(() => isoDay("30/04/2025")).toThrow();
  });

  it("gives every consent sentence a version of its own that always means the same words", () => {
    const wordings = Object.entries(CONSENT_WORDINGS);
    expect(new Set(wordings.map(([, w]) => w.version)).size).toBe(wordings.length);
    for (const [key, wording] of wordings) {
      expect(PUBLISHED_WORDINGS[wording.version], `CONSENT_WORDINGS.${key}: new words need a new version (and a line in PUBLISHED_WORDINGS)`).toBe(
        wording.text,
      );
    }
  });
});
