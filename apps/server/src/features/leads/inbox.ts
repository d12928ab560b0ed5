import { stringify } from "csv-stringify";
import type { Kysely } from "kysely";
import type { Readable } from "node:stream";
import { LEAD_KINDS, type LeadKind } from "@vestin/shared/lead-kinds";
import type { DB } from "../../db/schema.ts";
import { csvSafe } from "../../lib/csv.ts";
import { ATTRIBUTION_COLUMNS } from "../attribution/index.ts";
import {
  deleteLeadRowsOfEmail,
  leadBatch,
  leadCount,
  leadPage,
  leadRow,
  leadRowsOfEmail,
  leadsBySourceAndDay,
  leadsPerDay,
  updateTriage,
} from "./inbox-repository.ts";

export const LEAD_STATUSES = ["new", "in_progress", "done"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export type LeadType = {
  table: "contacts" | "partner_applications" | "presale_registrations" | "testnet_signups" | "pioneer_users";
  label: string;
  /** The column that holds the person's e-mail (privacy requests). */
  emailColumn: string;
  search: string[];
  sortable: string[];
  /** Columns exported to CSV, in order, with their headings (the attribution columns follow them). */
  csv: Array<[column: string, heading: string]>;
  /** True when its people confirm their e-mail address (verified_at, the verified filter). */
  confirmed: boolean;
  /** True when its wallet can be proven by a signature (wallet_verified_at, the wallet filter). */
  walletProof: boolean;
  /** True for airdrop claims (claim_status, the claim status filter). */
  claims: boolean;
};

/** The team's triage of every lead (its inbox status and note), the last columns of each CSV. */
const TRIAGE_CSV: LeadType["csv"] = [
  ["status", "Status"],
  ["note", "Note"],
];

/** The five kinds of lead the inbox shows; table and column names only ever come from here. */
export const LEAD_TYPES = {
  enquiries: {
    table: "contacts",
    label: "Contact enquiries",
    emailColumn: "email",
    search: ["first_name", "last_name", "email", "country", "comments"],
    sortable: ["created_at", "last_name", "email", "status", "country"],
    csv: [
      ["created_at", "Received"],
      ["first_name", "First name"],
      ["last_name", "Last name"],
      ["email", "Email"],
      ["country", "Country"],
      ["business_type", "Business type"],
      ["business_type_other", "Business type (other)"],
      ["interested_in", "Interested in"],
      ["planned_assets", "Planned assets"],
      ["comments", "Comments"],
      ["consent", "Consent"],
      ...TRIAGE_CSV,
    ],
    confirmed: false,
    walletProof: false,
    claims: false,
  },
  partnerships: {
    table: "partner_applications",
    label: "Partnership applications",
    emailColumn: "email_or_telegram",
    search: ["organization_name", "primary_contact_name", "email_or_telegram", "website_url", "comments"],
    sortable: ["created_at", "organization_name", "primary_contact_name", "status", "country"],
    csv: [
      ["created_at", "Received"],
      ["organization_name", "Organization"],
      ["primary_contact_name", "Contact"],
      ["email_or_telegram", "Email or Telegram"],
      ["website_url", "Website"],
      ["social_profile", "Social profile"],
      ["country", "Country"],
      ["partnership_types", "Partnership types"],
      ["other_partnership_type", "Other type"],
      ["comments", "Comments"],
      ...TRIAGE_CSV,
    ],
    confirmed: false,
    walletProof: false,
    claims: false,
  },
  presale: {
    table: "presale_registrations",
    label: "Presale registrations",
    emailColumn: "email",
    search: ["full_name", "email", "wallet_address", "reference"],
    sortable: ["created_at", "full_name", "email", "investment_range", "status", "wallet_verified_at", "referral_boost"],
    csv: [
      ["created_at", "Registered"],
      ["full_name", "Full name"],
      ["email", "Email"],
      ["wallet_address", "Wallet"],
      ["investment_range", "Investment range"],
      ["crypto_experience", "Experience"],
      ["reference", "Heard via"],
      ["additional_info", "Goal"],
      ["verified_at", "E-mail confirmed"],
      ["wallet_verified_at", "Wallet verified"],
      ["referral_boost", "Confirmed referrals"],
      ...TRIAGE_CSV,
    ],
    confirmed: true,
    walletProof: true,
    claims: false,
  },
  waitlist: {
    table: "testnet_signups",
    label: "Testnet waitlist",
    emailColumn: "email",
    search: ["username", "email", "twitter_handle", "telegram_handle"],
    sortable: ["created_at", "username", "email", "status", "referral_boost"],
    csv: [
      ["created_at", "Signed up"],
      ["username", "Full name"],
      ["email", "Email"],
      ["twitter_handle", "Twitter"],
      ["telegram_handle", "Telegram"],
      ["verified_at", "E-mail confirmed"],
      ["referral_boost", "Confirmed referrals"],
      ...TRIAGE_CSV,
    ],
    confirmed: true,
    walletProof: false,
    claims: false,
  },
  "airdrop-claims": {
    table: "pioneer_users",
    label: "Airdrop claims",
    emailColumn: "email",
    search: ["zealy_username", "email", "wallet_address", "tg_account"],
    sortable: ["created_at", "zealy_username", "xp_earned", "vstn_rewards", "status", "claim_status", "wallet_verified_at"],
    csv: [
      ["created_at", "Claimed"],
      ["zealy_username", "Zealy username"],
      ["email", "Email"],
      ["wallet_address", "Wallet"],
      ["tg_account", "Telegram"],
      ["xp_earned", "XP"],
      ["vstn_rewards", "VSTN rewards (whole tokens, rounded down)"],
      ["vstn_reward_units", "VSTN reward in base units (18 decimals)"],
      ["verification_date", "Verified"],
      ["distribution_date", "Distribution"],
      ["verified_at", "E-mail confirmed"],
      ["wallet_verified_at", "Wallet verified"],
      ["claim_status", "Claim status"],
      ["reviewed_by", "Reviewed by"],
      ["review_note", "Review note"],
      ...TRIAGE_CSV,
    ],
    confirmed: true,
    walletProof: true,
    claims: true,
  },
} as const satisfies Record<LeadKind, LeadType>;

export const VERIFICATION_FILTERS = ["verified", "unverified"] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

export const CLAIM_STATUS_FILTERS = ["granted", "pending_review", "rejected"] as const;

export type LeadFilter = {
  status?: LeadStatus | undefined;
  /** Only for the kinds whose people confirm their e-mail address (presale, waitlist, airdrop claims). */
  verified?: VerificationFilter | undefined;
  /** Only for the kinds whose wallet can be proven by a signature (presale, airdrop claims). */
  wallet?: VerificationFilter | undefined;
  /** Only for airdrop claims. */
  claimStatus?: (typeof CLAIM_STATUS_FILTERS)[number] | undefined;
  /** utm_source and utm_campaign, exactly as stored (the Sources page links here with them). */
  source?: string | undefined;
  campaign?: string | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};
export type LeadQuery = LeadFilter & { page: number; limit: number; sort: string; order: "asc" | "desc" };

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A row as the API shows it: camelCase keys, `_id`, JSON columns parsed. */
export function leadJson(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === "id") out._id = value;
    else if (key === "username_key" || key === "sprint_id") continue;
    else if ((key === "planned_assets" || key === "partnership_types") && typeof value === "string") {
      try {
        out[camel(key)] = JSON.parse(value);
      } catch {
        out[camel(key)] = value;
      }
    } else out[camel(key)] = value;
  }
  return out;
}

