import { describe, expect, it } from "vitest";
import { formatDuration, progressPercentage, toEmbedUrl, trackHours, trackSlug } from "./learning.ts";

describe("video embeds", () => {
  it.each([
    ["https://www.youtube.com/watch?v=SSo_EIwHSd4", "https://www.youtube-nocookie.com/embed/SSo_EIwHSd4"],
    ["https://youtube.com/watch?v=SSo_EIwHSd4&t=42", "https://www.youtube-nocookie.com/embed/SSo_EIwHSd4?start=42"],
    ["https://m.youtube.com/watch?v=SSo_EIwHSd4", "https://www.youtube-nocookie.com/embed/SSo_EIwHSd4"],
    ["https://youtu.be/bBC-nXj3Ng4", "https://www.youtube-nocookie.com/embed/bBC-nXj3Ng4"],
    ["https://www.youtube.com/embed/bBC-nXj3Ng4", "https://www.youtube-nocookie.com/embed/bBC-nXj3Ng4"],
    ["https://www.youtube.com/shorts/bBC-nXj3Ng4", "https://www.youtube-nocookie.com/embed/bBC-nXj3Ng4"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://vimeo.com/76979871/5c4d8f1a2b", "https://player.vimeo.com/video/76979871?h=5c4d8f1a2b&dnt=1"],
    ["https://player.vimeo.com/video/76979871?h=abc123", "https://player.vimeo.com/video/76979871?h=abc123&dnt=1"],
    // Unlisted links as Vimeo's share button copies them: /{id}/{hash}, with or without tracking parameters.
    ["https://vimeo.com/912345678/a1b2c3d4e5", "https://player.vimeo.com/video/912345678?h=a1b2c3d4e5&dnt=1"],
    ["https://vimeo.com/912345678/a1b2c3d4e5?share=copy", "https://player.vimeo.com/video/912345678?h=a1b2c3d4e5&dnt=1"],
    ["https://www.vimeo.com/912345678/a1b2c3d4e5/", "https://player.vimeo.com/video/912345678?h=a1b2c3d4e5&dnt=1"],
    ["http://vimeo.com/912345678", "https://player.vimeo.com/video/912345678?dnt=1"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://vimeo.com/groups/fintech/videos/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&autoplay=1", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&dnt=1"],
  ])("%s → %s", (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "https://evil.example/watch?v=abc",
    "not a url",
    "",
    "https://youtube.com/watch?v=<script>",
    "https://vimeo.com/912345678/not-a-hash",
    "https://player.vimeo.com/video/76979871?h=abc%26autoplay%3D1",
    "https://vimeo.com/about",
    "https://vimeo.evil.example/912345678",
  ])("refuses %s", (input) => expect(toEmbedUrl(input)).toBeUndefined());
});

describe("learning helpers", () => {
  it("derives track slugs and hours as the spec says", () => {
    expect(trackSlug("Real Estate Tokenization")).toBe("real-estate-tokenization");
    expect(trackHours(17)).toBe(8);
    expect(trackHours(30)).toBe(15);
  });
  it("formats durations and progress", () => {
    expect(formatDuration(90)).toBe("1h 30m");
    expect(formatDuration(45)).toBe("45m");
    expect(formatDuration(120)).toBe("2h");
    expect(formatDuration(0)).toBe("N/A");
    expect(progressPercentage(1, 3)).toBe(33);
    expect(progressPercentage(2, 3)).toBe(67);
    expect(progressPercentage(0, 0)).toBe(0);
  });
});

describe("every embed is privacy-enhanced", () => {
  it("only ever points at youtube-nocookie.com or player.vimeo.com with dnt=1", () => {
    const inputs = [
      "https://www.youtube.com/watch?v=SSo_EIwHSd4",
      "https://youtu.be/bBC-nXj3Ng4?t=10",
      "https://vimeo.com/912345678/a1b2c3d4e5",
      "https://player.vimeo.com/video/76979871",
    ];
    for (const input of inputs) {
      const embed = new URL(toEmbedUrl(input) ?? "");
      expect(["www.youtube-nocookie.com", "player.vimeo.com"]).toContain(embed.hostname);
      expect(embed.protocol).toBe("https:");
      if (embed.hostname === "player.vimeo.com") expect(embed.searchParams.get("dnt")).toBe("1");
    }
  });
});
