import type { FastifyInstance } from "fastify";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { WalletPurpose } from "@vestin/shared/wallet-core";
import { api, type Answer } from "./helpers.ts";
import { claimBody, presaleBody } from "./lead-payloads.ts";

/** A throwaway wallet: a fresh private key held by viem's local account. */
export const newAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

export type Post = (path: string, body: unknown) => Promise<{ status: number; body: Answer }>;

/** POST through the app in the test process. */
export const injectPost =
  (app: FastifyInstance): Post =>
  (path, body) =>
    api(app, "POST", path, body);

/** POST to a server process over HTTP (resilience tests, e2e). */
export const fetchPost =
  (baseUrl: string): Post =>
  async (path, body) => {
    const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };

/** Asks the server for a Sign-In with Ethereum message and signs it with the account: what a wallet does. */
export async function walletProof(
  post: Post,
  account: PrivateKeyAccount,
  purpose: WalletPurpose,
  zealyUsername?: string,
): Promise<{ message: string; signature: `0x${string}` }> {
  const res = await post("/api/v1/wallet/challenge", { address: account.address, purpose, zealyUsername });
  if (res.status !== 201) throw new Error(`the challenge was refused: ${res.status} ${JSON.stringify(res.body)}`);
  const message = res.body.data.message as string;
  return { message, signature: await account.signMessage({ message }) };
}

/** A claim signed by `account` (a new wallet unless given), for `zealyUsername` (pioneer-0047 unless given). */
export async function signedClaimBody(post: Post, overrides: Record<string, unknown> & { account?: PrivateKeyAccount } = {}) {
  const { account = newAccount(), ...rest } = overrides;
  const body = claimBody({ walletAddress: account.address, ...rest });
  return { ...body, walletProof: await walletProof(post, account, "airdrop-claim", body.zealyUsername) };
}

/** A presale registration whose wallet is proven by `account`'s signature. */
export async function signedPresaleBody(post: Post, overrides: Record<string, unknown> & { account?: PrivateKeyAccount } = {}) {
  const { account = newAccount(), ...rest } = overrides;
  const body = presaleBody({ walletAddress: account.address, ...rest });
  return { ...body, walletProof: await walletProof(post, account, "presale") };
}