export function leadsInbox(db: Kysely<DB>) {
  return {
    async list(typeKey: LeadKind, q: LeadQuery) {
      const type: LeadType = LEAD_TYPES[typeKey];
      const sort = (type.sortable as readonly string[]).includes(q.sort) ? q.sort : "created_at";
      const { rows, total } = await leadPage(db, type, q, { sort, order: q.order, limit: q.limit, offset: (q.page - 1) * q.limit });
      return { items: rows.map(leadJson), total, pages: Math.ceil(total / q.limit) };
    },

    async get(typeKey: LeadKind, id: string) {
      const row = await leadRow(db, LEAD_TYPES[typeKey], id);
      return row ? leadJson(row) : undefined;
    },

    update: (typeKey: LeadKind, id: string, changes: { status?: LeadStatus | undefined; note?: string | null | undefined }) =>
      updateTriage(db, LEAD_TYPES[typeKey], id, changes, new Date().toISOString()),

    /**
     * The current filter as CSV, streamed: rows are read a thousand at a time (keyset on
     * created_at, id), so a large export never sits in memory whole.
     */
    exportCsv(typeKey: LeadKind, filter: LeadFilter): Readable {
      const type: LeadType = LEAD_TYPES[typeKey];
      const columns = [...type.csv, ...ATTRIBUTION_COLUMNS];
      const csv = stringify({
        header: true,
        columns: columns.map(([key, header]) => ({ key, header })),
        bom: true,
        cast: { boolean: (v) => (v ? "yes" : "no") },
      });
      void (async () => {
        let cursor: { created_at: string; id: string } | undefined;
        try {
          for (;;) {
            const batch = await leadBatch(db, type, filter, cursor, 1000);
            for (const row of batch) {
              const record = Object.fromEntries(columns.map(([key]) => [key, csvSafe(row[key])]));
              if (!csv.write(record)) await new Promise((resolve) => csv.once("drain", resolve));
            }
            if (batch.length < 1000) break;
            const last = batch.at(-1) as { created_at: string; id: string };
            cursor = { created_at: last.created_at, id: last.id };
          }
          csv.end();
        } catch (err) {
          csv.destroy(err as Error);
        }
      })();
      return csv;
    },

    /** Counts of each lead type per day since `since` (YYYY-MM-DD). */
    async dailyCounts(since: string) {
      const result: Record<string, Array<{ day: string; count: number }>> = {};
      for (const key of LEAD_KINDS) result[key] = await leadsPerDay(db, LEAD_TYPES[key], since);
      return result;
    },

    async totals() {
      const out: Record<string, number> = {};
      for (const key of LEAD_KINDS) out[key] = await leadCount(db, LEAD_TYPES[key]);
      return out;
    },

    /** Leads of one kind per UTC day, source and campaign, made within [start, end) (the console's Sources page). */
    bySourceAndDay: (typeKey: LeadKind, start: string, end: string) => leadsBySourceAndDay(db, LEAD_TYPES[typeKey], start, end),

    /** Every lead row of one person (privacy export), by e-mail, case-insensitively. */
    async forEmail(email: string) {
      const out: Record<string, Array<Record<string, unknown>>> = {};
      for (const key of LEAD_KINDS) out[key] = (await leadRowsOfEmail(db, LEAD_TYPES[key], email)).map(leadJson);
      return out;
    },

    async eraseEmail(email: string, trx: Kysely<DB>) {
      const counts: Record<string, number> = {};
      for (const key of LEAD_KINDS) counts[key] = await deleteLeadRowsOfEmail(trx, LEAD_TYPES[key], email);
      return counts;
    },
  };
}
