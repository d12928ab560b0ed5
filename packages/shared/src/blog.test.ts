import { describe, expect, it } from "vitest";
import { readTimeMinutes, shareableUrl, slugify, trimShareText } from "./blog.ts";

describe("share rules", () => {
  it("points local addresses at the production host and adds https when missing", () => {
    expect(shareableUrl("http://localhost:3000/blog/a?x=1")).toBe("https://vestin.io/blog/a?x=1");
    expect(shareableUrl("http://127.0.0.1:41234/blog/a")).toBe("https://vestin.io/blog/a");
    expect(shareableUrl("http://192.168.1.20:8080/blog/a")).toBe("https://vestin.io/blog/a");
    expect(shareableUrl("vestin.io/blog/a")).toBe("https://vestin.io/blog/a");
    expect(shareableUrl("https://example.org/blog/a")).toBe("https://example.org/blog/a");
  });

  it("uses the site's configured public address for local ones, and keeps an address already there", () => {
    expect(shareableUrl("http://localhost:3000/learn/certificates/VST-1", "https://staging.vestin.io")).toBe(
      "https://staging.vestin.io/learn/certificates/VST-1",
    );
    expect(shareableUrl("http://127.0.0.1:41234/blog/a", "http://127.0.0.1:41234")).toBe("http://127.0.0.1:41234/blog/a");
    expect(shareableUrl("https://academy.example.org/blog/a", "https://academy.example.org")).toBe("https://academy.example.org/blog/a");
    expect(shareableUrl("http://localhost:3000/blog/a", "")).toBe("https://vestin.io/blog/a");
  });

  it("trims share text to the network's limit, ending with ...", () => {
    expect(trimShareText("short text", 280)).toBe("short text");
    const long = trimShareText("word ".repeat(100), 280);
    expect(long.length).toBeLessThanOrEqual(280);
    expect(long.endsWith("...")).toBe(true);
    expect(trimShareText("x".repeat(1200), 1000)).toHaveLength(1000);
  });
});

describe("article helpers", () => {
  it("slugifies titles, accents included", () => {
    expect(slugify("Café Société: the $VSTN guide!")).toBe("cafe-societe-the-vstn-guide");
  });
  it("computes read time from word count (at least one minute)", () => {
    expect(readTimeMinutes("word ".repeat(450))).toBe(2);
    expect(readTimeMinutes("")).toBe(1);
  });
});
