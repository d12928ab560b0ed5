/**
 * The admin feature's public entry: the leads inbox (webhooks deliver its rows) and a person's
 * privacy export and erasure (the account holder asks for them under /me too).
 */
export { leadsInbox } from "./leads-inbox.ts";
export { erasePerson, personalExport } from "./privacy.ts";
