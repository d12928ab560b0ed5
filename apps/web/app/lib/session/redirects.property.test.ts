import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "@vestin/shared/testing/hostile-input";
import { safeRedirect } from "./redirects.ts";

/** Where a browser would go from a page of SITE when told to navigate to target. */
const SITE = "https://vestin.example";
const landsOn = (target: string) => new URL(target, `${SITE}/signin`);

const OFF_SITE = [
  "https://evil.example/",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/./\\evil.example",
  "javascript:alert(1)",
  " /\\/evil.example",
  "http:evil.example",
  "data:text/html,<script>alert(1)</script>",
];

describe("safeRedirect (sign-in's ?redirect=)", () => {
  it("refuses the known open-redirect spellings", () => {
    for (const target of OFF_SITE) {
      const out = safeRedirect(target);
      expect(out, target).toBe("/learn");
    }
  });

  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/roadmap")).toBe("/roadmap");
    expect(safeRedirect("/learn/courses/x?tab=2#top")).toBe("/learn/courses/x?tab=2#top");
  });

  it("whatever it is given, the browser stays on the site", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2f",
      "%5c",
      "\t",
      "\n",
      " ",
      "evil.example",
      "@",
      ":",
      "javascript:",
      "?",
      "#",
      "http:",
      "https:",
    );
    const target = fc.oneof(
      hostileString,
      fc.array(pieces, { minLength: 1, maxLength: 8 }).map((parts) => parts.join("")),
      fc.array(pieces, { minLength: 1, maxLength: 8 }).map((parts) => `/${parts.join("")}`),
    );
    fc.assert(
      fc.property(target, (value) => {
        const out = safeRedirect(value);
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//")).toBe(false);
        expect(landsOn(out).origin).toBe(SITE);
      }),
      { numRuns: 2000 },
    );
  });
});
