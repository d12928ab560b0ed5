import { describe, expect, it } from "vitest";
import { LEAD_KINDS, leadKindOfLink } from "./lead-kinds.ts";

describe("lead kinds", () => {
  it("reads every kind's own key from an inbox address", () => {
    for (const kind of LEAD_KINDS) expect(leadKindOfLink(kind)).toBe(kind);
  });

  it("opens the same tab for the earlier keys of links already e-mailed to the team", () => {
    expect(leadKindOfLink("contacts")).toBe("enquiries");
    expect(leadKindOfLink("partners")).toBe("partnerships");
    expect(leadKindOfLink("testnet")).toBe("waitlist");
    expect(leadKindOfLink("pioneers")).toBe("airdrop-claims");
  });

  it("names no kind for anything else", () => {
    for (const value of ["", null, undefined, "toString", "__proto__", "Pioneers", "contact", "airdrop"]) expect(leadKindOfLink(value)).toBeUndefined();
  });
});
