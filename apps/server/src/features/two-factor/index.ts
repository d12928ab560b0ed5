/** The two-factor feature's public entry: the service (accounts asks it for the second step) and the sealing of TOTP secrets (tests enrol a device). */
export { createTwoFactorService, totpSecretBox, type TwoFactorService } from "./service.ts";
