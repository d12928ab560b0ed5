/** The wallet feature's public entry: the service that verifies and spends a wallet's signed proof (leads and the admin command line use it). */
export { createWalletService, type VerifiedProof, type WalletService } from "./service.ts";
