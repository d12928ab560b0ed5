import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LEARN_EARN_MESSAGES } from "@vestin/shared/learn-earn-core";
import { bandLines, courseOffer, grantLine, passOutcome, placementOffer, questXpLabel, trackOffer, windowLabel, withheldReasonOf } from "./logic";

const day = (iso: string) => iso.slice(0, 10);
const offers = { sprint: { id: "s1", name: "Sprint 4", endsAt: null }, courses: { c1: 150, c0: 0 }, placementXp: 40, tracks: { basics: 300 } };

const quest = (over: Partial<Parameters<typeof passOutcome>[0][number]> = {}) => ({
  id: "q1",
  kind: "assessment_pass" as const,
  xp: 150,
  bands: [
    { minScore: 0, xp: 50 },
    { minScore: 90, xp: 150 },
    { minScore: 75, xp: 100 },
  ],
  subject: { id: "c1", title: "Basics", href: "/learn/course/basics" },
  startsAt: "2026-01-01T00:00:00Z",
  endsAt: "2099-01-01T00:00:00Z",
  capLeft: null as number | null,
  grant: null,
  ...over,
});

describe("learn-and-earn labels", () => {
  it("offers 'up to' the best band of a banded quest and the amount of a flat one", () => {
    expect(questXpLabel(quest())).toBe("Up to 150 XP");
    expect(questXpLabel({ xp: 1200 })).toBe("1,200 XP");
  });

  it("lists bands from the highest, the lowest as any pass", () => {
    expect(bandLines(quest().bands)).toEqual(["90 % or more: 150 XP", "75 % or more: 100 XP", "Any pass: 50 XP"]);
    expect(bandLines(undefined)).toEqual([]);
  });

  it("says what a grant is, and which action fixes a withheld one", () => {
    expect(grantLine(null)).toEqual({ tone: "open", text: "Open", action: null });
    expect(grantLine({ xp: 100, status: "granted", reason: null, at: "2026-12-02T10:00:00Z" }, day)).toEqual({
      tone: "granted",
      text: "Earned 100 XP on 2026-12-02",
      action: null,
    });
    expect(grantLine({ xp: 0, status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.no_wallet, at: "x" }).action).toBe("link-wallet");
    expect(grantLine({ xp: 0, status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.email_unconfirmed, at: "x" }).action).toBe("confirm-email");
    // The server's reason code picks the action, whatever the sentence says.
    expect(grantLine({ xp: 0, status: "withheld", reason: "Reworded sentence", reasonCode: "no_wallet", at: "x" }).action).toBe("link-wallet");
    const young = grantLine({ xp: 0, status: "withheld", reason: LEARN_EARN_MESSAGES.withheld.account_too_new, at: "x" });
    expect(young).toEqual({ tone: "withheld", text: `Withheld: ${LEARN_EARN_MESSAGES.withheld.account_too_new}`, action: null });
    expect(grantLine({ xp: 100, status: "revoked", reason: "Duplicate accounts", at: "x" })).toEqual({
      tone: "revoked",
      text: "Revoked: Duplicate accounts",
      action: null,
    });
  });

  it("reads a withheld reason back to its key, and nothing from an unknown sentence", () => {
    expect(withheldReasonOf(LEARN_EARN_MESSAGES.withheld.no_wallet)).toBe("no_wallet");
    expect(withheldReasonOf("Something else")).toBeNull();
    expect(withheldReasonOf(null)).toBeNull();
  });

  it("names the time zone of a quest's window", () => {
    expect(windowLabel("2026-12-01T09:00:00Z", "2026-12-14T23:59:00Z", "Europe/Berlin")).toMatch(/^Open .+ – .+ \(Europe\/Berlin\)$/);
    expect(windowLabel("2026-12-01T09:00:00Z", "2026-12-14T23:59:00Z", null)).not.toMatch(/\(/);
  });
});

describe("offers on cards", () => {
  it("shows the course's XP in the sprint, and nothing without a sprint or a quest", () => {
    expect(courseOffer(offers, "c1")).toBe("Earns up to 150 XP in Sprint 4");
    expect(courseOffer(offers, "c0")).toBeNull();
    expect(courseOffer(offers, "other")).toBeNull();
    expect(courseOffer({ ...offers, sprint: null }, "c1")).toBeNull();
    expect(courseOffer(null, "c1")).toBeNull();
    expect(placementOffer(offers)).toBe("Earns up to 40 XP in Sprint 4");
    expect(placementOffer({ ...offers, placementXp: null })).toBeNull();
    expect(trackOffer(offers, "basics")).toBe("Earns up to 300 XP in Sprint 4");
  });
});

describe("the XP of a passed assessment", () => {
  it("waits for the grant job, then reports the amount or the withheld reason", () => {
    expect(passOutcome([], "c1")).toEqual({ kind: "none" });
    expect(passOutcome([quest({ kind: "track_complete" })], "c1")).toEqual({ kind: "none" });
    expect(passOutcome([quest()], "c1")).toEqual({ kind: "waiting" });
    expect(passOutcome([quest({ grant: { xp: 100, status: "granted", reason: null, at: "x" } })], "c1")).toEqual({ kind: "granted", xp: 100 });
    expect(passOutcome([quest({ grant: { xp: 0, status: "withheld", reason: "Link a wallet to earn", at: "x" } })], "c1")).toEqual({
      kind: "withheld",
      reason: "Link a wallet to earn",
    });
  });

  it("awaits nothing outside the quest's window or once its places are gone", () => {
    expect(passOutcome([quest({ endsAt: "2026-02-01T00:00:00Z" })], "c1")).toEqual({ kind: "none" });
    expect(passOutcome([quest({ startsAt: "2098-01-01T00:00:00Z" })], "c1")).toEqual({ kind: "none" });
    expect(passOutcome([quest({ capLeft: 0 })], "c1")).toEqual({ kind: "none" });
    expect(passOutcome([quest({ capLeft: 1 })], "c1")).toEqual({ kind: "waiting" });
  });

  it("matches the course by its id or its slug", () => {
    expect(passOutcome([quest({ subject: { id: "basics", title: "B", href: "/x" } })], "c1", "basics")).toEqual({ kind: "waiting" });
  });
});

describe("the XP disclaimer", () => {
  const terms = readFileSync(path.resolve(import.meta.dirname, "../../content/legal/terms.md"), "utf8");
  it("names only the eligibility rules and the estimate rule the terms state", () => {
    expect(terms).toContain("at least 18 years old");
    expect(terms).toContain("**Sanctioned countries.**");
    expect(terms).toContain("shares of a pool and token amounts shown before distribution are estimates until confirmed");
    expect(LEARN_EARN_MESSAGES.disclaimer).toContain("(18+, not in a sanctioned country)");
    expect(LEARN_EARN_MESSAGES.disclaimer).toContain("shares of the pool and token amounts are estimates until distribution is confirmed");
    expect(LEARN_EARN_MESSAGES.disclaimer).not.toMatch(/guarantee|worth|value/i);
  });
});
