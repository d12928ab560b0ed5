/** Claims, presale registrations and command-line runs for the allow-list suites (inserted directly: they do not depend on the claim flow). */
import { spawn } from "node:child_process";
import type { Kysely } from "kysely";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ROOT_DIR } from "../../../config.ts";
import type { DB } from "../../../db/schema.ts";
import type { TestContext } from "../../../../test/harness.ts";

/** A fresh wallet address, EIP-55. */
export const newWallet = () => privateKeyToAccount(generatePrivateKey()).address;

type ClaimStatus = "granted" | "pending_review" | "rejected";

/** An airdrop claim as the claim API stores it (inserted directly: the suite does not depend on the claim flow). */
export async function insertClaim(db: Kysely<DB>, sprintId: string, n: number, wallet: string, claimStatus: ClaimStatus, vstnRewards: number) {
  const now = new Date().toISOString();
  const username = `pioneer-${String(n).padStart(4, "0")}`;
  await db
    .insertInto("pioneer_users")
    .values({
      id: `claim-${sprintId.replace(/\W/g, "")}-${n}`,
      sprint_id: sprintId,
      zealy_username: username,
      username_key: username,
      wallet_address: wallet.toLowerCase(),
      email: `${username}@example.com`,
      tg_account: `@${username.replace("-", "_")}`,
      xp_earned: 100,
      pool_share_bp: 10,
      vstn_rewards: vstnRewards,
      vstn_reward_units: (BigInt(vstnRewards) * 10n ** 18n).toString(),
      verification_date: now,
      distribution_date: now,
      status: "new",
      note: null,
      verified_at: now,
      claim_status: claimStatus,
      wallet_verified_at: claimStatus === "granted" ? now : null,
      reviewed_at: null,
      reviewed_by: null,
      review_note: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function insertPresale(db: Kysely<DB>, n: number, wallet: string, verified: boolean) {
  const now = new Date(Date.now() + n).toISOString();
  await db
    .insertInto("presale_registrations")
    .values({
      id: `presale-${n}`,
      full_name: `Investor ${n}`,
      email: `investor${n}@example.com`,
      wallet_address: wallet.toLowerCase(),
      investment_range: "1000-5000",
      crypto_experience: "intermediate",
      reference: "",
      additional_info: "",
      verified_at: null,
      wallet_verified_at: verified ? now : null,
      status: "new",
      note: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** `npm run admin -- allowlist …`, asynchronously (several at once; the machine may be busy). */
export function runCli(t: TestContext, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["apps/server/src/features/admin/cli.ts", "allowlist", ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, JWT_SECRET: t.config.jwtSecret, LOG_LEVEL: "silent" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
