import type { Generated } from "kysely";
import type { ClaimStatus, WalletPurpose } from "@vestin/shared/wallet-core";
import type { ConsentAction, ConsentKind, ConsentSourceForm } from "@vestin/shared/consents-core";

/**
 * The whole database schema in one place, as Kysely sees it. Tables are added here together with
 * the migration that creates them. Portable types only, so one set of migrations serves SQLite and
 * PostgreSQL: text ids, ISO-8601 UTC text timestamps (they sort correctly), integer 0/1 booleans,
 * JSON as text.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/**
 * Campaign attribution (migration 0015) on every lead table and on users: the first
 * visit's UTM parameters, referral code and external referrer host, cleaned by the shared
 * attribution schema; null when the browser sent none (no analytics consent, a direct visit).
 */
export interface AttributionColumns {
  utm_source: Generated<string | null>;
  utm_medium: Generated<string | null>;
  utm_campaign: Generated<string | null>;
  utm_content: Generated<string | null>;
  ref: Generated<string | null>;
  referrer_host: Generated<string | null>;
}

export interface UsersTable extends AttributionColumns {
  id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id; null for accounts that only sign in with Google. */
  password_hash: string | null;
  role: "user" | "admin";
  google_sub: string | null;
  newsletter_opt_in: number;
  /** When the newsletter choice was last given or withdrawn (null: at sign-up, or never). */
  newsletter_changed_at: Generated<string | null>;
  /** The TOTP secret, sealed (features/two-factor/secrets.ts); null when two-factor sign-in is off. */
  totp_secret: Generated<string | null>;
  /** A secret being enrolled, until its first code proves the app has it. */
  totp_pending_secret: Generated<string | null>;
  totp_enabled_at: Generated<string | null>;
  /** The last TOTP time step accepted: a code of that step or earlier is refused (replay). */
  totp_last_step: Generated<number | string | null>;
  created_at: string;
  updated_at: string;
}

/** One row per issued token (its jti): revoking a row signs that token out everywhere. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: Generated<string | null>;
  last_seen_at: Generated<string | null>;
}

export interface PasswordResetsTable {
  /** sha256 of the e-mailed token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An OAuth sign-in in progress: its state, PKCE verifier and nonce, kept server-side. */
export interface OAuthStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  expires_at: string;
}

/** An old site path that answers 301 to `to_path`, or 410 Gone when `to_path` is null (migration 0027). */
export interface ArticleRedirectsTable {
  id: string;
  /** A site path, without query: `/blog/old-slug`, or any path an administrator entered. */
  from_path: string;
  /** Where it goes (never itself a from_path); null: the article was removed. */
  to_path: string | null;
  kind: "slug" | "removed" | "manual";
  /** The article of a slug change or removal; null for manual redirects. */
  article_id: string | null;
  created_at: string;
}

