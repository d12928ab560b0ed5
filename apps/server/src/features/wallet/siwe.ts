import { randomBytes } from "node:crypto";
import * as secp256k1 from "tiny-secp256k1";
import { bytesToHex, createPublicClient, getAddress, hashMessage, hexToBytes, http, isErc6492Signature, parseSignature, type Address, type Hex } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { baseChain } from "./base-chain.ts";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { WALLET_MESSAGES, WALLET_PROOF } from "@vestin/shared/wallet-core";
import { AppError, badRequest } from "../../lib/errors.ts";

/*
 * Sign-In with Ethereum (EIP-4361) with viem's helpers: the message is built by createSiweMessage
 * and read back by parseSiweMessage. A key-held account's signature is checked here by recovering
 * its signer with libsecp256k1 (tiny-secp256k1, WebAssembly: 0.2 ms a signature against 1.2 ms in
 * viem's JavaScript curve, the costliest part of a signed claim); otherwise, when RPC_URL is set,
 * by a public client's verifyMessage, which also verifies smart-contract wallets (ERC-1271, and
 * ERC-6492 for wallets not yet deployed). Nothing here parses a message by hand.
 */

/** Where the site lives, as EIP-4361 wants it: the authority (host[:port]) and the origin. */
export type SiweSite = { domain: string; uri: string };

export function siweSite(publicUrl: string): SiweSite {
  const url = new URL(publicUrl);
  return { domain: url.host, uri: url.origin };
}

/**
 * A nonce from the operating system's random source: 128 bits as 32 hex characters (EIP-4361 asks
 * for at least 8 alphanumerics). viem's generateSiweNonce uses Math.random, which is not for secrets.
 */
export function newNonce(): string {
  return randomBytes(16).toString("hex");
}

export function buildMessage(site: SiweSite, fields: { address: string; statement: string; nonce: string; issuedAt: Date; expirationTime: Date }): string {
  return createSiweMessage({
    domain: site.domain,
    uri: site.uri,
    address: getAddress(fields.address),
    chainId: WALLET_PROOF.chainId,
    version: WALLET_PROOF.version,
    nonce: fields.nonce,
    statement: fields.statement,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
  });
}

export type ParsedMessage = { address: string; nonce: string; issuedAt: Date; expirationTime: Date };

/**
 * Reads a signed message and checks what it says against this site, before any database read:
 * our domain and origin, Base, version 1, an issue time not in the future and an expiry not past.
 * A message from another site (a phishing page that asked the wallet to sign for its own domain)
 * fails here with `foreignMessage`.
 */
export function readMessage(site: SiweSite, message: string, now: Date): ParsedMessage {
  const parsed = parseSiweMessage(message);
  if (!parsed.address || !parsed.nonce || !parsed.domain || !parsed.uri || !parsed.issuedAt || !parsed.expirationTime) {
    throw badRequest(WALLET_MESSAGES.foreignMessage, { walletAddress: WALLET_MESSAGES.foreignMessage });
  }
  if (
    parsed.domain !== site.domain ||
    parsed.uri !== site.uri ||
    parsed.chainId !== WALLET_PROOF.chainId ||
    parsed.version !== WALLET_PROOF.version ||
    parsed.scheme
  ) {
    throw badRequest(WALLET_MESSAGES.foreignMessage, { walletAddress: WALLET_MESSAGES.foreignMessage });
  }
  if (
    Number.isNaN(parsed.issuedAt.getTime()) ||
    Number.isNaN(parsed.expirationTime.getTime()) ||
    parsed.issuedAt.getTime() > now.getTime() + WALLET_PROOF.clockSkewMs
  ) {
    throw badRequest(WALLET_MESSAGES.signatureInvalid, { walletAddress: WALLET_MESSAGES.signatureInvalid });
  }
  if (parsed.expirationTime.getTime() <= now.getTime()) {
    throw badRequest(WALLET_MESSAGES.signatureExpired, { walletAddress: WALLET_MESSAGES.signatureExpired });
  }
  return { address: parsed.address.toLowerCase(), nonce: parsed.nonce, issuedAt: parsed.issuedAt, expirationTime: parsed.expirationTime };
}

/** A 65-byte ECDSA signature (r, s, v) as hex: what a key-held account produces. */
const isPlainSignature = (signature: Hex) => signature.length === 132;

/**
 * Whether a 65-byte signature of `message` (EIP-191 personal message) was made by the key of
 * `account`: viem reads the signature (its recovery bit from v of 0, 1, 27 or 28), libsecp256k1
 * recovers the signer's public key, and its address is compared. A signature viem cannot read, or
 * that is not a point of the curve, throws, as viem's verifyMessage does.
 */
export function signedByKey(account: Address, message: string, signature: Hex): boolean {
  const { yParity } = parseSignature(signature);
  const key = secp256k1.recover(hashMessage(message, "bytes"), hexToBytes(signature).subarray(0, 64), yParity as 0 | 1, false);
  return key !== null && publicKeyToAddress(bytesToHex(key)) === account;
}

export type SignatureVerifier = (address: string, message: string, signature: Hex) => Promise<void>;

/**
 * Checks that `address` signed `message`. A key-held account is checked locally. Otherwise, with
 * an RPC node the signature goes to the chain (ERC-1271 / ERC-6492); without one, a signature
 * that cannot be a key-held account's is answered with the smart-wallet message, and any other
 * failure as an invalid signature.
 */
export function signatureVerifier(rpcUrl: string | undefined, rpcTimeoutMs = 5_000): SignatureVerifier {
  const client = rpcUrl ? createPublicClient({ chain: baseChain, transport: http(rpcUrl, { timeout: rpcTimeoutMs, retryCount: 1 }) }) : undefined;
  const invalid = () => badRequest(WALLET_MESSAGES.signatureInvalid, { walletAddress: WALLET_MESSAGES.signatureInvalid });

  return async (address, message, signature) => {
    const account = getAddress(address);
    if (isPlainSignature(signature)) {
      try {
        if (signedByKey(account, message, signature)) return;
      } catch {
        // A malformed signature: the chain may still know it (a contract wallet's own format).
      }
    }
    if (!client) {
      if (!isPlainSignature(signature) || isErc6492Signature(signature)) {
        throw badRequest(WALLET_MESSAGES.smartWalletNoRpc, { walletAddress: WALLET_MESSAGES.smartWalletNoRpc });
      }
      throw invalid();
    }
    // viem answers "invalid" when the node cannot be reached, so reach it first: a node that is
    // down is a 503, not the person's fault. An address without code that sends no ERC-6492
    // wrapper is no contract wallet, and its signature simply did not match.
    const unreachable = () => new AppError(503, WALLET_MESSAGES.smartWalletUnreachable, undefined, { "retry-after": "30" });
    let code: Hex | undefined;
    try {
      code = await client.getCode({ address: account });
    } catch {
      throw unreachable();
    }
    if ((!code || code === "0x") && !isErc6492Signature(signature)) throw invalid();
    let valid: boolean;
    try {
      valid = await client.verifyMessage({ address: account, message, signature });
    } catch {
      throw unreachable();
    }
    if (!valid) throw invalid();
  };
}
