import { BUSINESS_TYPE_LABELS, countryName, formatTokenUnits, INTEREST_LABELS, type BusinessType, type Interest } from "@vestin/shared/leads";
import type { LeadEventType } from "@vestin/shared/events";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { claimById, contactById, markNotified, partnershipById, presaleById, waitlistById } from "./notice-repository.ts";

/**
 * What the team's notification e-mails say of a lead: who it is and what they asked
 * for, as the admin inbox shows it. E-mail addresses, wallets and Telegram accounts stay in the
 * inbox, behind its sign-in; the e-mail links there.
 */
export type LeadNotice = { title: string; details: Array<[label: string, value: string]> };

/** A lead a digest tells of: its id, the name it shows and when it came. */
export type DigestLead = { id: string; name: string; createdAt: string; walletVerified: boolean };

const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const joinList = (json: string): string => {
  try {
    const values = JSON.parse(json) as unknown;
    return Array.isArray(values) ? values.map(String).join(", ") : "";
  } catch {
    return "";
  }
};

/** The notice for one lead, or undefined when it is gone (erased before the job ran). */
export async function leadNotice(db: Kysely<DB>, type: LeadEventType, id: string): Promise<LeadNotice | undefined> {
  const present = (pairs: Array<[string, string | null | undefined]>) => pairs.filter((pair): pair is [string, string] => Boolean(pair[1]));
  switch (type) {
    case "contact.submitted": {
      const row = await contactById(db, id);
      if (!row) return undefined;
      const business =
        row.business_type === "other" ? row.business_type_other : row.business_type ? BUSINESS_TYPE_LABELS[row.business_type as BusinessType] : null;
      return {
        title: `${row.first_name} ${row.last_name}`,
        details: present([
          ["Interested in", row.interested_in ? INTEREST_LABELS[row.interested_in as Interest] : null],
          ["Business type", business],
          ["Country", countryName(row.country)],
          ["Message", row.comments ? clip(row.comments) : null],
        ]),
      };
    }
    case "partnership.submitted": {
      const row = await partnershipById(db, id);
      if (!row) return undefined;
      return {
        title: row.organization_name,
        details: present([
          ["Contact", row.primary_contact_name],
          ["Partnership", [joinList(row.partnership_types), row.other_partnership_type].filter(Boolean).join(", ")],
          ["Country", countryName(row.country)],
          ["Website", row.website_url],
          ["Message", row.comments ? clip(row.comments) : null],
        ]),
      };
    }
    case "presale.registered": {
      const row = await presaleById(db, id);
      if (!row) return undefined;
      return {
        title: row.full_name,
        details: present([
          ["Investment", row.investment_range],
          ["Experience", row.crypto_experience],
          ["Wallet", row.wallet_verified_at ? "verified by signature" : "typed by hand (unverified)"],
        ]),
      };
    }
    case "waitlist.joined": {
      const row = await waitlistById(db, id);
      if (!row) return undefined;
      return { title: row.username, details: [] };
    }
    case "airdrop.claimed": {
      const row = await claimById(db, id);
      if (!row) return undefined;
      return {
        title: row.zealy_username,
        details: present([
          ["XP", row.xp_earned.toLocaleString("en-US")],
          ["Reward", `${formatTokenUnits(row.vstn_reward_units)} VSTN`],
          [
            "Claim",
            row.claim_status === "granted"
              ? "granted (signed by the leaderboard's wallet)"
              : row.claim_status === "pending_review"
                ? "waiting for your review"
                : row.claim_status,
          ],
        ]),
      };
    }
  }
}

/** The digest kinds: presale and waitlist leads arrive in numbers and are told of hourly. */
export const DIGEST_TYPES = ["presale.registered", "waitlist.joined"] as const satisfies readonly LeadEventType[];
export type DigestType = (typeof DIGEST_TYPES)[number];

/**
 * Marks every lead of the kind that no digest has told of yet as told, inside the digest's
 * transaction, and answers them (oldest first) with the kind's total. A lead is in one digest.
 */
export async function takeForDigest(trx: Kysely<DB>, type: DigestType, at: string): Promise<{ leads: DigestLead[]; total: number }> {
  const { rows, total } = await markNotified(trx, type === "presale.registered", at);
  return {
    leads: rows
      .map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, walletVerified: Boolean(r.wallet_verified) }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    total,
  };
}
