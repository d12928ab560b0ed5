import type { DB } from "./schema.ts";

/**
 * Who owns which table: the one server feature whose repository files read and write it. Another
 * feature that needs the data asks the owner's service, exported from the owner's index.ts.
 * `db` owns the tables of the database layer itself (the seed runner's versions). Every table of
 * schema.ts is listed (the type says so); `npm run lint` (scripts/check-data-access.ts) fails when
 * a feature's SQL names a table another feature owns. See docs/decisions/0022-table-ownership.md.
 */
export const TABLE_OWNERS = {
  app_meta: "db",
  users: "accounts",
  sessions: "accounts",
  password_resets: "accounts",
  oauth_states: "accounts",
  recovery_codes: "two-factor",
  two_factor_challenges: "two-factor",
  trusted_devices: "two-factor",
  articles: "blog",
  article_redirects: "blog",
  content_revisions: "revisions",
  authors: "blog",
  article_authors: "blog",
  article_tags: "blog",
  courses: "learning",
  lessons: "learning",
  enrollments: "learning",
  lesson_completions: "learning",
  certificates: "learning",
  revoked_certificates: "learning",
  course_assessments: "assessments",
  assessment_attempts: "assessments",
  placement_results: "assessments",
  audit_log: "audit",
  media: "media",
  media_variants: "media",
  contacts: "leads",
  partner_applications: "leads",
  presale_registrations: "leads",
  presale_length_slots: "leads",
  testnet_signups: "leads",
  sprints: "leads",
  sprint_leaderboard: "leads",
  pioneer_users: "leads",
  lead_confirmations: "leads",
  confirmation_mail_log: "leads",
  form_token_uses: "form-guard",
  wallet_nonces: "wallet",
  allowlists: "allowlist",
  allowlist_entries: "allowlist",
  notification_digests: "notifications",
  webhook_endpoints: "webhooks",
  webhook_deliveries: "webhooks",
  newsletter_subscribers: "newsletter",
  newsletter_consents: "newsletter",
  newsletter_campaigns: "newsletter",
  newsletter_deliveries: "newsletter",
  consent_records: "consents",
  preview_links: "previews",
  learn_earn_quests: "learn-earn",
  learn_earn_grants: "learn-earn",
  account_wallets: "learn-earn",
  learn_earn_sprint_settings: "learn-earn",
} as const satisfies Record<keyof DB, string>;

export type TableOwner = (typeof TABLE_OWNERS)[keyof DB];
