/**
 * The admin feature's public entry: a person's privacy export and erasure (the account holder
 * asks for them under /me too).
 */
export { erasePerson, personalExport } from "./privacy.ts";
