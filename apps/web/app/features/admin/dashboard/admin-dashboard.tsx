import { LEAD_KINDS } from "@vestin/shared/lead-kinds";
import { Award, BookOpenCheck, GraduationCap, UserPlus } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { AdminStats, CountPair } from "../api/stats-api";
import { AdminPageTitle, OpenOnSiteIcon } from "../components/admin-page-title";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { LEAD_TYPES } from "../leads/lead-types";
import { LEAD_SERIES_COLORS } from "./chart-palette";

// The chart library loads with the chart (the dashboard's data arrives in the browser anyway), so
// neither the other admin pages nor the server's start-up carry recharts.
const LeadsChart = lazy(() => import("./leads-chart").then((m) => ({ default: m.LeadsChart })));

const n = (value: number | undefined) => (value ?? 0).toLocaleString("en-US");

function MetricCard({ label, pair, icon: Icon }: { label: string; pair: CountPair | undefined; icon: LucideIcon }) {
  return (
    <div className="rounded-xl border border-line bg-white p-4">
      <dt className="flex items-center gap-2 text-sm font-medium text-muted">
        <Icon aria-hidden="true" className="size-4" /> {label}
      </dt>
      <dd className="mt-2">
        <span className="text-2xl font-bold tabular-nums text-ink">{n(pair?.total)}</span>
        <span className="ml-2 text-xs text-muted">
          <span className="font-semibold text-success">+{n(pair?.last30Days)}</span> in 30 days
        </span>
      </dd>
    </div>
  );
}

/** The team's morning view: what came in, how learners progress, what readers read. */
export function AdminDashboard() {
  const stats = useAdminQuery<AdminStats>("/admin/stats");
  const data = stats.data;
  const last30 = (key: (typeof LEAD_KINDS)[number]) => (data?.leadsPerDay?.[key] ?? []).reduce((sum, d) => sum + (Number(d.count) || 0), 0);

  return (
    <>
      <AdminPageTitle
        title="Dashboard"
        description={data ? `Figures since ${data.since} (last 30 days) and all-time totals.` : "Leads, learners and readers at a glance."}
      />
      {stats.error && <LoadError message={stats.error} status={stats.status} onRetry={stats.reload} />}
      {!data ? (
        !stats.error && <LoadingBlock label="Loading the dashboard…" rows={6} />
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="lead-totals-title">
            <h2 id="lead-totals-title" className="sr-only">
              Leads by kind
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
              {LEAD_KINDS.map((key) => (
                <div key={key} className="rounded-xl border border-line bg-white p-4">
                  <dt className="flex items-center gap-2 text-sm font-medium text-muted">
                    <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: LEAD_SERIES_COLORS[key] }} />
                    <Link to={`/admin/leads${key === "enquiries" ? "" : `?type=${key}`}`} className="hover:text-ink hover:underline">
                      {LEAD_TYPES[key].tab}
                    </Link>
                  </dt>
                  <dd className="mt-2">
                    <span className="text-2xl font-bold tabular-nums text-ink">{n(data.leadTotals?.[key])}</span>
                    <span className="ml-2 text-xs text-muted">
                      <span className="font-semibold text-success">+{n(last30(key))}</span> in 30 days
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <Panel title="Leads per day">
            <Suspense fallback={<LoadingBlock />}>
              <LeadsChart stats={data} />
            </Suspense>
          </Panel>

          <section aria-labelledby="learning-title">
            <h2 id="learning-title" className="mb-3 text-sm font-semibold text-ink">
              Accounts and learning
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <MetricCard label="Accounts" pair={data.users} icon={UserPlus} />
              <MetricCard label="Enrolments" pair={data.enrollments} icon={GraduationCap} />
              <MetricCard label="Lessons completed" pair={data.completions} icon={BookOpenCheck} />
              <MetricCard label="Certificates" pair={data.certificates} icon={Award} />
            </dl>
          </section>
          <Panel
            title="Top articles by views"
            actions={
              <Link to="/admin/articles" className="text-sm font-medium text-brand-violet hover:underline">
                All articles
              </Link>
            }
          >
            {data.topArticles?.length ? (
              <ol className="-my-2 divide-y divide-line">
                {data.topArticles.map((article, index) => (
                  <li key={article._id} className="flex items-center gap-3 py-2.5 text-sm">
                    <span aria-hidden="true" className="w-5 shrink-0 text-right font-semibold tabular-nums text-muted">
                      {index + 1}
                    </span>
                    <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
                      <Link to={`/admin/articles/${article._id}`} className="block truncate font-medium text-ink hover:underline sm:flex-1">
                        {article.title}
                      </Link>
                      <span className="block text-xs tabular-nums text-muted sm:shrink-0">
                        {n(article.viewCount)} views · {n(article.likeCount)} likes
                      </span>
                    </div>
                    <OpenOnSiteIcon href={`/blog/${article.slug}`} title={article.title} className="shrink-0" />
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted">No published articles yet.</p>
            )}
          </Panel>
        </div>
      )}
    </>
  );
}
