import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { WALLET_MESSAGES, WALLET_PROOF, walletStatement, type WalletPurpose } from "@vestin/shared/wallet-core";
import type { WalletChallenge, WalletProof } from "@vestin/shared/wallet";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { sha256 } from "../../lib/ids.ts";
import type { Limit, RateLimiter } from "../../lib/rate-limit.ts";
import { walletRepository } from "./repository.ts";
import { buildMessage, newNonce, readMessage, signatureVerifier, siweSite, type SignatureVerifier } from "./siwe.ts";

/** Messages handed out: a person needs a few; a script filling the nonce table gets stopped. */
export const CHALLENGE_LIMIT: Limit = { name: "wallet:challenge", max: 120, windowMs: 60 * 60_000 };

/** Every this many challenges, nonces that expired over a day ago are deleted (in the background). */
const CLEANUP_EVERY = 200;
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** What a record needs its proof to say: what for, which wallet, and (for a claim) which Zealy user. */
export type ProofExpectation = { purpose: WalletPurpose; address: string; subject?: string | null };

/** A checked proof, still to be spent in the transaction that stores the record it proves. */
export type VerifiedProof = { nonceHash: string; address: string; verifiedAt: string };

type Deps = {
  database: Database;
  config: Pick<Config, "publicUrl" | "rpcUrl">;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Tests pass their own (a stand-in RPC node); by default, ECDSA locally plus RPC_URL for contract wallets. */
  verifier?: SignatureVerifier;
};

const fieldError = (message: string) => badRequest(message, { walletAddress: message });

/**
 * Wallet ownership by Sign-In with Ethereum (docs/decisions/0008-wallet-proof.md): `challenge`
 * hands out a message with a single-use nonce (stored hashed, with the hash of the whole
 * message), `verify` checks a signed message against it without writing, and `spend` marks the
 * nonce used inside the caller's transaction, so a proof is spent exactly when its record is stored.
 */
export function createWalletService({ database, config, limiter, log, verifier }: Deps) {
  const repo = walletRepository(database.db);
  const site = siweSite(config.publicUrl);
  const verifySignature = verifier ?? signatureVerifier(config.rpcUrl);
  let issued = 0;

  function cleanUpNow(): void {
    const before = new Date(Date.now() - KEEP_EXPIRED_MS).toISOString();
    repo.deleteExpired(before).catch((err: unknown) => log.warn({ err }, "expired wallet nonces could not be deleted"));
  }

  return {
    async challenge(input: { address: string; purpose: WalletPurpose; zealyUsername?: string | undefined }, clientIp: string): Promise<WalletChallenge> {
      await limiter.consume(CHALLENGE_LIMIT, clientIp);
      const nonce = newNonce();
      const issuedAt = new Date();
      const expirationTime = new Date(issuedAt.getTime() + WALLET_PROOF.nonceTtlMs);
      const username = input.purpose === "airdrop-claim" ? (input.zealyUsername ?? "") : undefined;
      const message = buildMessage(site, { address: input.address, statement: walletStatement(input.purpose, username), nonce, issuedAt, expirationTime });
      await repo.insertNonce({
        nonce_hash: sha256(nonce),
        address: input.address.toLowerCase(),
        purpose: input.purpose,
        subject: username === undefined ? null : username.toLowerCase(),
        message_hash: sha256(message),
        issued_at: issuedAt.toISOString(),
        expires_at: expirationTime.toISOString(),
        used_at: null,
      });
      if (++issued % CLEANUP_EVERY === 0) cleanUpNow();
      return { message, nonce, chainId: WALLET_PROOF.chainId, issuedAt: issuedAt.toISOString(), expiresAt: expirationTime.toISOString() };
    },

    /**
     * Checks a proof without spending it: the message must be one this server handed out, unchanged,
     * for this purpose, this wallet and (for a claim) this username, not expired and not used; and
     * the wallet must have signed it. Every refusal is a 400 with the reason on walletAddress.
     */
    async verify(proof: WalletProof, expected: ProofExpectation): Promise<VerifiedProof> {
      const now = new Date();
      const parsed = readMessage(site, proof.message, now);
      const nonceHash = sha256(parsed.nonce);
      const row = await repo.nonce(nonceHash);
      if (!row || row.message_hash !== sha256(proof.message)) throw fieldError(WALLET_MESSAGES.foreignMessage);
      if (row.used_at) throw fieldError(WALLET_MESSAGES.nonceUsed);
      if (row.expires_at <= now.toISOString()) throw fieldError(WALLET_MESSAGES.signatureExpired);
      if (row.purpose !== expected.purpose || row.subject !== (expected.subject?.toLowerCase() ?? null)) throw fieldError(WALLET_MESSAGES.purposeMismatch);
      if (row.address !== expected.address.toLowerCase()) throw fieldError(WALLET_MESSAGES.addressMismatch);
      await verifySignature(row.address, proof.message, proof.signature);
      return { nonceHash, address: row.address, verifiedAt: now.toISOString() };
    },

    /** Marks the proof's nonce used, in the caller's transaction; a second use (or a racing one) is refused. */
    async spend(trx: Kysely<DB>, proof: VerifiedProof): Promise<void> {
      if (!(await walletRepository(trx).spendNonce(proof.nonceHash, new Date().toISOString()))) throw fieldError(WALLET_MESSAGES.nonceUsed);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
