import { PRODUCT_NAME, TOKEN } from "./brand.ts";

/*
 * (Free of the schema library, so the browser can use these without loading zod; wallet.ts
 * re-exports everything here next to the schemas.)
 *
 * Wallet ownership proven by signature (docs/decisions/0008-wallet-proof.md): the
 * server hands out a Sign-In with Ethereum (EIP-4361) message with a single-use nonce, the wallet
 * signs it, and the form that needs the proof (airdrop claim, presale step 3) sends the message and
 * the signature with its other fields. The texts are shared so the browser and the server say the
 * same thing.
 */

export const WALLET_PROOF = {
  /** Base mainnet: $VSTN is an ERC-20 on Base. A signature needs no transaction, so any network can sign. */
  chainId: 8453,
  chainName: "Base",
  /** EIP-4361 version. */
  version: "1",
  /** How long a handed-out message (and its nonce) can be signed and used. */
  nonceTtlMs: 10 * 60 * 1000,
  /** Clock difference tolerated between a wallet's issued-at and ours (the server writes it, so this is small). */
  clockSkewMs: 60 * 1000,
  /** A signed message is short; anything longer is not one of ours. */
  messageMax: 2_000,
  /** 65-byte ECDSA signatures are 132 characters; smart-contract wallets (ERC-1271/6492) sign longer. */
  signatureMax: 20_000,
} as const;

/** What a signature is for: it is bound to that purpose and, for a claim, to the Zealy username; "link" ties the wallet to the signed-in account (learn-and-earn). */
export const WALLET_PURPOSES = ["airdrop-claim", "presale", "link"] as const;
export type WalletPurpose = (typeof WALLET_PURPOSES)[number];

/** Airdrop claim states: granted (counted in the allow-list), waiting for the team, or turned down. */
export const CLAIM_STATUSES = ["granted", "pending_review", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The sentence the wallet shows above the technical lines of the message. */
export function walletStatement(purpose: WalletPurpose, zealyUsername?: string): string {
  if (purpose === "airdrop-claim") {
    return `Claim the ${TOKEN} community sprint airdrop of Zealy user ${oneLine(zealyUsername ?? "")} to this wallet. This signature costs nothing and sends no transaction.`;
  }
  if (purpose === "link") {
    return `Link this wallet to my ${PRODUCT_NAME} account, so quest XP from learning counts for it. This signature costs nothing and sends no transaction.`;
  }
  return `Prove that I own this wallet for the ${TOKEN} presale whitelist. This signature costs nothing and sends no transaction.`;
}

/** A statement is one line (EIP-4361); usernames are shown as typed but never break the message. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it takes out
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, " ").trim();
}

export const WALLET_MESSAGES = {
  // Server answers
  proofRequired: "Please verify your wallet: connect it and sign the message, so we know the wallet is yours.",
  signatureInvalid: "The signature is invalid. Please sign the message again.",
  signatureExpired: "The signature request has expired (it is valid for 10 minutes). Please sign again.",
  nonceUsed: "This signature has already been used. Please sign again.",
  foreignMessage: "This message was not issued by this site for Base. Please sign the message this page asks for.",
  addressMismatch: "The signed message is for a different wallet than the address in the form.",
  purposeMismatch: "This signature was given for something else. Please sign the message this page asks for.",
  notLinkedWallet: "This wallet is not the one linked to this Zealy account. Connect the wallet you connected on Zealy.",
  walletUsed: "This wallet has already been used for a claim in this sprint.",
  claimedBy: (maskedWallet: string) => `This airdrop has already been claimed (by wallet ${maskedWallet})`,
  smartWalletNoRpc:
    "This looks like a smart-contract wallet. Those can be verified only when the site is connected to the Base network, which it is not yet: please sign with a regular wallet account, or contact support.",
  smartWalletUnreachable: "The Base network could not be reached to verify this smart-contract wallet. Please try again in a minute.",
  usernameRequired: "Please enter your Zealy username before signing.",
  claimsClosed: "Claims for this sprint are closed: its allow-list has been frozen for the token generation event.",
  pendingReview:
    "Your claim is signed and waiting for review: the leaderboard lists no wallet for this Zealy account, so the team checks it by hand. You will get an e-mail when it is decided.",
  granted: "Your wallet is verified and your claim is granted.",

  // Browser states
  noWallet:
    "No browser wallet found. Install MetaMask, Coinbase Wallet or Rabby, or open this page in your wallet app's browser. You can also type your address.",
  connect: "Connect wallet",
  choose: "Choose a wallet",
  connecting: "Waiting for your wallet…",
  locked: "Your wallet is locked. Unlock it in the wallet's window, then try again.",
  wrongNetwork: "Your wallet is on another network. A signature sends no transaction, so you can sign on any network, or switch to Base.",
  switchNetwork: "Switch to Base",
  continueAnyway: "Sign on this network",
  rejected: "You cancelled the signature",
  connectRejected: "You cancelled the connection request",
  signing: "Check your wallet: sign the message to continue",
  verified: "Wallet verified",
  copy: "Copy address",
  copied: "Address copied",
  disconnect: "Use another wallet",
  verifyPresale: "Verify with your wallet",
  verifyClaim: "Verify and sign with your wallet",
  unverifiedNote: "Typed by hand: the address will be stored as unverified.",
  walletError: "Your wallet reported an error. Please try again.",
} as const;

/** `0x1234…abcd` of an EIP-55 address (the same shortening as the claim lookup). */
export function shortAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
