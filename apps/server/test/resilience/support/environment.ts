import { describe, inject } from "vitest";
import type { DialectName } from "../../harness.ts";

/** PostgreSQL's admin URL for this run, or "" when it is absent (see global-setup.ts). */
export const postgresUrl = (): string => inject("postgresUrl");
export const redisUrl = (): string => inject("redisUrl");

/**
 * A describe block that runs only when PostgreSQL (and Redis, if asked) answer, and otherwise
 * shows up as skipped with the reason in its name. The global setup has already failed the run
 * when they are absent and REQUIRE_POSTGRES=1.
 */
export function describeWith(needs: { postgres?: boolean; redis?: boolean }, name: string, suite: () => void): void {
  const missing = [needs.postgres && !postgresUrl() ? "PostgreSQL" : "", needs.redis && !redisUrl() ? "Redis" : ""].filter(Boolean);
  if (missing.length) {
    describe.skip(`${name} (skipped: ${missing.join(" and ")} not reachable; CI sets REQUIRE_POSTGRES=1 and fails instead)`, suite);
    return;
  }
  describe(name, suite);
}

/** SQLite always; PostgreSQL when it answers. */
export function dialects(): DialectName[] {
  return postgresUrl() ? ["sqlite", "postgres"] : ["sqlite"];
}
