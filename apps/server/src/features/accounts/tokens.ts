import { jwtVerify, SignJWT } from "jose";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Signed session tokens: HS256 JWTs whose `jti` names a revocable session row. */
export function sessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
        if (!payload.sub || !payload.jti) return undefined;
        return { userId: payload.sub, sessionId: payload.jti };
      } catch {
        return undefined;
      }
    },
  };
}
