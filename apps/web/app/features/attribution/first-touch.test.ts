import { describe, expect, it } from "vitest";
import { ATTRIBUTION_STORAGE_KEY, ATTRIBUTION_TTL_MS } from "@vestin/shared/attribution-core";
import { formAttribution, keepFirstTouch, landingAttribution, readFirstTouch } from "./first-touch";

const NOW = Date.parse("2026-05-10T12:00:00Z");
const DAY_MS = 86_400_000;

/** localStorage as the browser gives it, in memory. */
function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe("reading a landing page", () => {
  it("takes utm_source, utm_medium, utm_campaign, utm_content, ref and an external referrer's host", () => {
    expect(
      landingAttribution(
        "https://vestin.io/presale?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20drop&utm_content=hero&ref=ANA42&x=1",
        "https://News.Example.org/issue/12?id=3",
      ),
    ).toEqual({ source: "newsletter", medium: "email", campaign: "spring drop", content: "hero", ref: "ANA42", referrerHost: "news.example.org" });
  });

  it("finds nothing on a direct visit or a navigation within the site; a referrer alone counts", () => {
    expect(landingAttribution("https://vestin.io/", "")).toBeUndefined();
    expect(landingAttribution("https://vestin.io/team", "https://vestin.io/")).toBeUndefined();
    expect(landingAttribution("https://vestin.io/team?utm_source=", "android-app://com.example")).toBeUndefined();
    expect(landingAttribution("https://vestin.io/team", "https://www.google.com/")).toEqual({ referrerHost: "www.google.com" });
  });

  it("cleans what the address carries: control characters out, values cut to 100 characters", () => {
    const long = "x".repeat(300);
    expect(landingAttribution(`https://vestin.io/?utm_source=%00tw%0Aitter&utm_campaign=${long}`, "")).toEqual({
      source: "twitter",
      campaign: "x".repeat(100),
    });
  });
});

describe("keeping the first touch", () => {
  it("keeps a visit with its time, and a later campaign within 30 days changes nothing (first touch wins)", () => {
    const store = memoryStore();
    expect(keepFirstTouch(store, { source: "newsletter" }, NOW)).toBe(true);
    expect(JSON.parse(store.data.get(ATTRIBUTION_STORAGE_KEY) ?? "")).toEqual({ at: new Date(NOW).toISOString(), attribution: { source: "newsletter" } });
    expect(keepFirstTouch(store, { source: "twitter", campaign: "later" }, NOW + 29 * DAY_MS)).toBe(false);
    expect(readFirstTouch(store, NOW + 29 * DAY_MS)).toEqual({ source: "newsletter" });
  });

  it("forgets it after 30 days (removing it), and the next campaign visit is kept", () => {
    const store = memoryStore();
    keepFirstTouch(store, { source: "newsletter" }, NOW);
    expect(readFirstTouch(store, NOW + ATTRIBUTION_TTL_MS)).toEqual({ source: "newsletter" });
    expect(readFirstTouch(store, NOW + ATTRIBUTION_TTL_MS + 1)).toBeUndefined();
    expect(store.data.has(ATTRIBUTION_STORAGE_KEY)).toBe(false);
    expect(keepFirstTouch(store, { source: "twitter" }, NOW + 31 * DAY_MS)).toBe(true);
    expect(readFirstTouch(store, NOW + 31 * DAY_MS)).toEqual({ source: "twitter" });
  });

  it("drops a stored value that is unreadable, from the future or holds nothing usable", () => {
    for (const raw of [
      "not json",
      "null",
      "[]",
      JSON.stringify({ at: "yesterday", attribution: { source: "x" } }),
      JSON.stringify({ at: new Date(NOW + DAY_MS).toISOString(), attribution: { source: "x" } }),
      JSON.stringify({ at: new Date(NOW).toISOString(), attribution: { source: 5 } }),
    ]) {
      const store = memoryStore({ [ATTRIBUTION_STORAGE_KEY]: raw });
      expect(readFirstTouch(store, NOW), raw).toBeUndefined();
      expect(store.data.has(ATTRIBUTION_STORAGE_KEY)).toBe(false);
    }
  });

  it("keeps nothing for a visit without attribution, and survives storage that refuses writes", () => {
    const store = memoryStore();
    expect(keepFirstTouch(store, undefined, NOW)).toBe(false);
    expect(store.data.size).toBe(0);
    const full = {
      ...memoryStore(),
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(keepFirstTouch(full, { source: "x" }, NOW)).toBe(false);
  });
});

describe("what a form sends", () => {
  const kept = () => {
    const store = memoryStore();
    keepFirstTouch(store, { source: "newsletter", campaign: "spring" }, NOW);
    return store;
  };

  it("sends the kept first touch while analytics consent holds", () => {
    expect(formAttribution({ store: kept(), analyticsConsent: true, pageUrl: "https://vestin.io/presale", now: NOW })).toEqual({
      source: "newsletter",
      campaign: "spring",
    });
  });

  it("without consent sends nothing kept, only a ref in the form page's own address", () => {
    expect(formAttribution({ store: kept(), analyticsConsent: false, pageUrl: "https://vestin.io/presale", now: NOW })).toBeUndefined();
    expect(formAttribution({ store: kept(), analyticsConsent: false, pageUrl: "https://vestin.io/presale?ref=ANA42&utm_source=ignored", now: NOW })).toEqual({
      ref: "ANA42",
    });
    expect(formAttribution({ store: null, analyticsConsent: false, pageUrl: "https://vestin.io/presale?ref=%20%00", now: NOW })).toBeUndefined();
  });

  it("with consent but nothing kept (or kept too long ago) falls back to the page's ref", () => {
    expect(formAttribution({ store: memoryStore(), analyticsConsent: true, pageUrl: "https://vestin.io/testnet?ref=BOB7", now: NOW })).toEqual({ ref: "BOB7" });
    expect(formAttribution({ store: kept(), analyticsConsent: true, pageUrl: "https://vestin.io/testnet", now: NOW + 31 * DAY_MS })).toBeUndefined();
  });
});
