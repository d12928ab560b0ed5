import { Globe, Network } from "lucide-react";
import type { ReferralCluster, ReferralClusters as Clusters } from "@vestin/shared/referral-clusters";
import { REFERRAL_PLACES } from "@vestin/shared/referrals";
import { Badge } from "~/components/ui/badge";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";
import { AdminSelect } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { LoadError, LoadingBlock } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { formatDateTime } from "../leads/lead-types";

const LISTS = [
  ["presale", "Presale whitelist"],
  ["testnet", "Testnet waitlist"],
] as const;
const DAY_CHOICES = [7, 30, 90, 365] as const;
const MIN_CHOICES = [2, 3, 5, 10] as const;

const n = (value: number) => value.toLocaleString("en-US");

/** The filters as the address keeps them: list, days and smallest cluster, each checked against its choices. */
function clustersView(get: (key: string, fallback?: string) => string) {
  const list = get("list") === "testnet" ? "testnet" : "presale";
  const days = DAY_CHOICES.find((d) => String(d) === get("days")) ?? 30;
  const min = MIN_CHOICES.find((m) => String(m) === get("min")) ?? 3;
  return { list, days, min } as const;
}

/**
 * Referral clusters: many referrals of one referrer from one e-mail domain or one network, the
 * pattern of farmed referrals. Each cluster names the referrer and says how many of its referrals
 * confirmed and how many moved the referrer up (the daily cap holds the rest back).
 */
export function ReferralClusters() {
  const { get, set } = useSearchState();
  const view = clustersView(get);
  const query = useAdminQuery<Clusters>(`/admin/referrals/clusters?list=${view.list}&days=${view.days}&min=${view.min}`);
  const data = query.data;

  return (
    <>
      <AdminPageTitle
        title="Referral clusters"
        description="Referrers with many referrals from one e-mail domain or one network (IPv4 /24, IPv6 /48 of the sign-up; the address itself is never kept). A cluster is a lead to check, not proof of farming."
      />
      <section aria-label="Filters" className="grid gap-3 rounded-xl border border-line bg-white p-3 sm:grid-cols-3">
        <AdminSelect label="List" value={view.list} onChange={(event) => set({ list: event.target.value === "presale" ? null : event.target.value })}>
          {LISTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </AdminSelect>
        <AdminSelect
          label="Joined in the last"
          value={String(view.days)}
          onChange={(event) => set({ days: event.target.value === "30" ? null : event.target.value })}
        >
          {DAY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </AdminSelect>
        <AdminSelect
          label="Smallest cluster"
          value={String(view.min)}
          onChange={(event) => set({ min: event.target.value === "3" ? null : event.target.value })}
        >
          {MIN_CHOICES.map((min) => (
            <option key={min} value={min}>
              {min} referrals
            </option>
          ))}
        </AdminSelect>
      </section>
      {query.error && <LoadError message={query.error} status={query.status} onRetry={query.reload} />}
      {!data ? (
        !query.error && <LoadingBlock label="Loading the referral clusters…" rows={4} />
      ) : (
        <div className={cn("mt-6 space-y-4 transition-opacity", query.loading && "opacity-60")} aria-busy={query.loading}>
          <Notice tone="info">
            <p>
              {data.dailyBoosts === 0
                ? "Referrals move nobody up the queue at the moment (REFERRAL_DAILY_BOOSTS is 0)."
                : `At most ${n(data.dailyBoosts)} referrals move one referrer up in any 24 hours; later ones still count as referrals without moving them.`}{" "}
              Public mail providers ({data.ignoredDomains.slice(0, 5).join(", ")} and {n(data.ignoredDomains.length - 5)} more) never form a domain cluster;
              their sign-ups still group by network.
            </p>
          </Notice>
          {data.clusters.length === 0 ? (
            <p className="rounded-xl border border-line bg-white px-4 py-6 text-sm text-muted">
              No clusters: no referrer on the {data.list === "presale" ? "presale whitelist" : "testnet waitlist"} has {n(data.min)} or more referrals from one
              domain or network that joined in the last {n(data.days)} days.
            </p>
          ) : (
            <>
              <p className="text-sm text-muted" aria-live="polite">
                {n(data.clusters.length)} {data.clusters.length === 1 ? "cluster" : "clusters"}, largest first.
              </p>
              <ul className="grid gap-3 lg:grid-cols-2">
                {data.clusters.map((cluster) => (
                  <li key={`${cluster.referrer._id}-${cluster.kind}-${cluster.value}`}>
                    <ClusterCard cluster={cluster} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </>
  );
}

function ClusterCard({ cluster }: { cluster: ReferralCluster }) {
  const Icon = cluster.kind === "domain" ? Globe : Network;
  const held = cluster.confirmed - cluster.boosted;
  return (
    <article
      className="h-full rounded-xl border border-line bg-white p-4"
      aria-label={`${cluster.referrer.email}: ${cluster.referrals} referrals from ${cluster.value}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-ink">{cluster.referrer.name || cluster.referrer.email}</h2>
          <p className="text-sm break-all text-muted">{cluster.referrer.email}</p>
        </div>
        <Badge tone={cluster.kind === "domain" ? "violet" : "teal"}>
          <Icon aria-hidden="true" className="size-3.5" /> {cluster.kind === "domain" ? "E-mail domain" : "Network"}
        </Badge>
      </div>
      <p className="mt-3 font-mono text-sm break-all text-ink">{cluster.value}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <Figure label="Referrals" value={n(cluster.referrals)} />
        <Figure label="Confirmed" value={n(cluster.confirmed)} />
        <Figure label="Moved up" value={n(cluster.boosted)} />
      </dl>
      <p className="mt-3 text-xs text-muted">
        Joined {formatDateTime(cluster.firstAt)} to {formatDateTime(cluster.lastAt)}.
        {held > 0 && ` ${n(held)} confirmed ${held === 1 ? "referral was" : "referrals were"} held back by the daily cap.`} All-time places gained:{" "}
        {n(cluster.referrer.boostedReferrals * REFERRAL_PLACES)}.
      </p>
    </article>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-surface px-2.5 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}
