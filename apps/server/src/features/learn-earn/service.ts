import type { Kysely } from "kysely";
import { getAddress } from "viem";
import type { User } from "@vestin/shared/accounts";
import { TRACKS } from "@vestin/shared/learning";
import {
  type AdminSprint,
  bandXp,
  LEARN_EARN_LIMITS,
  LEARN_EARN_MESSAGES,
  questMaxXp,
  type CreateQuest,
  type GrantFlag,
  type LearnEarnOffers,
  type LearnEarnStatus,
  type LinkedWallet,
  type Quest,
  type QuestBand,
  type QuestGrant,
  type QuestKind,
  type QuestSubject,
  type SuspiciousGrant,
  type UpdateQuest,
  type WithheldReason,
  WITHHELD_REASONS,
} from "@vestin/shared/learn-earn";
import type { WalletProof } from "@vestin/shared/wallet";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { JobQueue } from "../../lib/jobs/index.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { accountsForQuests } from "../accounts/index.ts";
import { attemptForQuests, bestPassingAttempt, coursesWithAssessment } from "../assessments/index.ts";
import { recordAudit } from "../audit/index.ts";
import { completionDays, courseLinks, trackFinished, type LearningEvent } from "../learning/index.ts";
import { sprintListFrozen } from "../allowlist/index.ts";
import { assertSprintOpen, networkPrefix, sprintForQuests, sprintsForQuests } from "../leads/index.ts";
import type { WalletService } from "../wallet/index.ts";
import { combinedXp } from "./combined-xp.ts";
import { grantRevokedEmail } from "./mail.ts";
import { learnEarnRepository, type GrantRow, type QuestRow } from "./repository.ts";

export const GRANT_JOB = "learn-earn.grant";
export const REEVALUATE_JOB = "learn-earn.reevaluate";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The quest kinds a learning event can satisfy. */
const KINDS_OF: Record<LearningEvent["type"], QuestKind[]> = {
  assessment_passed: ["assessment_pass"],
  placement_passed: ["placement_pass"],
  lesson_completed: ["track_complete", "learning_streak"],
};

type Deps = { database: Database; jobs: JobQueue; mailer: Mailer; wallet: WalletService; publicUrl: string; onChange?: () => void };

const bandsOf = (row: QuestRow): QuestBand[] | null => (row.bands ? (JSON.parse(row.bands) as QuestBand[]) : null);

/** Consecutive UTC days ending on `day` that each hold a completion (`days`: distinct, newest first). */
export function streakEndingOn(days: readonly string[], day: string): number {
  const have = new Set(days);
  let n = 0;
  for (let t = Date.parse(`${day}T00:00:00Z`); have.has(new Date(t).toISOString().slice(0, 10)); t -= DAY_MS) n += 1;
  return n;
}

/**
 * A sprint whose allow-list is frozen gets no new grant: the list no longer changes. The check
 * holds the sprint's row against a freeze until the grant's transaction ends (PostgreSQL), so a
 * grant is either read by the freeze or refused.
 */
