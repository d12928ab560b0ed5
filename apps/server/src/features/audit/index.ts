/**
 * The audit feature's public entry: the audit log (who did what to which object, when) that the
 * console, allow-lists, leads and privacy write, its reader for the console, and the hook that
 * logs every administrator's write.
 */
export { readAuditLog, recordAudit, registerAdminAudit, type AuditEntry } from "./audit.ts";
