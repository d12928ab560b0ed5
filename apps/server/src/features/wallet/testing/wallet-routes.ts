import { parseSiweMessage } from "viem/siwe";
import type { DB } from "../../../db/schema.ts";
import { sha256 } from "../../../lib/ids.ts";
import type { TestContext } from "../../../../test/harness.ts";
import { api, rowCounts } from "../../../../test/helpers.ts";
import { injectPost, walletProof } from "../../../../test/wallet.ts";

/** The tables a signed claim or presale registration writes to: a refusal leaves all of them as they were. */
const TABLES = ["pioneer_users", "presale_registrations", "form_token_uses"] as const satisfies ReadonlyArray<keyof DB>;

/** Links a wallet to a demo leaderboard entry, as an import of a Zealy export with a wallet column does. */
export async function linkWallet(t: TestContext, username: string, address: string | null) {
  await t.database.db
    .updateTable("sprint_leaderboard")
    .set({ wallet_address: address?.toLowerCase() ?? null })
    .where("username_key", "=", username.toLowerCase())
    .execute();
}

/** The stored nonce of a signed message (only its hash is kept). */
export async function nonceRow(t: TestContext, message: string) {
  const nonce = parseSiweMessage(message).nonce ?? "";
  return t.database.db.selectFrom("wallet_nonces").selectAll().where("nonce_hash", "=", sha256(nonce)).executeTakeFirst();
}

/** What the wallet route suites share: requests to /api/v1 through the test app, row counts, and a wallet's signature of a challenge. */
export function walletRoutes(ctx: () => TestContext) {
  return {
    post: (url: string, body: unknown) => api(ctx().app, "POST", `/api/v1${url}`, body),
    get: (url: string) => api(ctx().app, "GET", `/api/v1${url}`),
    counts: () => rowCounts(ctx().database.db, TABLES),
    sign: (...args: Parameters<typeof walletProof> extends [unknown, ...infer R] ? R : never) => walletProof(injectPost(ctx().app), ...args),
  };
}
