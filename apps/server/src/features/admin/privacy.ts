import type { FastifyInstance } from "fastify";
import { sha256 } from "../../lib/ids.ts";
import { recordAudit } from "../audit/index.ts";
import { attemptsOfLearner, placementOfLearner } from "../assessments/index.ts";
import { leadsInbox } from "../leads/index.ts";
import { courseTitles } from "../learning/index.ts";

type Actor = { id: string | null; email: string };

/**
 * Everything held about one e-mail address (privacy export): the account and its sessions, the
 * learning records (enrolments, progress, certificates, assessment attempts, placement result)
 * every lead sent with the address, the newsletter subscription with its consent records, and the
 * other consent records (terms and privacy accepted, contact communications, cookie choices:
 * features/consents), and the linked wallet with its learn-and-earn grants. Likes are anonymous
 * and not linked to anyone.
 */
export async function personalExport(app: FastifyInstance, email: string) {
  const account = await app.accounts.personalData(email);
  const userId = account?.user._id;
  const learning = userId ? await app.learning.learnerSummary(userId) : null;
  const db = app.database.db;
  const attempts = userId ? await attemptsOfLearner(db, userId) : [];
  const titles = await courseTitles(db, [...new Set(attempts.map((a) => a.course_id))]);
  const placement = userId ? await placementOfLearner(db, userId) : undefined;
  return {
    email,
    exportedAt: new Date().toISOString(),
    account,
    learning: learning
      ? {
          ...learning,
          // An attempt is listed with its course's title; one whose course is gone is not listed.
          assessmentAttempts: attempts.flatMap((a) => {
            const courseTitle = titles.get(a.course_id);
            if (courseTitle === undefined) return [];
            const answers = a.answers ? (JSON.parse(a.answers) as unknown) : null;
            return [{ id: a.id, courseTitle, startedAt: a.started_at, submittedAt: a.submitted_at, score: a.score, passed: a.passed === 1, answers }];
          }),
          placement: placement ? { savedAt: placement.created_at, result: JSON.parse(placement.result) as unknown } : null,
        }
      : null,
    leads: await leadsInbox(app.database.db).forEmail(email),
    newsletter: await app.newsletter.subscriptions.personalData(email),
    consents: await app.consents.personalData(email, userId ?? null),
    learnAndEarn: userId ? await app.learnEarn.personalData(userId) : null,
  };
}

/**
 * Erases one person (admin erasure and account deletion alike): every lead sent with the address,
 * then the account with its sessions, enrolments, progress and attempts, its linked wallet and
 * learn-and-earn grants, and the newsletter
 * subscription and the consent records (one record that consent was withdrawn stays, by the address's
 * hash, for the newsletter and for the contact form's communications). Their certificates'
 * codes are kept without the person, so the public pages say "revoked at the holder's request".
 * The audit log keeps who erased and when, with a hash of the address.
 */
export async function erasePerson(app: FastifyInstance, email: string, actor: Actor, action: "PRIVACY erase" | "ACCOUNT deleted by holder") {
  const inbox = leadsInbox(app.database.db);
  const leads = await app.database.db.transaction().execute(async (trx) => inbox.eraseEmail(email, trx));
  const account = await app.accounts.personalData(email);
  const certificates = account ? await app.learning.revokeCertificatesOf(account.user._id) : 0;
  // Before the account goes: its records are found by the account as well as by the address.
  const consents = await app.consents.erase(email, account?.user._id ?? null);
  const learnAndEarn = account ? await app.learnEarn.erase(account.user._id) : { grants: 0, wallet: false };
  const { userId } = await app.accounts.eraseByEmail(email);
  const newsletter = await app.newsletter.subscriptions.erase(email);
  // The person's certificate pages now answer "revoked": no stored copy may say "verified" any longer
  // (whoever erased them; an admin's write would clear these anyway, a holder's would not).
  if (certificates > 0) {
    app.pageCache?.clear();
    app.publicCache.clear();
  }
  await recordAudit(app.database.db, {
    actorId: action === "PRIVACY erase" ? actor.id : null,
    actorEmail: action === "PRIVACY erase" ? actor.email : "",
    action,
    targetType: "person",
    targetId: sha256(email),
    details: { leads, account: Boolean(userId), certificatesRevoked: certificates, newsletter, consents, learnAndEarn },
  });
  return { leads, account: Boolean(userId), certificatesRevoked: certificates, newsletter, consents, learnAndEarn };
}
