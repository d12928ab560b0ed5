/** The wallet feature's public entry: what other features may use. */
export { type VerifiedWallet, WalletVerify } from "./components/wallet-verify";
