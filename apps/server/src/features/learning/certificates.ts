import type { Kysely, Selectable } from "kysely";
import { displayName, type User } from "@vestin/shared/accounts";
import { LEARNING_MESSAGES, type Certificate } from "@vestin/shared/learning";
import { ME_MESSAGES } from "@vestin/shared/me";
import type { CertificatesTable, DB } from "../../db/schema.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { certificatePdf } from "./certificate-pdf.ts";
import { certificatesRepository } from "./certificates-repository.ts";
import { courseCompletion } from "./completion.ts";
import type { LearningContext } from "./context.ts";
import { learningRepository } from "./repository.ts";

/** What a course's assessment says about a learner's certificate: whether the course has one, and their best passed attempt. */
export type AssessmentStanding = { assessed: boolean; bestPass: { attemptId: string; score: number } | null };

/**
 * What learning asks of features/assessments, handed in when the service is built (assessments
 * uses learning, so learning does not import it). Each reads on the connection it is given, a
 * transaction too.
 */
export type AssessmentStandings = {
  of(db: Kysely<DB>, userId: string, courseId: string): Promise<AssessmentStanding>;
  /** For some of a learner's courses: those with an assessment, each with whether the learner passed it. */
  passedIn(db: Kysely<DB>, userId: string, courseIds: string[]): Promise<Map<string, boolean>>;
};

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
 * Issues a learner's certificate of a course once it is earned: every lesson done (courseCompletion)
 * and, when the course has an assessment, a passed attempt (its best score is printed). The one
 * place a certificate is issued; called in the transaction of the write that earns it (the last
 * lesson's completion, or the graded pass), never by a read. Answers the code (the one issued
 * before, if any), or null while it is not earned.
 */
export async function issueCertificateIfEarned(
  trx: Kysely<DB>,
  user: User,
  courseId: string,
  standing: AssessmentStanding,
  at: string,
): Promise<string | null> {
  const certificates = certificatesRepository(trx);
  const issued = await certificates.find(user._id, courseId);
  if (issued) return issued.code;
  const completion = await courseCompletion(trx, user._id, courseId);
  const pass = standing.assessed ? standing.bestPass : null;
  if (!completion.complete || (standing.assessed && !pass)) return null;
  const course = await learningRepository(trx).findCourse(courseId);
  if (!course) return null;
  return certificates.insertOnce({
    user_id: user._id,
    course_id: courseId,
    learner_name: learnerName(user),
    course_title: course.title,
    issued_at: at,
    basis: pass ? "assessment" : "lessons",
    score: pass?.score ?? null,
    lesson_count: completion.total,
    attempt_id: pass?.attemptId ?? null,
  });
}

/** Certificates: the learner's own (with its PDF), the public check of a code, and revocation when an account goes. */
export function certificates({ database, config, publishedCourse, assessments }: LearningContext) {
  const repo = certificatesRepository(database.db);
  return {
    /**
     * The learner's certificate of a course, as issued by the write that earned it. Reading it
     * issues nothing: before then the answer is 403, saying whether a pass is still needed.
     */
    async certificate(idOrSlug: string, user: User): Promise<{ certificate: Certificate; pdf: Buffer }> {
      const course = await publishedCourse(idOrSlug);
      const row = await repo.find(user._id, course.id);
      if (!row) {
        const { complete } = await courseCompletion(database.db, user._id, course.id);
        const standing = complete ? await assessments.of(database.db, user._id, course.id) : null;
        throw new AppError(403, standing?.assessed && !standing.bestPass ? LEARNING_MESSAGES.certificateNeedsPass : LEARNING_MESSAGES.certificateNotReady);
      }
      const certificate = toCertificate(row);
      const pdf = await certificatePdf({ ...certificate, verifyUrl: `${config.publicUrl}/learn/certificates/${row.code}` });
      return { certificate, pdf };
    },

    async verifyCertificate(code: string): Promise<Certificate> {
      const key = code.trim().toUpperCase();
      const row = await repo.findByCode(key);
      if (!row) {
        if (await repo.isRevoked(key)) throw new AppError(410, ME_MESSAGES.certificateRevoked);
        throw notFound(LEARNING_MESSAGES.certificateNotFound);
      }
      return toCertificate(row);
    },

    /**
     * Before an account is deleted: its certificates' codes are kept without the person, so their
     * public pages say the certificate was revoked at the holder's request.
     */
    revokeCertificatesOf: (userId: string, trx: Kysely<DB> = database.db): Promise<number> => certificatesRepository(trx).revokeAllOf(userId),
  };
}
