import fc from "fast-check";
import { type Address, bytesToHex, getAddress, type Hex, verifyMessage } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { WALLET_MESSAGES } from "@vestin/shared/wallet";
import { readMessage, signedByKey, siweSite } from "./siwe.ts";

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

describe("checking a key-held account's signature", () => {
  /** viem's own check, the reference: a throw is a refusal. */
  const byViem = (address: Address, message: string, signature: Hex) => verifyMessage({ address, message, signature }).catch(() => false);
  const bySignedByKey = (address: Address, message: string, signature: Hex) => {
    try {
      return signedByKey(address, message, signature);
    } catch {
      return false;
    }
  };
  /** The same signature with s replaced by n - s and the recovery bit flipped: valid for the same key. */
  const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  const malleated = (signature: Hex): Hex => {
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130), 16);
    return `${signature.slice(0, 66)}${(CURVE_ORDER - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
  };
  const withByte = (signature: Hex, index: number, value: number): Hex =>
    `${signature.slice(0, 2 + index * 2)}${value.toString(16).padStart(2, "0")}${signature.slice(4 + index * 2)}` as Hex;

  it("accepts the signer's own signature with every recovery-bit form, and refuses another address", async () => {
    const key = generatePrivateKey();
    const signer = privateKeyToAccount(key);
    const message = "vestin.io wants you to sign in with your Ethereum account";
    const signature = await signer.signMessage({ message });
    expect(signedByKey(signer.address, message, signature)).toBe(true);
    const v = Number.parseInt(signature.slice(130), 16);
    expect(signedByKey(signer.address, message, withByte(signature, 64, v - 27))).toBe(true);
    expect(signedByKey(signer.address, message, withByte(signature, 64, v === 27 ? 28 : 27))).toBe(false);
    expect(signedByKey(privateKeyToAccount(generatePrivateKey()).address, message, signature)).toBe(false);
    expect(signedByKey(signer.address, `${message}.`, signature)).toBe(false);
    expect(() => signedByKey(signer.address, message, withByte(signature, 64, 29))).toThrow();
  });

  it("agrees with viem's verifyMessage on signed, altered and malleated signatures", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => b.some((x) => x !== 0)),
        fc.string({ maxLength: 200 }),
        fc.nat({ max: 64 }),
        fc.nat({ max: 255 }),
        async (keyBytes, message, index, value) => {
          const key = bytesToHex(keyBytes);
          let signer: ReturnType<typeof privateKeyToAccount>;
          try {
            signer = privateKeyToAccount(key);
          } catch {
            return; // not a private key (0 or at least the curve's order)
          }
          const signature = await signer.signMessage({ message });
          const stranger = privateKeyToAccount(generatePrivateKey()).address;
          for (const [address, sig] of [
            [signer.address, signature],
            [stranger, signature],
            [signer.address, malleated(signature)],
            [signer.address, withByte(signature, index, value)],
          ] as const) {
            expect(bySignedByKey(address, message, sig)).toBe(await byViem(address, message, sig));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
