import { randomBytes } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { CertificatesTable, DB } from "../../db/schema.ts";
import { nowIso } from "../../lib/ids.ts";

/** VST-XXXX-XXXX-XXXX: 48 random bits, printed on the PDF and checked on the public page. */
export function certificateCode(): string {
  const raw = randomBytes(8).toString("hex").toUpperCase();
  return `VST-${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
}

/** The rows of certificates and of the codes revoked with their holder's account (rules in certificates.ts). */
export function certificatesRepository(db: Kysely<DB>) {
  return {
    find: (userId: string, courseId: string) =>
      db.selectFrom("certificates").selectAll().where("user_id", "=", userId).where("course_id", "=", courseId).executeTakeFirst(),

    /** The certificates of these learners in these courses (every pair of the two lists; the caller picks its pairs). */
    async findMany(pairs: readonly { userId: string; courseId: string }[]) {
      if (pairs.length === 0) return [];
      return db
        .selectFrom("certificates")
        .select(["user_id", "course_id", "code"])
        .where(
          "user_id",
          "in",
          pairs.map((p) => p.userId),
        )
        .where(
          "course_id",
          "in",
          pairs.map((p) => p.courseId),
        )
        .execute();
    },

    findByCode: (code: string) => db.selectFrom("certificates").selectAll().where("code", "=", code).executeTakeFirst(),

    /** Inserts a learner's certificate of a course once (the unique (user, course) pair decides); answers the stored code. */
    async insertOnce(row: Omit<Insertable<CertificatesTable>, "code">): Promise<string> {
      await db
        .insertInto("certificates")
        .values({ code: certificateCode(), ...row })
        .onConflict((oc) => oc.columns(["user_id", "course_id"]).doNothing())
        .execute();
      const stored = await db
        .selectFrom("certificates")
        .select("code")
        .where("user_id", "=", row.user_id)
        .where("course_id", "=", row.course_id)
        .executeTakeFirstOrThrow();
      return stored.code;
    },

    /** A learner's certificates, for the admin user view and the privacy export. */
    of: (userId: string) => db.selectFrom("certificates").select(["code", "course_id", "course_title", "issued_at"]).where("user_id", "=", userId).execute(),

    /** The certificates of some of a learner's courses. */
    async ofCourses(userId: string, courseIds: string[]) {
      if (courseIds.length === 0) return [];
      return db
        .selectFrom("certificates")
        .select(["course_id", "code", "issued_at", "score"])
        .where("user_id", "=", userId)
        .where("course_id", "in", courseIds)
        .execute();
    },

    isRevoked: async (code: string) => Boolean(await db.selectFrom("revoked_certificates").select("code").where("code", "=", code).executeTakeFirst()),

    /** Keeps each of a learner's certificate codes as revoked (without the person); answers how many. */
    async revokeAllOf(userId: string): Promise<number> {
      const rows = await db.selectFrom("certificates").select(["code", "course_title", "issued_at"]).where("user_id", "=", userId).execute();
      const now = nowIso();
      for (const row of rows) {
        await db
          .insertInto("revoked_certificates")
          .values({ ...row, revoked_at: now })
          .onConflict((oc) => oc.column("code").doNothing())
          .execute();
      }
      return rows.length;
    },
  };
}
