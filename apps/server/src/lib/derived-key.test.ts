import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { derivedKey } from "./derived-key.ts";
import { sealedBox } from "./sealed-box.ts";

const SECRET = "a-secret-that-is-long-enough-for-the-tests-here";

describe("derivedKey", () => {
  it("keys what was stored before it the same way: an IP hash and a sealed secret of earlier releases", () => {
    // Written by the releases that held these keys as Buffers of the same HKDF bytes.
    expect(createHmac("sha256", derivedKey(SECRET, "consent records ip")).update("203.0.113.7").digest("hex")).toBe(
      "de8bcd08191e33855b32cc00f29e1eddf2bc194874475f0a4bcac9fc13b3dd61",
    );
    expect(sealedBox(SECRET, "totp secrets", "unreadable").open("v1:BwcHBwcHBwcHBwcH:a2dL+Ru1rl7o9+z8n2iULg==:DXgtbDSKz3EEXMxW2nBdZw==")).toBe(
      "JBSWY3DPEHPK3PXP",
    );
  });

  it("gives each use and each secret a key of its own", () => {
    const mac = (secret: string, label: string) => createHmac("sha256", derivedKey(secret, label)).update("203.0.113.7").digest("hex");
    expect(mac(SECRET, "consent records ip")).not.toBe(mac(SECRET, "newsletter consent ip"));
    expect(mac(SECRET, "consent records ip")).not.toBe(mac(`${SECRET}!`, "consent records ip"));
    expect(() => sealedBox(`${SECRET}!`, "totp secrets", "unreadable").open("v1:BwcHBwcHBwcHBwcH:a2dL+Ru1rl7o9+z8n2iULg==:DXgtbDSKz3EEXMxW2nBdZw==")).toThrow(
      "unreadable",
    );
  });
});
