import type { Kysely, Selectable } from "kysely";
import { displayName, type User } from "@vestin/shared/accounts";
import { LEARNING_MESSAGES, type Certificate } from "@vestin/shared/learning";
import { ME_MESSAGES } from "@vestin/shared/me";
import type { CertificatesTable, DB } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { nowIso } from "../../lib/ids.ts";
import { certificatePdf } from "./certificate-pdf.ts";
import type { LearningContext } from "./context.ts";
import { issueCertificate, learningRepository } from "./repository.ts";

/** The name printed on a certificate: first and last name, else the account's display name. */
export function learnerName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || displayName(user);
}

function toCertificate(row: Selectable<CertificatesTable>): Certificate {
  return {
    code: row.code,
    learnerName: row.learner_name,
    courseTitle: row.course_title,
    courseId: row.course_id,
    issuedAt: row.issued_at,
    basis: row.basis,
    score: row.score,
  };
}

/**
 * The certificate a graded pass earns once every lesson is done (features/assessments decides
 * that, and calls this inside the grading's transaction). Issued once; answers its code.
 */
export async function issueAssessmentCertificate(
  trx: Kysely<DB>,
  pass: { user: User; courseId: string; attemptId: string; score: number; issuedAt: string; lessonCount: number },
): Promise<string> {
  const course = await learningRepository(trx).findCourse(pass.courseId);
  if (!course) throw notFound(LEARNING_MESSAGES.courseNotFound);
  return issueCertificate(trx, {
    user_id: pass.user._id,
    course_id: pass.courseId,
    learner_name: learnerName(pass.user),
    course_title: course.title,
    issued_at: pass.issuedAt,
    basis: "assessment",
    score: pass.score,
    lesson_count: pass.lessonCount,
    attempt_id: pass.attemptId,
  });
}

/** Certificates: the learner's own (with its PDF), the public check of a code, and revocation when an account goes. */
export function certificates({ database, config, repo, publishedCourse }: LearningContext) {
  return {
    /**
     * The learner's certificate of a course. A course with an assessment issues it when a pass
     * is graded (features/assessments); here it is issued for a pass made before a lesson was
     * added and completed since. A course without one issues it for completed lessons alone.
     */
    async certificate(idOrSlug: string, user: User): Promise<{ certificate: Certificate; pdf: Buffer }> {
      const course = await publishedCourse(idOrSlug);
      let row = await repo.findCertificate(user._id, course.id);
      if (!row) {
        const { enrolled, completed } = await repo.learnerPlace(user._id, course.id);
        const lessonCount = Number(course.total_lessons);
        if (!enrolled || lessonCount === 0 || completed.size < lessonCount) throw new AppError(403, LEARNING_MESSAGES.certificateNotReady);
        const hasAssessment = await database.db.selectFrom("course_assessments").select("course_id").where("course_id", "=", course.id).executeTakeFirst();
        const best = hasAssessment
          ? await database.db
              .selectFrom("assessment_attempts")
              .select(["id", "score"])
              .where("user_id", "=", user._id)
              .where("course_id", "=", course.id)
              .where("passed", "=", 1)
              .orderBy("score", "desc")
              .executeTakeFirst()
          : undefined;
        if (hasAssessment && !best) throw new AppError(403, LEARNING_MESSAGES.certificateNeedsPass);
        const enrollment = await repo.findEnrollment(user._id, course.id);
        await issueCertificate(database.db, {
          user_id: user._id,
          course_id: course.id,
          learner_name: learnerName(user),
          course_title: course.title,
          issued_at: best ? nowIso() : (enrollment?.completed_at ?? nowIso()),
          basis: best ? "assessment" : "lessons",
          score: best?.score ?? null,
          lesson_count: lessonCount,
          attempt_id: best?.id ?? null,
        });
        row = await repo.findCertificate(user._id, course.id);
      }
      if (!row) throw new AppError(500, "The certificate could not be issued.");
      const certificate = toCertificate(row);
      const pdf = await certificatePdf({ ...certificate, verifyUrl: `${config.publicUrl}/learn/certificates/${row.code}` });
      return { certificate, pdf };
    },

    async verifyCertificate(code: string): Promise<Certificate> {
      const key = code.trim().toUpperCase();
      const row = await repo.findCertificateByCode(key);
      if (!row) {
        const revoked = await database.db.selectFrom("revoked_certificates").select("code").where("code", "=", key).executeTakeFirst();
        if (revoked) throw new AppError(410, ME_MESSAGES.certificateRevoked);
        throw notFound(LEARNING_MESSAGES.certificateNotFound);
      }
      return toCertificate(row);
    },

    /**
     * Before an account is deleted: its certificates' codes are kept without the person, so their
     * public pages say the certificate was revoked at the holder's request.
     */
    async revokeCertificatesOf(userId: string, trx: Kysely<DB> = database.db): Promise<number> {
      const rows = await trx.selectFrom("certificates").select(["code", "course_title", "issued_at"]).where("user_id", "=", userId).execute();
      const now = nowIso();
      for (const row of rows) {
        await trx
          .insertInto("revoked_certificates")
          .values({ ...row, revoked_at: now })
          .onConflict((oc) => oc.column("code").doNothing())
          .execute();
      }
      return rows.length;
    },
  };
}
