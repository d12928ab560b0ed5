import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The learner's own space:
 * - sessions: the User-Agent a session signed in with and when it was last seen, for the list of
 *   one's sessions.
 * - enrollments: the lesson last visited and when, to resume a course where it was left.
 * - users.newsletter_changed_at: when the newsletter choice was last given or withdrawn.
 * - revoked_certificates: the codes of certificates whose holder deleted their account, so the
 *   public verification page can say so (nothing about the person is kept).
 */
export function learnerSpace(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
      await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
      await db.schema.alterTable("enrollments").addColumn("last_lesson_id", "text").execute();
      await db.schema.alterTable("enrollments").addColumn("last_visited_at", "text").execute();
      await db.schema.alterTable("users").addColumn("newsletter_changed_at", "text").execute();
      await db.schema
        .createTable("revoked_certificates")
        .addColumn("code", "text", (c) => c.primaryKey())
        .addColumn("course_title", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("revoked_certificates").execute();
      await db.schema.alterTable("users").dropColumn("newsletter_changed_at").execute();
      for (const column of ["last_visited_at", "last_lesson_id"]) await db.schema.alterTable("enrollments").dropColumn(column).execute();
      for (const column of ["last_seen_at", "user_agent"]) await db.schema.alterTable("sessions").dropColumn(column).execute();
    },
  };
}