async function sprintOpen(trx: Kysely<DB>, sprintId: string): Promise<boolean> {
  try {
    await assertSprintOpen(trx, sprintId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return false;
    throw err;
  }
}

/** Which eligibility rule an account fails, first in the order a person can fix them; null when eligible. */
export function withheldReason(facts: {
  wallet: string | null;
  emailConfirmed: boolean;
  accountCreatedAt: string;
  minAccountAgeHours: number;
  at: string;
}): WithheldReason | null {
  if (!facts.wallet) return "no_wallet";
  if (!facts.emailConfirmed) return "email_unconfirmed";
  if (Date.parse(facts.at) - Date.parse(facts.accountCreatedAt) < facts.minAccountAgeHours * HOUR_MS) return "account_too_new";
  return null;
}

/** Whether a stored reason is one of the withheld reasons' keys. */
const isWithheldReason = (reason: string | null): reason is WithheldReason => (WITHHELD_REASONS as readonly (string | null)[]).includes(reason);

/**
 * Learn-and-earn (ADR 36): quests an administrator defines per sprint, and the grants the server
 * alone makes for them. A learning event stores a `learn-earn.grant` job in its own transaction;
 * the job checks the quest's window, cap and the account's eligibility and writes the grant (or a
 * withheld one with its reason) in one transaction. Learning XP per wallet is the sum of its
 * granted grants, combined with the sprint's imported Zealy XP for the wallet.
 */
export function createLearnEarnService({ database, jobs, mailer, wallet, publicUrl, onChange }: Deps) {
  const { db } = database;
  const repo = learnEarnRepository(db);

  async function minAccountAgeHours(sprintId: string): Promise<number> {
    return (await repo.settings(sprintId))?.min_account_age_hours ?? LEARN_EARN_LIMITS.defaultMinAccountAgeHours;
  }

  async function subjects(rows: readonly QuestRow[]): Promise<Map<string, QuestSubject | null>> {
    const courses = await courseLinks(
      db,
      rows.flatMap((r) => (r.course_id ? [r.course_id] : [])),
    );
    return new Map(
      rows.map((r) => {
        if (r.kind === "assessment_pass" && r.course_id) {
          const course = courses.get(r.course_id);
          return [r.id, { id: r.course_id, title: course?.title ?? "Course", href: `/learn/course/${course?.slug ?? r.course_id}` }];
        }
        if (r.kind === "track_complete" && r.track_id) {
          const track = TRACKS.find((t) => t.slug === r.track_id);
          return [r.id, { id: r.track_id, title: track?.title ?? r.track_id, href: `/learn/track/${r.track_id}` }];
        }
        if (r.kind === "placement_pass") return [r.id, { id: "placement", title: "Placement quiz", href: "/learn/placement" }];
        return [r.id, null];
      }),
    );
  }

  async function toQuests(rows: readonly QuestRow[]): Promise<Quest[]> {
    const counts = await repo.grantCounts(rows.map((r) => r.id));
    const count = (id: string, status: string) => Number(counts.find((c) => c.quest_id === id && c.status === status)?.n ?? 0);
    const subject = await subjects(rows);
    return rows.map((r) => {
      const bands = bandsOf(r);
      return {
        id: r.id,
        sprintId: r.sprint_id,
        kind: r.kind,
        title: r.title,
        xp: questMaxXp({ xp: r.xp, bands }),
        bands,
        courseId: r.course_id,
        trackId: r.track_id,
        streakDays: r.streak_days,
        subject: subject.get(r.id) ?? null,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        cap: r.cap,
        grantedCount: count(r.id, "granted"),
        withheldCount: count(r.id, "withheld"),
        revokedCount: count(r.id, "revoked"),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  async function requireSprint(sprintId: string) {
    const sprint = await sprintForQuests(db, sprintId);
    if (!sprint) throw notFound(LEARN_EARN_MESSAGES.sprintNotFound);
    return sprint;
  }

  async function requireQuest(id: string): Promise<QuestRow> {
    const row = await repo.quest(id);
    if (!row) throw notFound(LEARN_EARN_MESSAGES.questNotFound);
    return row;
  }

  /** The subject a quest names must exist: a course with an assessment, a known track. */
  async function checkSubject(kind: QuestKind, input: { courseId?: string | undefined; trackId?: string | undefined }) {
    if (kind === "assessment_pass" && input.courseId && !(await coursesWithAssessment(db, [input.courseId])).has(input.courseId))
      throw badRequest(LEARN_EARN_MESSAGES.unknownCourse, { courseId: LEARN_EARN_MESSAGES.unknownCourse });
    if (kind === "track_complete" && input.trackId && !TRACKS.some((t) => t.slug === input.trackId))
      throw badRequest(LEARN_EARN_MESSAGES.unknownTrack, { trackId: LEARN_EARN_MESSAGES.unknownTrack });
  }

  /** The XP a quest gives for this event now, or null when the event does not satisfy it. */
  async function questXp(trx: Kysely<DB>, quest: QuestRow, event: LearningEvent) {
    if (quest.kind === "assessment_pass") {
      if (event.type !== "assessment_passed" || event.courseId !== quest.course_id) return null;
      // The best passing attempt's score when the grant is made: a later better score adds nothing.
      const best = await bestPassingAttempt(trx, event.userId, event.courseId, event.at);
      if (!best) return null;
      const xp = bandXp(bandsOf(quest) ?? [], best.score);
      return xp > 0 ? { xp, attemptId: best.id, score: best.score, durationSeconds: best.durationSeconds } : null;
    }
    if (quest.kind === "placement_pass") return event.type === "placement_passed" ? { xp: quest.xp ?? 0, score: event.score } : null;
    if (quest.kind === "track_complete") {
      const track = TRACKS.find((t) => t.slug === quest.track_id);
      return track && (await trackFinished(trx, event.userId, track.title)) ? { xp: quest.xp ?? 0 } : null;
    }
    const days = await completionDays(trx, event.userId, event.at);
    return streakEndingOn(days, event.at.slice(0, 10)) >= (quest.streak_days ?? Number.POSITIVE_INFINITY) ? { xp: quest.xp ?? 0 } : null;
  }

  /** The grant job: every open quest the event satisfies gets its grant (or a withheld one), each in its own transaction. */
  async function grantFor(event: LearningEvent): Promise<void> {
    const quests = (await repo.questsOpenAt(KINDS_OF[event.type], event.at)).filter(
      (q) => !("courseId" in event) || q.kind !== "assessment_pass" || q.course_id === event.courseId,
    );
    if (quests.length === 0) return;
    const [account] = await accountsForQuests(db, [event.userId]);
    if (!account) return;
    for (const quest of quests) {
      try {
        await db.transaction().execute(async (trx) => {
          const tx = learnEarnRepository(trx);
          if (await tx.grantOf(quest.id, event.userId)) return;
          if (!(await sprintOpen(trx, quest.sprint_id))) return;
          const earned = await questXp(trx, quest, event);
          if (!earned) return;
          const linked = await tx.walletOf(event.userId);
          const reason = withheldReason({
            wallet: linked?.address ?? null,
            emailConfirmed: account.emailConfirmed,
            accountCreatedAt: account.createdAt,
            minAccountAgeHours: await minAccountAgeHours(quest.sprint_id),
            at: event.at,
          });
          // A full quest makes no grant: the slot is taken in this transaction, so of two racing passes one gets it.
          if (!reason && !(await tx.takeSlot(quest.id))) return;
          await tx.insertGrant({
            id: newId(),
            quest_id: quest.id,
            sprint_id: quest.sprint_id,
            user_id: event.userId,
            wallet_address: reason ? null : (linked?.address ?? null),
            xp: earned.xp,
            status: reason ? "withheld" : "granted",
            reason,
            event_at: event.at,
            attempt_id: "attemptId" in earned ? (earned.attemptId ?? null) : null,
            score: "score" in earned ? (earned.score ?? null) : null,
            duration_seconds: "durationSeconds" in earned ? (earned.durationSeconds ?? null) : null,
            created_at: nowIso(),
            revoked_at: null,
            revoked_by: null,
          });
        });
      } catch (err) {
        // The same event twice (a retried job): the first grant stands.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    onChange?.();
  }

  /**
   * After a wallet is linked: grants withheld only for want of a wallet are granted now, when the
   * account meets the other rules and the quest has a slot left (the event happened in the window).
   */
  async function reevaluate(userId: string): Promise<void> {
    const [account] = await accountsForQuests(db, [userId]);
    if (!account) return;
    for (const grant of await repo.withheldOfUser(userId)) {
      if (grant.reason !== "no_wallet") continue;
      await db.transaction().execute(async (trx) => {
        const tx = learnEarnRepository(trx);
        const linked = await tx.walletOf(userId);
        if (!linked) return;
        const reason = withheldReason({
          wallet: linked.address,
          emailConfirmed: account.emailConfirmed,
          accountCreatedAt: account.createdAt,
          minAccountAgeHours: await minAccountAgeHours(grant.sprint_id),
          at: grant.event_at,
        });
        if (reason) {
          await tx.setGrant(grant.id, { reason }, "withheld");
          return;
        }
        if (!(await sprintOpen(trx, grant.sprint_id))) return;
        if (!(await tx.takeSlot(grant.quest_id))) return;
        if (!(await tx.setGrant(grant.id, { status: "granted", reason: null, wallet_address: linked.address }, "withheld")))
          await tx.releaseSlot(grant.quest_id);
      });
    }
    onChange?.();
  }

  jobs.define<LearningEvent>(GRANT_JOB, (event) => grantFor(event), { retryLimit: 10, retryDelaySeconds: 10 });
  jobs.define<{ userId: string }>(REEVALUATE_JOB, ({ userId }) => reevaluate(userId), { retryLimit: 10, retryDelaySeconds: 10 });

  /** The sprint's leaderboard with learning XP combined, ranked and split by the pool rule (combined-xp.ts). */
  const combinedLeaderboard = (sprintId: string) => combinedXp(db, sprintId);

  function toLinkedWallet(row: { address: string; linked_at: string }, locked: boolean): LinkedWallet {
    return { address: getAddress(row.address), linkedAt: row.linked_at, canUnlink: !locked };
  }

  async function grantViews(grants: readonly GrantRow[]): Promise<QuestGrant[]> {
    const accounts = new Map((await accountsForQuests(db, [...new Set(grants.map((g) => g.user_id))])).map((a) => [a.id, a]));
    const networks = new Map((await repo.walletsOf([...new Set(grants.map((g) => g.user_id))])).map((w) => [w.user_id, w.link_network]));
    const totals = new Map<string, number>();
    for (const g of grants) if (g.attempt_id) totals.set(g.attempt_id, (await attemptForQuests(db, g.attempt_id))?.total ?? 0);
    const sharing = new Map<string, number>();
    for (const net of networks.values()) if (net) sharing.set(net, (sharing.get(net) ?? 0) + 1);
    return grants.map((g) => {
      const account = accounts.get(g.user_id);
      const flags: GrantFlag[] = [];
      const net = networks.get(g.user_id);
      if (net && (sharing.get(net) ?? 0) > 1) flags.push("shared_network");
      const questions = g.attempt_id ? (totals.get(g.attempt_id) ?? 0) : 0;
      // "In seconds": under 20 % of an expected 30 s per drawn question.
      if (g.duration_seconds !== null && questions > 0 && g.duration_seconds < questions * LEARN_EARN_LIMITS.fastPassSecondsPerQuestion)
        flags.push("fast_pass");
      return {
        id: g.id,
        questId: g.quest_id,
        userId: g.user_id,
        name: account ? `${account.firstName} ${account.lastName}`.trim() : "(deleted account)",
        email: account?.email ?? "",
        wallet: g.wallet_address ? getAddress(g.wallet_address) : null,
        xp: g.xp,
        status: g.status,
        reason: g.status === "withheld" && g.reason ? (LEARN_EARN_MESSAGES.withheld[g.reason as WithheldReason] ?? g.reason) : g.reason,
        at: g.event_at,
        flags,
        score: g.score,
        durationSeconds: g.duration_seconds,
        revokedAt: g.revoked_at,
      };
    });
  }

  return {
    /**
     * Stores the grant job for a learning event in the event's own transaction, when a quest of
     * the event's kinds is open at the event's moment: a quest counts the facts that happen in its
     * window while it exists, and without one the job would find nothing to grant. The job's insert
     * decides it, in the same transaction, so a quest committed before the event is seen and the
     * event's write asks nothing more of the database.
     */
    async learningEvent(event: LearningEvent, trx: Kysely<DB>): Promise<void> {
      await jobs.send(GRANT_JOB, event, { trx, onlyIf: learnEarnRepository(trx).anyQuestOpenAt(KINDS_OF[event.type], event.at) });
    },

    /** Every sprint for the console, newest first: running, frozen, and its minimum account age. */
    async sprints(): Promise<AdminSprint[]> {
      const rows = await sprintsForQuests(db);
      return Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          name: r.name,
          isActive: r.is_active === 1,
          frozen: await sprintListFrozen(db, r.id),
          minAccountAgeHours: await minAccountAgeHours(r.id),
        })),
      );
    },

    async quests(sprintId: string): Promise<Quest[]> {
      await requireSprint(sprintId);
      return toQuests(await repo.questsOfSprint(sprintId));
    },

    async createQuest(sprintId: string, input: CreateQuest, adminId: string): Promise<Quest> {
      await requireSprint(sprintId);
      await checkSubject(input.kind, input);
      const now = nowIso();
      const id = newId();
      await repo.insertQuest({
        id,
        sprint_id: sprintId,
        kind: input.kind,
        title: input.title,
        xp: input.kind === "assessment_pass" ? null : (input.xp ?? null),
        bands: input.kind === "assessment_pass" ? JSON.stringify(input.bands ?? []) : null,
        course_id: input.kind === "assessment_pass" ? (input.courseId ?? null) : null,
        track_id: input.kind === "track_complete" ? (input.trackId ?? null) : null,
        streak_days: input.kind === "learning_streak" ? (input.streakDays ?? null) : null,
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        cap: input.cap,
        granted_count: 0,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      });
      onChange?.();
      return (await toQuests([await requireQuest(id)]))[0] as Quest;
    },

    async updateQuest(id: string, input: UpdateQuest): Promise<Quest> {
      const row = await requireQuest(id);
      if (input.kind && input.kind !== row.kind) throw badRequest(LEARN_EARN_MESSAGES.kindFixed, { kind: LEARN_EARN_MESSAGES.kindFixed });
      const foreign = (["xp", "bands", "courseId", "trackId", "streakDays"] as const).find((f) => {
        if (input[f] === undefined) return false;
        if (row.kind === "assessment_pass") return f !== "bands" && f !== "courseId";
        if (row.kind === "track_complete") return f !== "xp" && f !== "trackId";
        if (row.kind === "learning_streak") return f !== "xp" && f !== "streakDays";
        return f !== "xp";
      });
      if (foreign) throw badRequest(`${foreign} does not apply to a ${row.kind} quest`, { [foreign]: `${foreign} does not apply to a ${row.kind} quest` });
      const startsAt = input.startsAt ?? row.starts_at;
      const endsAt = input.endsAt ?? row.ends_at;
      if (endsAt <= startsAt) throw badRequest(LEARN_EARN_MESSAGES.endsBeforeStart, { endsAt: LEARN_EARN_MESSAGES.endsBeforeStart });
      await checkSubject(row.kind, input);
      await repo.updateQuest(id, {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.xp !== undefined && { xp: input.xp }),
        ...(input.bands !== undefined && { bands: JSON.stringify(input.bands) }),
        ...(input.courseId !== undefined && { course_id: input.courseId }),
        ...(input.trackId !== undefined && { track_id: input.trackId }),
        ...(input.streakDays !== undefined && { streak_days: input.streakDays }),
        ...(input.cap !== undefined && { cap: input.cap }),
        starts_at: startsAt,
        ends_at: endsAt,
        updated_at: nowIso(),
      });
      onChange?.();
      return (await toQuests([await requireQuest(id)]))[0] as Quest;
    },

    async deleteQuest(id: string): Promise<void> {
      await requireQuest(id);
      if ((await repo.grantsOfQuest(id)).length > 0) throw conflict(LEARN_EARN_MESSAGES.questHasGrants);
      await repo.deleteQuest(id);
      onChange?.();
    },

    async questGrants(id: string): Promise<QuestGrant[]> {
      await requireQuest(id);
      return grantViews(await repo.grantsOfQuest(id));
    },

    /** Revokes a granted grant: status, audit entry and the person's e-mail in one transaction; its slot is freed. */
    async revoke(grantId: string, reason: string, admin: { _id: string; email: string }): Promise<QuestGrant> {
      const grant = await repo.grant(grantId);
      if (!grant) throw notFound(LEARN_EARN_MESSAGES.grantNotFound);
      if (grant.status === "revoked") throw conflict(LEARN_EARN_MESSAGES.alreadyRevoked);
      if (grant.status !== "granted") throw conflict(LEARN_EARN_MESSAGES.notGranted);
      const quest = await requireQuest(grant.quest_id);
      const [account] = await accountsForQuests(db, [grant.user_id]);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const tx = learnEarnRepository(trx);
        if (!(await tx.setGrant(grant.id, { status: "revoked", reason, revoked_at: at, revoked_by: admin._id }, "granted")))
          throw conflict(LEARN_EARN_MESSAGES.alreadyRevoked);
        await tx.releaseSlot(grant.quest_id);
        await recordAudit(trx, {
          actorId: admin._id,
          actorEmail: admin.email,
          action: "quest grant revoked",
          targetType: "learn_earn_grants",
          targetId: grant.id,
          details: { questId: quest.id, userId: grant.user_id, wallet: grant.wallet_address, xp: grant.xp, reason },
        });
        if (account) await mailer.send(grantRevokedEmail(account.email, account.firstName, quest.title, grant.xp, reason, publicUrl), { trx });
      });
      onChange?.();
      return (await grantViews([{ ...grant, status: "revoked", reason, revoked_at: at, revoked_by: admin._id }]))[0] as QuestGrant;
    },

    /** Grants of a sprint the sybil review flags: a link network shared with another account, or an assessment passed in seconds. */
    async suspicious(sprintId: string): Promise<SuspiciousGrant[]> {
      await requireSprint(sprintId);
      const grants = await repo.grantsOfSprint(sprintId);
      const quests = new Map((await repo.questsOfSprint(sprintId)).map((q) => [q.id, q.title]));
      const wallets = new Map((await repo.walletsOf([...new Set(grants.map((g) => g.user_id))])).map((w) => [w.user_id, w.link_network]));
      const byNetwork = new Map<string, Set<string>>();
      for (const [userId, net] of wallets) if (net) byNetwork.set(net, (byNetwork.get(net) ?? new Set()).add(userId));
      return (await grantViews(grants))
        .filter((g) => g.flags.length > 0)
        .map((g) => {
          const network = wallets.get(g.userId) ?? null;
          return {
            ...g,
            questTitle: quests.get(g.questId) ?? "",
            network,
            sameNetworkUserIds: network ? [...(byNetwork.get(network) ?? [])].filter((id) => id !== g.userId) : [],
          };
        });
    },

    /** Learning XP per wallet of a sprint, for the CSV export. */
    async learningXp(sprintId: string) {
      await requireSprint(sprintId);
      return (await repo.learningXpByWallet(sprintId))
        .map((r) => ({ wallet: getAddress(r.wallet_address ?? ""), learningXp: Number(r.xp), quests: Number(r.quests) }))
        .sort((a, b) => b.learningXp - a.learningXp || (a.wallet < b.wallet ? -1 : 1));
    },

    combinedLeaderboard,

    async saveSettings(sprintId: string, hours: number) {
      await requireSprint(sprintId);
      await repo.saveSettings(sprintId, hours, nowIso());
      return { minAccountAgeHours: hours };
    },

    /** What is held about an account here (privacy export): its linked wallet and its grants. */
    async personalData(userId: string) {
      const { wallet, grants } = await repo.personalData(userId);
      return {
        linkedWallet: wallet ? { address: getAddress(wallet.address), linkedAt: wallet.linked_at } : null,
        grants: grants.map((g) => ({ questId: g.quest_id, sprintId: g.sprint_id, xp: Number(g.xp), status: g.status, reason: g.reason, at: g.event_at })),
      };
    },

    /**
     * Erases an account's linked wallet and grants, in one transaction (account deletion and an
     * administrator's erasure). The sprint's learning XP for that wallet goes with them; an
     * allow-list already frozen keeps its leaves (they hold an address and an amount, no person).
     */
    async erase(userId: string) {
      const erased = await db.transaction().execute((trx) => learnEarnRepository(trx).eraseUser(userId));
      if (erased.grants > 0) onChange?.();
      return erased;
    },

    async linkedWallet(user: User): Promise<LinkedWallet> {
      const row = await repo.walletOf(user._id);
      if (!row) throw notFound(LEARN_EARN_MESSAGES.walletNotLinked);
      return toLinkedWallet(row, await repo.hasActiveGrant(user._id));
    },

    /**
     * Links the wallet that signed a "link" message to the account: one wallet per account and one
     * account per wallet (409 either way, also for two links racing). Grants withheld for want of a
     * wallet are looked at again by a job stored with the link.
     */
    async linkWallet(user: User, proof: WalletProof, clientIp: string): Promise<LinkedWallet> {
      const address = addressOfMessage(proof.message);
      const existing = await repo.walletOf(user._id);
      if (existing) throw conflict(LEARN_EARN_MESSAGES.accountHasWallet);
      const verified = await wallet.verify(proof, { purpose: "link", address });
      const taken = () => conflict(LEARN_EARN_MESSAGES.walletTaken, { address: LEARN_EARN_MESSAGES.walletTaken });
      if (await repo.walletByAddress(verified.address)) throw taken();
      const row = { user_id: user._id, address: verified.address, linked_at: nowIso(), link_network: networkPrefix(clientIp) };
      try {
        await db.transaction().execute(async (trx) => {
          await wallet.spend(trx, verified);
          await learnEarnRepository(trx).insertWallet(row);
          await jobs.send(REEVALUATE_JOB, { userId: user._id }, { trx });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw (await repo.walletOf(user._id)) ? conflict(LEARN_EARN_MESSAGES.accountHasWallet) : taken();
        throw err;
      }
      return toLinkedWallet(row, false);
    },

    /** The learner's quests of the active sprint, their grants and XP. */
    async status(user: User): Promise<LearnEarnStatus> {
      const [account] = await accountsForQuests(db, [user._id]);
      const linked = await repo.walletOf(user._id);
      const sprint = await sprintForQuests(db);
      const base = { wallet: linked ? getAddress(linked.address) : null, emailConfirmed: account?.emailConfirmed ?? false };
      if (!sprint) return { sprint: null, ...base, quests: [], learningXp: 0, zealyXp: 0, totalXp: 0, rank: null };
      const rows = await repo.questsOfSprint(sprint.id);
      const views = await toQuests(rows);
      const grants = new Map((await repo.grantsOfUser(user._id)).map((g) => [g.quest_id, g]));
      const board = linked ? await combinedLeaderboard(sprint.id) : [];
      const mine = linked ? board.find((e) => e.wallet === linked.address) : undefined;
      const learningXp = [...grants.values()].filter((g) => g.status === "granted" && g.sprint_id === sprint.id).reduce((s, g) => s + g.xp, 0);
      const zealyXp = mine?.zealyXp ?? 0;
      return {
        sprint: {
          id: sprint.id,
          name: sprint.name,
          endsAt: rows.reduce<string | null>((end, r) => (end === null || r.ends_at > end ? r.ends_at : end), null),
          minAccountAgeHours: await minAccountAgeHours(sprint.id),
        },
        ...base,
        quests: views.map((q) => {
          const g = grants.get(q.id);
          return {
            id: q.id,
            kind: q.kind,
            title: q.title,
            xp: q.xp,
            ...(q.bands && { bands: q.bands }),
            ...(q.streakDays !== null && { streakDays: q.streakDays }),
            subject: q.subject,
            startsAt: q.startsAt,
            endsAt: q.endsAt,
            capLeft: q.cap === null ? null : Math.max(0, q.cap - q.grantedCount),
            grant: g
              ? {
                  xp: g.xp,
                  status: g.status,
                  reason: g.status === "withheld" ? (LEARN_EARN_MESSAGES.withheld[g.reason as WithheldReason] ?? g.reason) : g.reason,
                  reasonCode: g.status === "withheld" && isWithheldReason(g.reason) ? g.reason : null,
                  at: g.event_at,
                }
              : null,
          };
        }),
        learningXp,
        zealyXp,
        totalXp: learningXp + zealyXp,
        rank: mine?.rank ?? null,
      };
    },

    /** What the active sprint's open quests offer, for the catalogue's badges. */
    async offers(): Promise<LearnEarnOffers> {
      const sprint = await sprintForQuests(db);
      if (!sprint) return { sprint: null, courses: {}, placementXp: null, tracks: {} };
      const now = nowIso();
      const rows = (await repo.questsOfSprint(sprint.id)).filter((r) => r.ends_at >= now && r.starts_at <= now);
      const courses: Record<string, number> = {};
      const tracks: Record<string, number> = {};
      let placementXp: number | null = null;
      for (const r of rows) {
        const xp = questMaxXp({ xp: r.xp, bands: bandsOf(r) });
        if (r.kind === "assessment_pass" && r.course_id) courses[r.course_id] = Math.max(courses[r.course_id] ?? 0, xp);
        if (r.kind === "track_complete" && r.track_id) tracks[r.track_id] = Math.max(tracks[r.track_id] ?? 0, xp);
        if (r.kind === "placement_pass") placementXp = Math.max(placementXp ?? 0, xp);
      }
      const endsAt = rows.reduce<string | null>((end, r) => (end === null || r.ends_at > end ? r.ends_at : end), null);
      return { sprint: { id: sprint.id, name: sprint.name, endsAt }, courses, placementXp, tracks };
    },
  };
}

/** The address line of an EIP-4361 message (the second line); the wallet service checks the rest. */
function addressOfMessage(message: string): string {
  const line = message.split("\n")[1]?.trim() ?? "";
  if (!/^0x[0-9a-fA-F]{40}$/.test(line))
    throw new AppError(400, "The signed message is not a wallet link message.", { message: "The signed message is not a wallet link message." });
  return line.toLowerCase();
}

export type LearnEarnService = ReturnType<typeof createLearnEarnService>;
