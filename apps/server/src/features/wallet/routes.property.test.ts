import { beforeAll, it } from "vitest";
import { describeEachDatabase } from "../../../test/harness.ts";
import { assertHostileRequestsAreHarmless } from "../../../test/hostile-requests.ts";
import { injectPost, signedClaimBody } from "../../../test/wallet.ts";

/*
 * Hostile input against the wallet routes (issues #10 and #16): never a 5xx, a refusal writes
 * nothing (no nonce handed out, no claim stored, no nonce spent).
 */

describeEachDatabase(
  "wallet routes under hostile input",
  (t) => {
    it("POST /api/v1/wallet/challenge: never a 5xx, a refusal stores no nonce", async () => {
      await assertHostileRequestsAreHarmless(
        t().app,
        t().database.db,
        { method: "POST", path: "/api/v1/wallet/challenge", body: { address: "0x{unique40}", purpose: "airdrop-claim", zealyUsername: "pioneer-0047" } },
        { numRuns: 50 },
      );
    });

    // A genuinely signed claim, so mutations of the proof reach the signature and nonce checks.
    let signed: Record<string, unknown> = {};
    beforeAll(async () => {
      signed = await signedClaimBody(injectPost(t().app), { zealyUsername: "pioneer-0420" });
    });

    it("POST /api/v1/pioneer-users with a signed proof: never a 5xx, a refusal stores nothing and spends nothing", async () => {
      await assertHostileRequestsAreHarmless(t().app, t().database.db, { method: "POST", path: "/api/v1/pioneer-users", body: signed }, { numRuns: 50 });
    });
  },
  { env: { RATE_LIMITS: "off", FORM_GUARD: "off" } },
);
