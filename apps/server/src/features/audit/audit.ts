import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { onSendOfWrites } from "../../lib/write-hooks.ts";
import { auditPage, insertAuditEntry } from "./repository.ts";

export type AuditEntry = {
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
};

export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, {
    id: newId(),
    actor_id: entry.actorId,
    actor_email: entry.actorEmail,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId ?? null,
    details: JSON.stringify(entry.details ?? {}),
    created_at: nowIso(),
  });
}

/** One page of the log as the console shows it, newest first, and the log's length. */
export async function readAuditLog(db: Kysely<DB>, page: number, limit: number) {
  const { rows, total } = await auditPage(db, page, limit);
  return {
    entries: rows.map((r) => ({
      _id: r.id,
      actorEmail: r.actor_email,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      details: JSON.parse(r.details) as unknown,
      createdAt: r.created_at,
    })),
    total,
  };
}

/**
 * Every successful write by an administrator is logged (who, what, which object, when) before
 * the response leaves: one hook covers the blog, learning and admin routes alike.
 */
export function registerAdminAudit(app: FastifyInstance): void {
  onSendOfWrites(app, async (request, reply, payload) => {
    if (request.user?.role !== "admin" || reply.statusCode >= 400) return payload;
    if (request.routeOptions.config && (request.routeOptions.config as { skipAudit?: boolean }).skipAudit) return payload;
    const url = request.routeOptions.url ?? request.url;
    const params = (request.params ?? {}) as Record<string, string>;
    const segments = url.replace(/^\/api\/v1\//, "").split("/");
    await recordAudit(app.database.db, {
      actorId: request.user._id,
      actorEmail: request.user.email,
      action: `${request.method} ${url}`,
      targetType: segments[0] === "admin" ? (segments[1] ?? "admin") : (segments[0] ?? "unknown"),
      targetId: params.id ?? null,
      details: { status: reply.statusCode, ...(params.type ? { type: params.type } : {}) },
    });
    return payload;
  });
}
