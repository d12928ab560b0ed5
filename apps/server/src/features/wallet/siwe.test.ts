import { describe, expect, it } from "vitest";
import { getAddress } from "viem";
import { createSiweMessage } from "viem/siwe";
import { WALLET_MESSAGES } from "@vestin/shared/wallet";
import { readMessage, siweSite } from "./siwe.ts";

describe("reading a signed message", () => {
  const site = siweSite("https://vestin.io");
  const base = {
    domain: "vestin.io",
    uri: "https://vestin.io",
    address: getAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"),
    chainId: 8453,
    version: "1" as const,
    nonce: "a1b2c3d4e5f6a7b8",
    issuedAt: new Date("2026-11-25T10:00:00.000Z"),
    expirationTime: new Date("2026-11-25T10:10:00.000Z"),
  };
  const at = new Date("2026-11-25T10:05:00.000Z");

  it("accepts this site's message on Base within its time", () => {
    expect(readMessage(site, createSiweMessage(base), at)).toMatchObject({ address: base.address.toLowerCase(), nonce: base.nonce });
  });

  it("refuses another domain, another origin, another chain, an expired or future message, and text that is not EIP-4361", () => {
    const refusal = (message: string, when = at) => {
      try {
        readMessage(site, message, when);
        return "accepted";
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refusal(createSiweMessage({ ...base, domain: "vestin.io.evil.example" }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage({ ...base, uri: "https://evil.example" }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage({ ...base, chainId: 1 }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage({ ...base, scheme: "http" }))).toBe(WALLET_MESSAGES.foreignMessage);
    expect(refusal(createSiweMessage(base), new Date("2026-11-25T10:10:00.000Z"))).toBe(WALLET_MESSAGES.signatureExpired);
    expect(refusal(createSiweMessage(base), new Date("2026-11-25T09:58:00.000Z"))).toBe(WALLET_MESSAGES.signatureInvalid);
    expect(refusal("Please sign this to log in: 12345")).toBe(WALLET_MESSAGES.foreignMessage);
    const { expirationTime: _none, ...noExpiry } = base;
    expect(refusal(createSiweMessage(noExpiry))).toBe(WALLET_MESSAGES.foreignMessage);
  });
});