export interface PreviewLinksTable {
  id: string;
  /** SHA-256 of the link's token, hex; the token itself is never stored. */
  token_hash: string;
  subject_kind: "article" | "course" | "lesson";
  subject_id: string;
  /** The id of the administrator's account that made the link (an id only, no personal data). */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** One saved state of an article or a lesson: its editable fields as JSON (migration 0030). */
export interface ContentRevisionsTable {
  id: string;
  subject_kind: "article" | "lesson";
  subject_id: string;
  /** 1, 2, 3… per subject. */
  number: number;
  /** JSON: the subject's editable fields after this save. */
  snapshot: string;
  /** The account that saved; null when it was since deleted. */
  author_id: string | null;
  /** The revision whose content a restore brought back; null for an ordinary save. */
  restored_from: number | null;
  created_at: string;
}

/** A person who writes articles; an account when `account_id` is set (migration 0031). */
export interface AuthorsTable {
  id: string;
  slug: string;
  name: string;
  /** Plain text, at most 280 characters. */
  bio: Generated<string>;
  /** The square 256 px photo (an uploaded `/media/…` image or an https URL); "" when none. */
  photo_url: Generated<string>;
  /** The square 64 px photo for bylines; "" when none (then `photo_url` is used). */
  photo_small_url: Generated<string>;
  /** JSON object of https links: website, x, linkedin, github. */
  links: Generated<string>;
  account_id: string | null;
  created_at: string;
  updated_at: string;
}

/** An article's authors, in byline order (`position` from 0). */
export interface ArticleAuthorsTable {
  article_id: string;
  author_id: string;
  position: number;
}

/** An article's tags with their slugs (the tag pages); written with the article. */
export interface ArticleTagsTable {
  article_id: string;
  slug: string;
  name: string;
}

export interface ArticlesTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized on write. */
  content_html: string;
  /** The body as plain text: previews and read time. */
  content_text: string;
  category: string;
  /** JSON array of lower-case tags. */
  tags: string;
  author_name: string;
  featured_image: string;
  featured_image_alt: string;
  published_at: string;
  read_time: number;
  view_count: number;
  like_count: number;
  is_featured: number;
  /** 'scheduled': not public until the job or a server's due check publishes it at `scheduled_at`. */
  status: "published" | "draft" | "scheduled";
  /** The moment a scheduled article goes public (UTC ISO); null unless status is 'scheduled' (migration 0028). */
  scheduled_at: Generated<string | null>;
  /** 1: e-mail the article to confirmed subscribers when it is published (once). */
  send_to_subscribers: Generated<number>;
  /** Lower-cased, accent-free copies that feed full-text search (FTS5 / tsvector). */
  search_title: string;
  search_tags: string;
  search_excerpt: string;
  search_body: string;
  created_at: string;
  updated_at: string;
}

export interface CoursesTable {
  id: string;
  slug: string;
  title: string;
  description: string;
  /** The track it belongs to. */
  category: string;
  difficulty: string;
  /** Sum of its lessons' durations. */
  duration_minutes: number;
  total_lessons: number;
  /**
   * No longer read or kept up to date: a course's enrolment count is its enrolments, counted
   * (learning's `enrollmentCounts`), so an erased account's enrolment stops counting with it.
   */
  enrollment_count: number;
  level_color: string;
  track_position: number;
  course_order: number;
  status: "published" | "draft";
  created_at: string;
  updated_at: string;
}

export interface LessonsTable {
  id: string;
  course_id: string;
  slug: string;
  lesson_number: number;
  title: string;
  description: string;
  content_html: string;
  /** Text such as "25 min". */
  duration: string;
  /** JSON arrays. */
  learning_objectives: string;
  key_takeaways: string;
  prerequisites: string;
  resources: string;
  video_url: string | null;
  video_description: string | null;
  created_at: string;
  updated_at: string;
  /** When the title or text last changed (migration 0030); null: not since then. */
  content_updated_at: Generated<string | null>;
}

export interface EnrollmentsTable {
  id: string;
  user_id: string;
  course_id: string;
  enrolled_at: string;
  completed_at: string | null;
  /** The lesson last opened in this course, to resume there. */
  last_lesson_id: Generated<string | null>;
  last_visited_at: Generated<string | null>;
}

export interface LessonCompletionsTable {
  id: string;
  user_id: string;
  lesson_id: string;
  course_id: string;
  completed_at: string;
}

export interface CertificatesTable {
  /** The public verification code. */
  code: string;
  user_id: string;
  course_id: string;
  learner_name: string;
  course_title: string;
  issued_at: string;
  /** "assessment": issued for a pass; "lessons": for completed lessons alone (before assessments). */
  basis: Generated<"assessment" | "lessons">;
  score: number | null;
  /** Lessons of the course when it was issued: the version the learner completed. */
  lesson_count: number | null;
  attempt_id: string | null;
}

/** A certificate whose holder deleted their account: the public page says it was revoked. */
export interface RevokedCertificatesTable {
  code: string;
  course_title: string;
  issued_at: string;
  revoked_at: string;
}

/** A course's final assessment (questions: JSON of AuthoredQuestion[], with the answers). */
export interface CourseAssessmentsTable {
  course_id: string;
  pass_mark: number;
  max_attempts: number;
  time_limit_minutes: number | null;
  questions: string;
  version: number;
  updated_at: string;
  /** How many questions each attempt draws from the bank. */
  questions_per_attempt: number;
  /** When a graded attempt's review shows the right answers (REVIEW_POLICIES). */
  review_policy: string;
}

