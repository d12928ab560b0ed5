import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * SSRF (SECURITY.md): the server never fetches an address a visitor typed. Its outbound
 * connections go to addresses from the configuration, except webhook deliveries to the addresses
 * administrators added, which pass the SSRF guard of lib/safe-fetch.ts. This test lists every
 * place in the server's code that opens one; a new one fails here until it is reviewed and added.
 */

const SRC = path.resolve(import.meta.dirname);
const OUTBOUND =
  /\bfetch\(|\bhttps?\.(request|get)\(|from "(undici|axios|got|node-fetch)"|new Redis\(|createTransport\(|\.discovery\(|createRemoteJWKSet\(|new pg\.(Client|Pool)\(|new Pool\(|new WebSocket\(|net\.connect\(|tls\.connect\(/;

/** file → why its outbound call is safe: where its address comes from. */
const REVIEWED: Record<string, string> = {
  "features/accounts/google.ts": "OpenID discovery and the JWKS of GOOGLE_ISSUER (configuration); jwks_uri comes from that issuer's metadata",
  "features/form-guard/challenge.ts": "the challenge provider's verify URL (configuration)",
  "lib/mailer.ts": "SMTP_URL (configuration)",
  "lib/rate-limit.ts": "REDIS_URL (configuration)",
  "db/database.ts": "DATABASE_URL (configuration)",
  "db/change-feed.ts": "DATABASE_URL (configuration): the LISTEN connection for change notices",
  "db/backup-cli.ts": "DATABASE_URL (configuration), command line only",
  "lib/safe-fetch.ts":
    "the one exception: webhook URLs an administrator added, through the SSRF guard (https, public addresses only, the checked address pinned, no redirects, deadline, size limits; ADR 12, lib/safe-fetch.test.ts)",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !full.includes(`${path.sep}testing${path.sep}`) ? [full] : [];
  });
}

describe("outbound connections", () => {
  it("happen only in reviewed places, each to an address from the configuration", () => {
    const found = sources(SRC)
      .filter((file) => OUTBOUND.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"));
    expect(found.filter((file) => !(file in REVIEWED))).toEqual([]);
    expect(found).toContain("features/accounts/google.ts");
  });
});
