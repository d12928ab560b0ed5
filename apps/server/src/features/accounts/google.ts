import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import * as oidc from "openid-client";
import { isValidGoogleClientId } from "@vestin/shared/accounts";

export type GoogleIdentity = {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
};

export type GoogleSettings = { clientId: string; clientSecret: string | undefined; issuer: string; redirectUri: string };

/** Refusals from the provider (bad code, bad token): the API answers 401. */
export class GoogleRefusedError extends Error {
  override name = "GoogleRefusedError";
}

function identityFrom(claims: JWTPayload | oidc.IDToken): GoogleIdentity {
  const c = claims as Record<string, unknown>;
  return {
    sub: String(c.sub),
    email: typeof c.email === "string" ? c.email.toLowerCase() : undefined,
    emailVerified: c.email_verified === true || c.email_verified === "true",
    givenName: typeof c.given_name === "string" ? c.given_name : undefined,
    familyName: typeof c.family_name === "string" ? c.family_name : undefined,
    name: typeof c.name === "string" ? c.name : undefined,
  };
}

const isLocal = (issuer: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(issuer);

/**
 * Google sign-in through OpenID Connect: discovery from GOOGLE_ISSUER (a local mock provider in
 * tests), authorization URLs with state, nonce and an S256 PKCE challenge, the code exchange,
 * and ID-token verification against the provider's published keys.
 */
export function googleSignIn(settings: GoogleSettings) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: 10,
        ...(isLocal(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        discovered = undefined; // try again on the next request
        throw err;
      });
    return discovered;
  };
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  return {
    /** A format problem in GOOGLE_CLIENT_ID, or undefined when it looks right. */
    configurationError: isValidGoogleClientId(settings.clientId) ? undefined : "Invalid Google Client ID format",

    async authorizationUrl(state: string, nonce: string, codeVerifier: string): Promise<string> {
      const config = await configuration();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: "openid email profile",
        response_type: "code",
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        prompt: "select_account",
      });
      return url.href;
    },

    async exchangeCode(code: string, state: string, nonce: string, codeVerifier: string): Promise<GoogleIdentity> {
      const config = await configuration();
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.searchParams.set("code", code);
      currentUrl.searchParams.set("state", state);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new GoogleRefusedError("no ID token");
        return identityFrom(claims);
      } catch (err) {
        throw new GoogleRefusedError((err as Error).message);
      }
    },

    async verifyIdToken(idToken: string): Promise<GoogleIdentity> {
      const config = await configuration();
      const metadata = config.serverMetadata();
      if (!metadata.jwks_uri) throw new Error("The provider publishes no jwks_uri");
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      try {
        const { payload } = await jwtVerify(idToken, jwks, { issuer: metadata.issuer, audience: settings.clientId });
        if (!payload.sub) throw new GoogleRefusedError("no subject");
        return identityFrom(payload);
      } catch (err) {
        throw new GoogleRefusedError((err as Error).message);
      }
    },
  };
}

export type GoogleSignIn = ReturnType<typeof googleSignIn>;
export const newPkceVerifier = () => oidc.randomPKCECodeVerifier();