/** One attempt; questions: JSON of the questions as shown (own copy, shuffled). */
export interface AssessmentAttemptsTable {
  id: string;
  user_id: string;
  course_id: string;
  assessment_version: number;
  questions: string;
  pass_mark: number;
  time_limit_minutes: number | null;
  started_at: string;
  expires_at: string;
  submitted_at: string | null;
  score: number | null;
  correct: number | null;
  total: number;
  passed: number;
  answers: string | null;
  results: string | null;
}

/** A signed-in learner's last placement quiz (result: JSON of PlacementResult). */
export interface PlacementResultsTable {
  user_id: string;
  result: string;
  created_at: string;
}

/** Where a lead stands in the admin inbox. */
export type LeadStatus = "new" | "in_progress" | "done";

/** Lead tables share the admin-inbox columns and the attribution columns. */
interface LeadColumns extends AttributionColumns {
  status: LeadStatus;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactsTable extends LeadColumns {
  id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased. */
  email: string;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  business_type: string | null;
  business_type_other: string | null;
  interested_in: string | null;
  /** JSON array of planned-asset values. */
  planned_assets: string;
  comments: string | null;
  consent: number;
}

export interface PartnerApplicationsTable extends LeadColumns {
  id: string;
  organization_name: string;
  primary_contact_name: string;
  first_name: string;
  last_name: string;
  social_profile: string | null;
  website_url: string;
  email_or_telegram: string;
  country: string;
  /** JSON array of display labels ("Strategic Partner" …). */
  partnership_types: string;
  other_partnership_type: string | null;
  comments: string | null;
}

/** The referral columns of the two queues, presale and waitlist (migrations 0018 and 0024). */
export interface ReferralColumns {
  /** This entry's own referral code (its link: ?ref=…). */
  referral_code: Generated<string | null>;
  /** The id of the entry whose referral link brought this one. */
  referred_by: Generated<string | null>;
  /** The address without +tag (and Gmail's dots): one mailbox counts once. */
  email_key: Generated<string | null>;
  /** When this entry's confirmed e-mail made it count for its referrer. */
  referral_counted_at: Generated<string | null>;
  /** Confirmed referrals that moved the entry up (past the daily cap a referral counts without moving; features/leads/referrals.ts). */
  referral_boost: Generated<number>;
  /** 1 when this entry's counted referral moved its referrer up, 0 when the daily cap held it back (or it has not counted). */
  referral_boosted: Generated<number>;
  /** The network this entry signed up from, when it came through a referral link: IPv4 /24 or IPv6 /48, never the address. */
  signup_network: Generated<string | null>;
}

export interface PresaleRegistrationsTable extends LeadColumns, ReferralColumns {
  id: string;
  full_name: string;
  /** Lower-cased; unique. */
  email: string;
  /** Lower-cased; unique. */
  wallet_address: string;
  investment_range: string;
  crypto_experience: string;
  reference: string;
  /** The investment goal. */
  additional_info: string;
  /** When the person opened the e-mailed confirmation link; null while unverified. */
  verified_at: string | null;
  /** When the wallet's owner signed for it (EIP-4361); null for an address typed by hand. */
  wallet_verified_at: string | null;
  /** When an hourly team digest told of this registration; null until then. */
  notified_at: Generated<string | null>;
}

export interface WaitlistSignupsTable extends LeadColumns, ReferralColumns {
  id: string;
  username: string;
  /** Lower-cased; unique. */
  email: string;
  twitter_handle: string | null;
  telegram_handle: string | null;
  /** When the person opened the e-mailed confirmation link; null while unverified. */
  verified_at: string | null;
  /** When an hourly team digest told of this sign-up; null until then. */
  notified_at: Generated<string | null>;
}

/** When each kind of team digest (presale, waitlist) was last sent: at most one an hour. */
export interface NotificationDigestsTable {
  event_type: string;
  last_sent_at: string;
}

/** A community quest sprint: its airdrop token pool and the combined XP of its leaderboard. */
export interface SprintsTable {
  id: string;
  name: string;
  period: string;
  token_pool: number;
  total_xp: number;
  participant_count: number;
  /** 1 for the sprint claims go to. */
  is_active: number;
  created_at: string;
  updated_at: string;
}

export interface SprintLeaderboardTable {
  sprint_id: string;
  /** Lower-cased username: usernames match case-insensitively. */
  username_key: string;
  zealy_username: string;
  xp: number;
  /** 1 + the number of participants with more XP. */
  rank: number;
  /** The wallet Zealy lists for the member (lower-cased), when the export carried one: a claim must be signed by it. */
  wallet_address: string | null;
  /** The member's reward in base units (10^18 per token), a decimal string: the exact XP ratio of the pool, remainder by largest remainder. */
  reward_units: string;
}

/** An airdrop claim; rewards are computed from the leaderboard when it is made. */
export interface AirdropClaimsTable extends LeadColumns {
  id: string;
  sprint_id: string;
  zealy_username: string;
  username_key: string;
  /** Lower-cased; unique per sprint. */
  wallet_address: string;
  email: string;
  tg_account: string;
  xp_earned: number;
  /** Pool share in basis points (185 = 1.85%). */
  pool_share_bp: number;
  /** The reward in whole tokens, rounded down (for sorting and the inbox); the exact amount is vstn_reward_units. */
  vstn_rewards: number;
  /** The reward in base units (10^18 per token), a decimal string: what the allow-list pays. */
  vstn_reward_units: string;
  verification_date: string;
  distribution_date: string;
  /** When the person opened the e-mailed confirmation link; null while unverified. */
  verified_at: string | null;
  /** granted (in the allow-list), pending_review (no wallet on the leaderboard, or made before signatures) or rejected. */
  claim_status: ClaimStatus;
  /** When the wallet's owner signed for this claim (EIP-4361); null for claims made before signatures. */
  wallet_verified_at: string | null;
  reviewed_at: string | null;
  /** The reviewing admin's e-mail. */
  reviewed_by: string | null;
  review_note: string | null;
}

/** Every admin write: who, what, which object, when. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON. */
  details: string;
  created_at: string;
}

