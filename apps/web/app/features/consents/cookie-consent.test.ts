import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_MS, defaultConsent, parseCookieConsent } from "./cookie-consent";

const NOW = Date.parse("2026-11-10T12:00:00Z");

describe("stored cookie consent", () => {
  it("reads a valid choice and always keeps functional on", () => {
    const raw = JSON.stringify({ functional: false, analytics: true, embeds: true, updatedAt: "2026-10-01T00:00:00Z" });
    expect(parseCookieConsent(raw, NOW)).toEqual({ functional: true, analytics: true, embeds: true, updatedAt: "2026-10-01T00:00:00Z" });
  });

  it("keeps embedded videos off in a choice stored before they were a category (its marketing switch meant nothing)", () => {
    const raw = JSON.stringify({ functional: true, analytics: true, marketing: true, updatedAt: "2026-10-01T00:00:00Z" });
    expect(parseCookieConsent(raw, NOW)).toEqual({ functional: true, analytics: true, embeds: false, updatedAt: "2026-10-01T00:00:00Z" });
  });

  it.each([
    null,
    "",
    "not json",
    "42",
    "null",
    "[]",
    '{"analytics":"yes","embeds":false,"updatedAt":"2026-10-01"}',
    '{"analytics":true,"embeds":"yes","updatedAt":"2026-10-01"}',
    '{"analytics":true,"embeds":true}',
    '{"analytics":true,"embeds":true,"updatedAt":"someday"}',
  ])("ignores %j", (raw) => {
    expect(parseCookieConsent(raw, NOW)).toBeNull();
  });

  it("ignores a choice older than 12 months", () => {
    const old = new Date(NOW - CONSENT_MAX_AGE_MS - 1000).toISOString();
    expect(parseCookieConsent(JSON.stringify({ functional: true, analytics: true, embeds: true, updatedAt: old }), NOW)).toBeNull();
  });

  it("defaults to functional only", () => {
    expect(defaultConsent()).toMatchObject({ functional: true, analytics: false, embeds: false });
  });
});
