import { jwtVerify, SignJWT } from "jose";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signed session tokens: HS256 JWTs whose `jti` names a revocable session row. */
export function sessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A token's signature is checked once: the same string always verifies the same way, so a
  // signed-in visitor's next requests skip the HMAC (an async WebCrypto round trip). Expiry is
  // still checked on every use, and the session row (revocation) by the caller, every time.
  const verified = new Map<string, { userId: string; sessionId: string; expiresAtMs: number }>();
  return {
    async sign(userId: string, sessionId: string, expiresAt: Date): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setJti(sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The session id of a genuine, unexpired token, or undefined. */
    async verify(token: string): Promise<{ userId: string; sessionId: string } | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (!payload.sub || !payload.jti || typeof payload.exp !== "number") return undefined;
        if (verified.size >= VERIFIED_CACHE_SIZE) {
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        verified.set(token, { userId: payload.sub, sessionId: payload.jti, expiresAtMs: payload.exp * 1000 });
        return { userId: payload.sub, sessionId: payload.jti };
      } catch {
        return undefined;
      }
    },
  };
}
