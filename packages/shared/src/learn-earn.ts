/* Learn-and-earn: the API's schemas (admin quests, the learner's view, wallet link, offers); constants and texts in learn-earn-core.ts. */
import { GRANT_FLAGS, GRANT_STATUSES, LEARN_EARN_LIMITS, LEARN_EARN_MESSAGES, QUEST_KINDS, WITHHELD_REASONS } from "./learn-earn-core.ts";
import { walletProofSchema } from "./wallet-proof.ts";
import { z } from "./zod.ts";

export * from "./learn-earn-core.ts";

const isoDate = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), `${what} must be a date and time (ISO 8601)`)
    .transform((v) => new Date(v).toISOString());
const xp = z
  .number({ error: LEARN_EARN_MESSAGES.xpRequired })
  .int("XP must be a whole number")
  .min(1, "XP must be at least 1")
  .max(LEARN_EARN_LIMITS.xpMax, `XP may be at most ${LEARN_EARN_LIMITS.xpMax}`);

export const questKindSchema = z.enum(QUEST_KINDS, { error: `kind must be one of: ${QUEST_KINDS.join(", ")}` });
export const grantStatusSchema = z.enum(GRANT_STATUSES);
export const withheldReasonSchema = z.enum(WITHHELD_REASONS);
export const grantFlagSchema = z.enum(GRANT_FLAGS);

/** A score band of an assessment quest: a passing attempt scoring at least minScore % earns xp (the highest band reached counts). */
export const questBandSchema = z.object({
  minScore: z.number({ error: "minScore is required" }).int().min(0, "minScore is a percentage (0–100)").max(100, "minScore is a percentage (0–100)"),
  xp,
});
export type QuestBand = z.infer<typeof questBandSchema>;
const bands = z
  .array(questBandSchema, { error: LEARN_EARN_MESSAGES.bandsRequired })
  .min(1, LEARN_EARN_MESSAGES.bandsRequired)
  .max(LEARN_EARN_LIMITS.bandsMax, `At most ${LEARN_EARN_LIMITS.bandsMax} bands`)
  .refine((list) => new Set(list.map((b) => b.minScore)).size === list.length, "Two bands have the same minimum score")
  .transform((list) => [...list].sort((a, b) => b.minScore - a.minScore));

const questFields = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(LEARN_EARN_LIMITS.titleMax, `The title may be at most ${LEARN_EARN_LIMITS.titleMax} characters`),
  /** The XP of a track, placement or streak quest (an assessment quest has bands instead). */
  xp: xp.optional(),
  bands: bands.optional(),
  /** assessment_pass: the course whose final assessment must be passed. */
  courseId: z.string().trim().min(1, LEARN_EARN_MESSAGES.courseRequired).max(100).optional(),
  /** track_complete: the track's slug (every published course of the track completed). */
  trackId: z.string().trim().min(1, LEARN_EARN_MESSAGES.trackRequired).max(100).optional(),
  /** learning_streak: this many consecutive UTC days, each with at least one lesson completion. */
  streakDays: z
    .number({ error: LEARN_EARN_MESSAGES.streakDaysRequired })
    .int()
    .min(2, "A streak is at least 2 days")
    .max(LEARN_EARN_LIMITS.streakDaysMax, `A streak is at most ${LEARN_EARN_LIMITS.streakDaysMax} days`)
    .optional(),
  startsAt: isoDate("Start"),
  endsAt: isoDate("End"),
  /** The most grants the quest makes; null: unlimited. */
  cap: z.number().int().min(1, "The cap must be at least 1").max(LEARN_EARN_LIMITS.capMax).nullable().default(null),
};

type QuestShape = {
  kind?: (typeof QUEST_KINDS)[number];
  xp?: number;
  bands?: unknown[];
  courseId?: string;
  trackId?: string;
  streakDays?: number;
  startsAt?: string;
  endsAt?: string;
};
/** The fields a kind needs, and only those (a kind's foreign fields would be silently ignored otherwise). */
function checkKindFields(v: QuestShape, ctx: z.RefinementCtx, partial: boolean) {
  const need = (field: keyof QuestShape, message: string) => {
    if (v[field] === undefined && !partial) ctx.addIssue({ code: "custom", path: [field], message });
  };
  const forbid = (field: keyof QuestShape) => {
    if (v[field] !== undefined) ctx.addIssue({ code: "custom", path: [field], message: `${field} does not apply to a ${v.kind} quest` });
  };
  if (v.kind === "assessment_pass") {
    need("courseId", LEARN_EARN_MESSAGES.courseRequired);
    need("bands", LEARN_EARN_MESSAGES.bandsRequired);
    forbid("xp");
    forbid("trackId");
    forbid("streakDays");
  } else if (v.kind === "track_complete") {
    need("trackId", LEARN_EARN_MESSAGES.trackRequired);
    need("xp", LEARN_EARN_MESSAGES.xpRequired);
    forbid("bands");
    forbid("courseId");
    forbid("streakDays");
  } else if (v.kind === "placement_pass") {
    need("xp", LEARN_EARN_MESSAGES.xpRequired);
    forbid("bands");
    forbid("courseId");
    forbid("trackId");
    forbid("streakDays");
  } else if (v.kind === "learning_streak") {
    need("streakDays", LEARN_EARN_MESSAGES.streakDaysRequired);
    need("xp", LEARN_EARN_MESSAGES.xpRequired);
    forbid("bands");
    forbid("courseId");
    forbid("trackId");
  }
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: LEARN_EARN_MESSAGES.endsBeforeStart });
}

