import { z } from "./zod.ts";
import { ACCOUNT_MESSAGES, PASSWORD_MAX } from "./accounts-core.ts";
import { passwordSchema } from "./accounts.ts";
import { placementResultSchema } from "./assessments.ts";

/**
 * The learner's own space: My learning, resume, account settings, sessions, e-mail
 * preferences, and their data (export, deletion). Every route is under /api/v1/me and acts on the
 * signed-in user only: ids in paths are checked against the token's user.
 */

export const ME_MESSAGES = {
  profileSaved: "Your name has been saved.",
  wrongPassword: "Your current password is not correct.",
  currentPasswordRequired: "Enter your current password.",
  samePassword: "Choose a new password that is different from your current one.",
  passwordChanged: "Your password has been changed. Your other sessions have been signed out.",
  passwordSet: "Your password has been set. You can now also sign in with your e-mail address.",
  sessionNotFound: "Session not found",
  deleteEmailMismatch: "Type the e-mail address of your account to confirm.",
  freshSignInRequired: "For your safety, sign in with Google again, then delete your account within 10 minutes of signing in.",
  accountDeleted: "Your account and your learning records have been deleted.",
  certificateRevoked: "This certificate was revoked at the holder's request.",
  lessonNotInCourse: "Lesson not found",
} as const;

/** A Google-only account must have signed in this recently to delete itself. */
export const FRESH_SIGN_IN_MINUTES = 10;

const name = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(50, `${what} must be at most 50 characters`);

export const profileUpdateSchema = z.object({ firstName: name("First name"), lastName: name("Last name") });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** currentPassword is required when the account has a password; a Google-only account sets one without it. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string()
    .max(PASSWORD_MAX * 8)
    .optional(),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const preferencesSchema = z.object({ newsletter: z.boolean({ error: "newsletter must be true or false" }) });

/** Deleting one's account: the e-mail address typed out, and the password (Google-only: a fresh sign-in). */
export const deleteAccountSchema = z.object({
  email: z.string({ error: ME_MESSAGES.deleteEmailMismatch }).trim().min(1, ME_MESSAGES.deleteEmailMismatch).max(254),
  password: z
    .string()
    .max(PASSWORD_MAX * 8)
    .optional(),
});

export const accountSettingsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  hasPassword: z.boolean(),
  signsInWithGoogle: z.boolean(),
  newsletter: z.boolean(),
  /** When the newsletter choice was last given or withdrawn (null: never asked since sign-up). */
  newsletterChangedAt: z.string().nullable(),
  /** The subscription itself: pending until its e-mailed link is opened (null: never subscribed). */
  newsletterStatus: z.enum(["pending", "confirmed", "unsubscribed"]).nullable(),
  createdAt: z.string(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  /** "Chrome 142 on macOS", "Safari on iPhone" … from the User-Agent when signing in. */
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(["desktop", "mobile", "tablet", "other"]),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/**
 * Where to pick a course up: the lesson last opened unless it is done (then the next one not done
 * after it), else the first one not done; `visitedAt` is set when it is the lesson last opened.
 */
export const resumeSchema = z.object({
  lessonId: z.string(),
  lessonSlug: z.string(),
  lessonNumber: z.number().int(),
  title: z.string(),
  visitedAt: z.string().nullable(),
});
export type Resume = z.infer<typeof resumeSchema>;

export const myCourseSchema = z.object({
  courseId: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.string(),
  difficulty: z.string(),
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
  progressPercentage: z.number().int(),
  enrolledAt: z.string(),
  lastVisitedAt: z.string().nullable(),
  resume: resumeSchema.nullable(),
  certificate: z.object({ code: z.string(), issuedAt: z.string(), score: z.number().int().nullable() }).nullable(),
  /** The course has a final assessment and it is passed (null: the course has none). */
  assessmentPassed: z.boolean().nullable(),
  /** Lessons the learner completed whose title or text changed since (the "Updated" mark). */
  updatedLessons: z.array(
    z.object({ lessonId: z.string(), lessonSlug: z.string(), lessonNumber: z.number().int(), title: z.string(), completedAt: z.string() }),
  ),
});
export type MyCourse = z.infer<typeof myCourseSchema>;

/** GET /me/learning: in progress (last visited first), then completed (newest first). */
export const myLearningSchema = z.object({
  inProgress: z.array(myCourseSchema),
  completed: z.array(myCourseSchema),
  placement: placementResultSchema.nullable(),
});
export type MyLearning = z.infer<typeof myLearningSchema>;

export { ACCOUNT_MESSAGES };
