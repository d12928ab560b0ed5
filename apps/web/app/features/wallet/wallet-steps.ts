import { WALLET_MESSAGES } from "@vestin/shared/wallet-core";
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

/** The one-sentence state a screen reader hears when it changes. */
export function statusText(step: WalletStep): string {
  switch (step.kind) {
    case "idle":
    case "choosing":
      return "";
    case "discovering":
    case "connecting":
    case "switching":
      return WALLET_MESSAGES.connecting;
    case "preparing":
    case "signing":
      return WALLET_MESSAGES.signing;
    case "no-wallet":
      return WALLET_MESSAGES.noWallet;
    case "locked":
      return WALLET_MESSAGES.locked;
    case "connect-rejected":
      return WALLET_MESSAGES.connectRejected;
    case "wrong-network":
      return WALLET_MESSAGES.wrongNetwork;
    case "rejected":
      return WALLET_MESSAGES.rejected;
    case "failed":
      return step.message;
  }
}