/** POST /admin/sprints/{sprintId}/quests. */
export const createQuestSchema = z.object({ kind: questKindSchema, ...questFields }).superRefine((v, ctx) => checkKindFields(v, ctx, false));
export type CreateQuestInput = z.input<typeof createQuestSchema>;
export type CreateQuest = z.output<typeof createQuestSchema>;

/** PATCH /admin/quests/{id}: any subset of the fields; the kind is fixed (send it only to say which fields apply). */
export const updateQuestSchema = z
  .object({
    kind: questKindSchema.optional(),
    title: questFields.title.optional(),
    xp: questFields.xp,
    bands: questFields.bands,
    courseId: questFields.courseId,
    trackId: questFields.trackId,
    streakDays: questFields.streakDays,
    startsAt: isoDate("Start").optional(),
    endsAt: isoDate("End").optional(),
    cap: z.number().int().min(1, "The cap must be at least 1").max(LEARN_EARN_LIMITS.capMax).nullable().optional(),
  })
  .superRefine((v, ctx) => checkKindFields(v, ctx, true));
export type UpdateQuestInput = z.input<typeof updateQuestSchema>;
export type UpdateQuest = z.output<typeof updateQuestSchema>;

/** What a quest asks for, for links: a course, a track, the placement quiz; null for a streak. */
export const questSubjectSchema = z.object({ id: z.string(), title: z.string(), href: z.string() });
export type QuestSubject = z.infer<typeof questSubjectSchema>;

/** A quest as the admin API answers it. */
export const questSchema = z.object({
  id: z.string(),
  sprintId: z.string(),
  kind: questKindSchema,
  title: z.string(),
  /** The XP of a track, placement or streak quest; for an assessment quest its best band's XP. */
  xp: z.number().int(),
  bands: z.array(questBandSchema).nullable(),
  courseId: z.string().nullable(),
  trackId: z.string().nullable(),
  streakDays: z.number().int().nullable(),
  subject: questSubjectSchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  cap: z.number().int().nullable(),
  /** Grants with status granted (what the cap counts). */
  grantedCount: z.number().int(),
  withheldCount: z.number().int(),
  revokedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quest = z.infer<typeof questSchema>;

/** One row of the per-quest report (GET /admin/quests/{id}/grants). */
export const questGrantSchema = z.object({
  id: z.string(),
  questId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The wallet the grant counts for (EIP-55); null for a grant withheld for want of one. */
  wallet: z.string().nullable(),
  xp: z.number().int(),
  status: grantStatusSchema,
  /** Why it was withheld (the sentence the person reads), or why it was revoked. */
  reason: z.string().nullable(),
  /** When the learning event happened. */
  at: z.string(),
  flags: z.array(grantFlagSchema),
  /** For an assessment quest: the attempt's score and how long it took. */
  score: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  revokedAt: z.string().nullable(),
});
export type QuestGrant = z.infer<typeof questGrantSchema>;

/** POST /admin/quest-grants/{id}/revoke. */
export const revokeGrantSchema = z.object({
  reason: z
    .string({ error: LEARN_EARN_MESSAGES.revokeReasonRequired })
    .trim()
    .min(1, LEARN_EARN_MESSAGES.revokeReasonRequired)
    .max(LEARN_EARN_LIMITS.reasonMax, `The reason may be at most ${LEARN_EARN_LIMITS.reasonMax} characters`),
});
export type RevokeGrantInput = z.infer<typeof revokeGrantSchema>;

/** GET /admin/sprints/{id}/suspicious: grants the sybil review flags, with the accounts they are linked to. */
export const suspiciousGrantSchema = questGrantSchema.extend({
  questTitle: z.string(),
  /** The /24 (IPv4) or /48 (IPv6) network of the account's sign-up, when one is known. */
  network: z.string().nullable(),
  /** Other accounts with grants in this sprint that signed up from the same network. */
  sameNetworkUserIds: z.array(z.string()),
});
export type SuspiciousGrant = z.infer<typeof suspiciousGrantSchema>;

/** GET /admin/sprints: the sprints the quests console picks from, newest first. */
export const adminSprintSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The sprint claims and quests go to. */
  isActive: z.boolean(),
  /** Its airdrop allow-list is frozen: its claims and grants no longer change. */
  frozen: z.boolean(),
  /** Its stored minimum account age for a grant, in hours (the default when none is stored). */
  minAccountAgeHours: z.number().int(),
});
export type AdminSprint = z.infer<typeof adminSprintSchema>;

