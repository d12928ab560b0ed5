import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";

/**
 * The security headers of every answer (SECURITY.md), built once at start-up. They were set by
 * @fastify/helmet, which builds a helmet middleware and parses the CSP directives again for every
 * request: 3.8 % of the server's time on a cached page (docs/decisions/0009-static-speed.md).
 *
 * Only headers that a current browser acts on are sent. Helmet's legacy ones are left out:
 * X-XSS-Protection (every browser removed its XSS auditor; "0" is their default),
 * X-Download-Options (Internet Explorer 8), X-Permitted-Cross-Domain-Policies (Flash and old
 * Acrobat), X-DNS-Prefetch-Control and Origin-Agent-Cluster (hints with no security effect here).
 * On a 300-byte JSON answer they were 200 bytes of every response.
 *
 * Pages replace the CSP with their own (web/ssr.ts); the API docs set theirs.
 */

/** JSON answers are never documents that load anything: nothing is allowed. */
const API_CSP = "default-src 'none'; frame-ancestors 'self'";
/** Static files and media (images, the PDFs framed by the site's own pages). */
const FILE_CSP =
  "default-src 'self'; img-src 'self' data:; object-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

export function securityHeaders(config: Pick<Config, "publicUrl">, csp: string): Readonly<Record<string, string>> {
  return Object.freeze({
    "content-security-policy": csp,
    // Cross-origin isolation (COEP) would block the embedded PDF viewer and video players: not sent.
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    // Only behind HTTPS: a browser that saw it on plain http would refuse the site locally.
    ...(config.publicUrl.startsWith("https://") ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  });
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const api = securityHeaders(app.config, API_CSP);
  const files = securityHeaders(app.config, FILE_CSP);
  app.addHook("onRequest", (request, reply, done) => {
    void reply.headers(request.url.startsWith("/api/") ? api : files);
    done();
  });
}