/** Uploaded images (WebP), kept in the database so every server can serve them. */
export interface MediaTable {
  id: string;
  mime: string;
  width: number;
  height: number;
  bytes: Buffer;
  original_name: string;
  uploaded_by: string | null;
  created_at: string;
  /** JSON array of the widths whose image variants are all stored; "" until the variants job ran. */
  variant_widths: Generated<string>;
}

/** One image variant: an uploaded image at one width in one format (avif, webp, jpeg or png). */
export interface MediaVariantsTable {
  media_id: string;
  width: number;
  format: "avif" | "webp" | "jpeg" | "png";
  mime: string;
  height: number;
  bytes: Buffer;
}

/** A spent form token (its random nonce): a token is accepted once, on any server. */
export interface FormTokenUsesTable {
  nonce: string;
  /** The form it was spent on (signup, contact, partnership, presale, waitlist, claim). */
  form: string;
  used_at: string;
  /** When the token would have expired anyway; the row can be deleted after that. */
  expires_at: string;
}

/** An e-mailed confirmation link: it verifies the unverified leads of one address, once. */
export interface LeadConfirmationsTable {
  /** sha256 of the e-mailed token; the token itself is never stored. */
  token_hash: string;
  /** Lower-cased. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * The presale list's length in parts, kept by triggers on `presale_registrations` as entries are
 * stored and erased: the list's length is the sum of `entries` (migration 0036).
 */
export interface PresaleLengthSlotsTable {
  slot: number;
  /** A slot alone may be negative (an entry counted in one slot, erased in another); the sum never is. */
  entries: number;
}

/** When the last confirmation e-mail went to an address (at most one per hour). */
export interface ConfirmationMailLogTable {
  /** Lower-cased. */
  email: string;
  last_sent_at: string;
}

/** A handed-out Sign-In with Ethereum nonce: valid 10 minutes, spent once with the record it proves. */
export interface WalletNoncesTable {
  /** sha256 of the nonce; the nonce itself is only in the message. */
  nonce_hash: string;
  /** Lower-cased address the message was issued for. */
  address: string;
  purpose: WalletPurpose;
  /** Lower-cased Zealy username for an airdrop claim; null otherwise. */
  subject: string | null;
  /** sha256 of the whole message handed out: the signed message must be that one, unchanged. */
  message_hash: string;
  issued_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A frozen Merkle allow-list (OpenZeppelin StandardMerkleTree, leaves [address, uint256 amount]). */
export interface AllowlistsTable {
  id: string;
  kind: "airdrop" | "presale";
  /** The sprint of an airdrop list; null for the presale list. */
  sprint_id: string | null;
  root: string;
  entry_count: number;
  /** Sum of the amounts in base units (18 decimals), as a decimal string. */
  total_amount: string;
  /** JSON of StandardMerkleTree.dump(). */
  tree_dump: string;
  /** frozen: the list is final and its sprint's claims cannot change; unfrozen: an admin reopened it. */
  status: "frozen" | "unfrozen";
  frozen_at: string;
  frozen_by: string;
  unfrozen_at: string | null;
  unfrozen_by: string | null;
  unfreeze_reason: string | null;
}

export interface AllowlistEntriesTable {
  allowlist_id: string;
  /** Lower-cased. */
  address: string;
  /** Base units (18 decimals), decimal string. */
  amount: string;
  leaf_index: number;
  /** JSON array of 0x-prefixed sibling hashes. */
  proof: string;
}

/** A webhook receiver an admin added (migration 0016). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** JSON array of lead event types. */
  events: string;
  format: "json" | "slack";
  /** The signing secret, AES-256-GCM encrypted with a key derived from JWT_SECRET (features/webhooks/secrets.ts). */
  secret: string;
  status: "active" | "failing" | "disabled";
  failing_since: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One event sent to one endpoint, with its attempts; a resend is a row of its own. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The lead the event is about; null for a test event. */
  lead_id: string | null;
  occurred_at: string;
  resend_of: string | null;
  status: "pending" | "delivered" | "retrying" | "failed" | "skipped";
  attempts: number;
  response_code: number | null;
  error: string | null;
  next_retry_at: string | null;
  first_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface NewsletterSubscribersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  status: "pending" | "confirmed" | "unsubscribed";
  /** Where the latest subscription was asked for (ConsentSource). */
  source: string;
  source_page: string | null;
  /** SHA-256 of the confirmation link's token (kept after use: a second open says "already confirmed"). */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  /** When the last confirmation e-mail left (at most one an hour). */
  confirm_mail_sent_at: string | null;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  updated_at: string;
}

export interface NewsletterConsentsTable {
  id: string;
  /** SHA-256 of the lower-cased address. */
  email_hash: string;
  action: "given" | "confirmed" | "withdrawn";
  /** ConsentSource, "one-click" (List-Unsubscribe-Post), "unsubscribe-page" or "erasure". */
  source: string;
  source_page: string | null;
  wording_version: string | null;
  wording: string | null;
  /** HMAC of the client's IP (keyed with the server secret: not reversible by trying every address). */
  ip_hash: string | null;
  at: string;
}

export interface NewsletterCampaignsTable {
  id: string;
  kind: "article" | "markdown";
  subject: string;
  body: Generated<string>;
  article_id: string | null;
  article_content: Generated<"excerpt" | "full">;
  /** The article this campaign was made for by "send on publish" (unique: never twice). */
  auto_article_id: string | null;
  status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** While a sender works the campaign, until when it holds it (a crashed sender's lease runs out). */
  lease_until: string | null;
  total: Generated<number>;
  sent: Generated<number>;
  failed: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterDeliveriesTable {
  campaign_id: string;
  subscriber_id: string;
  email: string;
  status: Generated<"queued" | "sent" | "failed" | "skipped">;
  attempts: Generated<number>;
  error: string | null;
  sent_at: string | null;
}

/** What a person agreed to (terms, privacy, contact communications, cookie categories), when and in which words. */
export interface ConsentRecordsTable {
  id: string;
  /** The account that made the choice; null for a contact form and for the withdrawal an erasure leaves. */
  user_id: string | null;
  /** SHA-256 of the lower-cased address. */
  email_hash: string;
  kind: ConsentKind;
  action: ConsentAction;
  /** LEGAL_VERSIONS of the document accepted (terms, privacy, cookies); null for the contact form's consent. */
  document_version: string | null;
  /** CONSENT_WORDINGS: the sentence the person agreed to, and its version (null when a client sent no checkbox). */
  wording_version: string | null;
  wording: string | null;
  source_form: ConsentSourceForm;
  source_page: string | null;
  /** HMAC of the client's IP under a key of its own derived from JWT_SECRET; never the IP. */
  ip_hash: string | null;
  at: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** HMAC of the code (key derived from JWT_SECRET). */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface TwoFactorChallengesTable {
  /** sha256 of the challenge token. */
  id: string;
  user_id: string;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

export interface TrustedDevicesTable {
  id: string;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
}

/** A learn-and-earn quest of a sprint (ADR 36). */
export interface LearnEarnQuestsTable {
  id: string;
  sprint_id: string;
  kind: "assessment_pass" | "track_complete" | "placement_pass" | "learning_streak";
  title: string;
  xp: number | null;
  /** JSON [{ minScore, xp }], highest minScore first. */
  bands: string | null;
  course_id: string | null;
  track_id: string | null;
  streak_days: number | null;
  starts_at: string;
  ends_at: string;
  cap: number | null;
  /** Grants with status granted: what the cap is checked against. */
  granted_count: Generated<number | string>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface LearnEarnGrantsTable {
  id: string;
  quest_id: string;
  sprint_id: string;
  user_id: string;
  wallet_address: string | null;
  xp: number;
  status: "granted" | "withheld" | "revoked";
  reason: string | null;
  event_at: string;
  attempt_id: string | null;
  score: number | null;
  duration_seconds: number | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** The wallet an account earns quest XP for: one per account, one account per wallet. */
export interface AccountWalletsTable {
  user_id: string;
  address: string;
  linked_at: string;
  link_network: string | null;
}

export interface LearnEarnSprintSettingsTable {
  sprint_id: string;
  min_account_age_hours: number;
  updated_at: string;
}

export interface DB {
  app_meta: AppMetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  oauth_states: OAuthStatesTable;
  articles: ArticlesTable;
  article_redirects: ArticleRedirectsTable;
  preview_links: PreviewLinksTable;
  content_revisions: ContentRevisionsTable;
  authors: AuthorsTable;
  article_authors: ArticleAuthorsTable;
  article_tags: ArticleTagsTable;
  courses: CoursesTable;
  lessons: LessonsTable;
  enrollments: EnrollmentsTable;
  lesson_completions: LessonCompletionsTable;
  certificates: CertificatesTable;
  course_assessments: CourseAssessmentsTable;
  assessment_attempts: AssessmentAttemptsTable;
  placement_results: PlacementResultsTable;
  revoked_certificates: RevokedCertificatesTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
  contacts: ContactsTable;
  partner_applications: PartnerApplicationsTable;
  presale_registrations: PresaleRegistrationsTable;
  testnet_signups: WaitlistSignupsTable;
  sprints: SprintsTable;
  sprint_leaderboard: SprintLeaderboardTable;
  pioneer_users: AirdropClaimsTable;
  form_token_uses: FormTokenUsesTable;
  lead_confirmations: LeadConfirmationsTable;
  confirmation_mail_log: ConfirmationMailLogTable;
  presale_length_slots: PresaleLengthSlotsTable;
  wallet_nonces: WalletNoncesTable;
  allowlists: AllowlistsTable;
  allowlist_entries: AllowlistEntriesTable;
  notification_digests: NotificationDigestsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_consents: NewsletterConsentsTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  trusted_devices: TrustedDevicesTable;
  consent_records: ConsentRecordsTable;
  learn_earn_quests: LearnEarnQuestsTable;
  learn_earn_grants: LearnEarnGrantsTable;
  account_wallets: AccountWalletsTable;
  learn_earn_sprint_settings: LearnEarnSprintSettingsTable;
}
