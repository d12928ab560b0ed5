import { CheckCircle2, Clock, UserMinus } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import type { SubscriberStats } from "@vestin/shared/newsletter";
import { AdminPageTitle, NewLink } from "../components/admin-page-title";
import { LoadError, LoadingBlock, Panel } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { CampaignsList } from "./campaigns-list";
import { ImportDialog } from "./import-dialog";
import { NEWSLETTER_STATS_PATH } from "./newsletter-api";
import { SubscribersChart } from "./subscribers-chart";
import { SubscribersTable } from "./subscribers-table";

function CountCard({ label, value, note, icon: Icon, tone }: { label: string; value: number; note: string; icon: LucideIcon; tone: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-line bg-white p-3 sm:p-4">
      <dt className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted sm:gap-2 sm:text-sm">
        <Icon aria-hidden="true" className={`hidden size-4 shrink-0 min-[400px]:block ${tone}`} /> <span className="truncate">{label}</span>
      </dt>
      <dd className="mt-1 sm:mt-2">
        <span className="block text-xl font-bold tabular-nums text-ink sm:text-2xl">{value.toLocaleString("en-US")}</span>
        <span className="mt-0.5 hidden text-xs text-muted sm:block">{note}</span>
      </dd>
    </div>
  );
}

/** /admin/newsletter: who is subscribed, how the list grows, and the campaigns sent to it. */
export function NewsletterPage() {
  const stats = useAdminQuery<SubscriberStats>(NEWSLETTER_STATS_PATH);
  const [importing, setImporting] = useState(false);
  const [version, setVersion] = useState(0);
  const counts = stats.data?.counts;

  return (
    <>
      <AdminPageTitle
        title="Newsletter"
        description="Send articles and news to confirmed subscribers. Everyone on the list confirmed their address through the link we e-mailed them."
        actions={
          <NewLink to="/admin/newsletter/campaigns/new" variant="secondary">
            New campaign
          </NewLink>
        }
      />
      {stats.error && <LoadError message={stats.error} status={stats.status} onRetry={stats.reload} />}
      <div className="space-y-6">
        <section aria-labelledby="subscriber-counts-title">
          <h2 id="subscriber-counts-title" className="sr-only">
            Subscribers by status
          </h2>
          {counts ? (
            <dl className="grid grid-cols-3 gap-2 sm:gap-3">
              <CountCard label="Confirmed" value={counts.confirmed} note="receive every campaign" icon={CheckCircle2} tone="text-success" />
              <CountCard label="Pending" value={counts.pending} note="have not opened the confirmation link yet" icon={Clock} tone="text-notice" />
              <CountCard label="Unsubscribed" value={counts.unsubscribed} note="left the list; never e-mailed again" icon={UserMinus} tone="text-muted" />
            </dl>
          ) : (
            !stats.error && <LoadingBlock label="Loading subscriber figures…" rows={1} />
          )}
        </section>

        <Panel title="Confirmed subscribers, last 90 days">
          {stats.data ? <SubscribersChart days={stats.data.days} /> : <LoadingBlock label="Loading the chart…" rows={4} />}
        </Panel>

        <CampaignsList />

        <SubscribersTable counts={counts} version={version} onImport={() => setImporting(true)} />
      </div>

      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        onImported={() => {
          stats.reload();
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
