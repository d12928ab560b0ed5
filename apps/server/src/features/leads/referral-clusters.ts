import type { Kysely } from "kysely";
import { PUBLIC_MAIL_DOMAINS, type ReferralCluster, type ReferralClusters, type ReferralClustersQuery } from "@vestin/shared/referral-clusters";
import type { DB } from "../../db/schema.ts";
import { REFERRAL_TABLE } from "./referrals.ts";
import { referredSince, referrersByIds } from "./referrals-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const IGNORED = new Set<string>(PUBLIC_MAIL_DOMAINS);

type Referred = {
  referred_by: string;
  email: string;
  signup_network: string | null;
  created_at: string;
  referral_counted_at: string | null;
  referral_boosted: number;
};

type Group = { kind: ReferralCluster["kind"]; value: string; referrerId: string; rows: Referred[] };

/**
 * Referral clusters: the referrals one referrer gathered in the last `days` days, grouped by the
 * e-mail domain of the people referred and by the network they signed up from (IPv4 /24, IPv6
 * /48), keeping the groups of at least `min`. Many referrals of one person from one domain or one
 * network is what farming with addresses at a domain one controls, or sign-ups from one machine,
 * looks like. Big public mail providers never form a domain cluster (friends at gmail.com are
 * normal); their sign-ups still group by network. Largest clusters first.
 */
export async function referralClusters(db: Kysely<DB>, query: ReferralClustersQuery, dailyBoosts: number): Promise<ReferralClusters> {
  const table = REFERRAL_TABLE[query.list];
  const since = new Date(Date.now() - query.days * DAY_MS).toISOString();
  const rows = (await referredSince(db, table, since)) as Referred[];

  const groups = new Map<string, Group>();
  const add = (kind: Group["kind"], value: string, row: Referred) => {
    const key = `${row.referred_by}\u0000${kind}\u0000${value}`;
    const group = groups.get(key) ?? { kind, value, referrerId: row.referred_by, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  };
  for (const row of rows) {
    const domain = row.email.slice(row.email.lastIndexOf("@") + 1).toLowerCase();
    if (domain && !IGNORED.has(domain)) add("domain", domain, row);
    if (row.signup_network) add("network", row.signup_network, row);
  }
  const kept = [...groups.values()].filter((g) => g.rows.length >= query.min);

  const referrerIds = [...new Set(kept.map((g) => g.referrerId))];
  const referrers = new Map<string, ReferralCluster["referrer"]>();
  if (referrerIds.length) {
    const found = await referrersByIds(db, table, referrerIds);
    for (const r of found) {
      referrers.set(r.id, { _id: r.id, email: r.email, name: r.name, referralCode: r.referral_code, boostedReferrals: r.referral_boost });
    }
  }

  const clusters: ReferralCluster[] = [];
  for (const group of kept) {
    const referrer = referrers.get(group.referrerId);
    // A referrer erased since: its referrals no longer point at anyone to act on.
    if (!referrer) continue;
    const times = group.rows.map((r) => r.created_at).sort();
    clusters.push({
      kind: group.kind,
      value: group.value,
      referrer,
      referrals: group.rows.length,
      confirmed: group.rows.filter((r) => r.referral_counted_at !== null).length,
      boosted: group.rows.filter((r) => r.referral_boosted === 1).length,
      firstAt: times[0] ?? "",
      lastAt: times.at(-1) ?? "",
    });
  }
  clusters.sort(
    (a, b) =>
      b.referrals - a.referrals || b.lastAt.localeCompare(a.lastAt) || a.referrer.email.localeCompare(b.referrer.email) || a.value.localeCompare(b.value),
  );
  return { list: query.list, days: query.days, min: query.min, dailyBoosts, ignoredDomains: [...PUBLIC_MAIL_DOMAINS], clusters };
}