/** PATCH /admin/sprints/{id}/learn-earn: a sprint's grant settings. */
export const sprintLearnEarnSettingsSchema = z.object({
  minAccountAgeHours: z
    .number({ error: "minAccountAgeHours is required" })
    .int()
    .min(0)
    .max(24 * 365),
});
export type SprintLearnEarnSettings = z.infer<typeof sprintLearnEarnSettingsSchema>;

/** POST /me/wallet: the signed message (purpose "link") and its signature. */
export const linkWalletSchema = walletProofSchema;
export type LinkWalletInput = z.input<typeof linkWalletSchema>;

/** GET/POST /me/wallet. */
export const linkedWalletSchema = z.object({
  /** EIP-55. */
  address: z.string(),
  linkedAt: z.string(),
  /** False once a grant counts for the wallet. */
  canUnlink: z.boolean(),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;

export const learnEarnSprintSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The sprint's end when its quests say so (the last quest's end); null when unknown. */
  endsAt: z.string().nullable(),
  minAccountAgeHours: z.number().int(),
});
export type LearnEarnSprint = z.infer<typeof learnEarnSprintSchema>;

export const learnerGrantSchema = z.object({
  xp: z.number().int(),
  status: grantStatusSchema,
  /** withheld: the sentence to show ("Link a wallet to earn"); revoked: the administrator's reason. */
  reason: z.string().nullable(),
  /** withheld: the reason's key, for the screen to pick the action that fixes it; else null. */
  reasonCode: withheldReasonSchema.nullable(),
  at: z.string(),
});
export type LearnerGrant = z.infer<typeof learnerGrantSchema>;

export const learnerQuestSchema = z.object({
  id: z.string(),
  kind: questKindSchema,
  title: z.string(),
  /** The most XP the quest gives (an assessment quest's best band). */
  xp: z.number().int(),
  bands: z.array(questBandSchema).optional(),
  /** learning_streak only. */
  streakDays: z.number().int().optional(),
  subject: questSubjectSchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Grants left before the cap; null: unlimited. */
  capLeft: z.number().int().nullable(),
  grant: learnerGrantSchema.nullable(),
});
export type LearnerQuest = z.infer<typeof learnerQuestSchema>;

/** GET /me/learn-earn. */
export const learnEarnStatusSchema = z.object({
  sprint: learnEarnSprintSchema.nullable(),
  /** The linked wallet (EIP-55), or null. */
  wallet: z.string().nullable(),
  emailConfirmed: z.boolean(),
  quests: z.array(learnerQuestSchema),
  learningXp: z.number().int(),
  zealyXp: z.number().int(),
  totalXp: z.number().int(),
  /** The wallet's rank on the sprint's combined leaderboard; null without a wallet or XP. */
  rank: z.number().int().nullable(),
});
export type LearnEarnStatus = z.infer<typeof learnEarnStatusSchema>;

/** GET /learn-earn/offers (public, cached): the XP the active sprint's open quests offer. */
export const learnEarnOffersSchema = z.object({
  sprint: z.object({ id: z.string(), name: z.string(), endsAt: z.string().nullable() }).nullable(),
  /** Course id → the most XP its assessment quests offer. */
  courses: z.record(z.string(), z.number().int()),
  placementXp: z.number().int().nullable(),
  /** Track slug → XP. */
  tracks: z.record(z.string(), z.number().int()),
});
export type LearnEarnOffers = z.infer<typeof learnEarnOffersSchema>;

/** The learning-XP fields GET /airdrop/eligibility adds to its answer (0 when the sprint or the participant is unknown). */
export const eligibilityXpFieldsSchema = z.object({
  /** The imported Zealy XP of the participant. */
  zealyXp: z.number().int(),
  /** The sum of the granted quests of the participant's wallet. */
  learningXp: z.number().int(),
  totalXp: z.number().int(),
});
