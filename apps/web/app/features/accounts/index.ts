/** The accounts feature's public entry: what other features may use (the rest is private to it). */
export type { SecondStepProof } from "./api/accounts-api";
export { AccountMenu, MobileAccountActions } from "./components/account-menu";
export { GoogleButton } from "./components/google-button";
export { proofOf, SecondFactorField, type ProofKind } from "./components/second-factor-field";
