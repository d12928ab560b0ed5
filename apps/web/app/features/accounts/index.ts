/** The accounts feature's public entry: what other features may use (the rest is private to it). */
export type { SecondStepProof } from "./api/accounts-api";
export { AccountMenu, MobileAccountActions } from "./components/account-menu";
export { GoogleButton } from "./components/google-button";
export { NameFields } from "./components/name-fields";
export { NewPasswordFields } from "./components/new-password-fields";
export { SecondFactorField } from "./components/second-factor-field";
export { useSecondFactorProof } from "./components/use-second-factor-proof";
