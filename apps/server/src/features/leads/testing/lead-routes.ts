import type { DB } from "../../../db/schema.ts";
import type { TestContext } from "../../../../test/harness.ts";
import { api, rowCounts } from "../../../../test/helpers.ts";
import { injectPost, signedClaimBody } from "../../../../test/wallet.ts";

/** The examples published with EIP-55. */
export const EIP55 = {
  mixed: [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ],
  upper: ["0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"],
  lower: ["0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26"],
};

/** Flips the case of the first letter of the hex part. */
export const flipOneLetter = (address: string) => {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address.charAt(i);
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1);
};

/** Every table a lead form writes to: a refused submission leaves all of them as they were. */
const LEAD_TABLES = ["contacts", "partner_applications", "presale_registrations", "testnet_signups", "pioneer_users"] as const satisfies ReadonlyArray<
  keyof DB
>;

/** What the leads route suites share: requests to /api/v1 through the test app, and the lead tables' row counts. */
export function leadRoutes(t: () => TestContext) {
  return {
    post: (url: string, body: unknown) => api(t().app, "POST", `/api/v1${url}`, body),
    get: (url: string) => api(t().app, "GET", `/api/v1${url}`),
    counts: () => rowCounts(t().database.db, LEAD_TABLES),
    /** A claim signed by a fresh wallet (or `account`), as the claim form sends it. */
    signedClaim: (overrides: Parameters<typeof signedClaimBody>[1] = {}) => signedClaimBody(injectPost(t().app), overrides),
  };
}
