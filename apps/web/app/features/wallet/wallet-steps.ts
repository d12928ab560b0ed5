import type { AnnouncedWallet } from "./eip6963";
import type { WalletConnection } from "./wallet-client";

/** Where a wallet proof stands, from the first click to the signature (or why it stopped). */
export type WalletStep =
  | { kind: "idle" }
  | { kind: "discovering" }
  | { kind: "choosing"; wallets: readonly AnnouncedWallet[] }
  | { kind: "no-wallet" }
  | { kind: "connecting"; wallet: AnnouncedWallet }
  | { kind: "locked"; wallet: AnnouncedWallet }
  | { kind: "connect-rejected"; wallet: AnnouncedWallet }
  | { kind: "wrong-network"; wallet: AnnouncedWallet; connection: WalletConnection; switchRefused?: boolean }
  | { kind: "switching"; wallet: AnnouncedWallet }
  | { kind: "preparing"; wallet: AnnouncedWallet }
  | { kind: "signing"; wallet: AnnouncedWallet }
  | { kind: "rejected"; wallet: AnnouncedWallet; connection: WalletConnection }
  | { kind: "failed"; message: string };

/** The steps that wait on the wallet or the server: the action button says so and ignores clicks. */
export const BUSY_STEPS = new Set<WalletStep["kind"]>(["discovering", "connecting", "switching", "preparing", "signing"]);
