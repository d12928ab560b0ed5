import { describe, expect, it, vi } from "vitest";
import { sessionTokens } from "./tokens.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hs256";

describe("session tokens", () => {
  it("verifies a genuine token, again from memory, and refuses it once expired", async () => {
    const tokens = sessionTokens(SECRET);
    const expires = new Date(Date.now() + 60_000);
    const token = await tokens.sign("user-1", "session-1", expires);
    expect(await tokens.verify(token)).toEqual({ userId: "user-1", sessionId: "session-1" });
    expect(await tokens.verify(token)).toEqual({ userId: "user-1", sessionId: "session-1" });
    vi.useFakeTimers({ now: expires.getTime() + 1_000 });
    try {
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses tampered tokens and tokens signed with another secret, even after the genuine one was seen", async () => {
    const tokens = sessionTokens(SECRET);
    const token = await tokens.sign("user-1", "session-1", new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toBeDefined();
    const [header, , signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ sub: "admin", jti: "session-1", exp: 9_999_999_999 })).toString("base64url");
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
    const other = await sessionTokens(`${SECRET}-other`).sign("user-1", "session-1", new Date(Date.now() + 60_000));
    expect(await tokens.verify(other)).toBeUndefined();
  });
});
