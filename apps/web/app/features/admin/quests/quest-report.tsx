import { Ban } from "lucide-react";
import { formatLocalDateTime } from "@vestin/shared/format-date";
import { Button } from "~/components/ui/button";
import { plural } from "~/lib/plural";
import { QueryView } from "../components/query-states";
import { SidePanel } from "../components/side-panel";
import type { AdminQuery } from "../hooks/use-admin-query";
import { GrantFlags, GrantStatusBadge, WalletCell } from "./grant-parts";
import { durationText } from "./quest-labels";
import type { Quest, QuestGrant } from "./quests-api";

/**
 * One quest's report: every grant (person, wallet, XP, when, score and time taken, the sybil
 * review's flags, status and reason), newest first as the server sends them, with "Revoke" on
 * granted ones.
 */
export function QuestReport({
  quest,
  grants,
  onClose,
  onRevoke,
}: {
  quest: Quest | null;
  grants: AdminQuery<QuestGrant[]>;
  onClose: () => void;
  onRevoke: (grant: QuestGrant) => void;
}) {
  return (
    <SidePanel
      open={quest !== null}
      onOpenChange={(open) => !open && onClose()}
      title={quest?.title ?? "Quest"}
      description={quest ? `${plural(quest.grantedCount, "grant")} · ${quest.withheldCount} withheld · ${quest.revokedCount} revoked` : undefined}
    >
      <QueryView query={grants} label="Loading the grants…">
        {(rows) =>
          rows.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted">No one has earned this quest yet.</p>
          ) : (
            <ul className="grid gap-3" data-testid="quest-grants">
              {rows.map((grant) => (
                <li key={grant.id} className="rounded-xl border border-line p-4" data-testid="quest-grant" data-status={grant.status}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink">{grant.name}</p>
                      <p className="break-all text-sm text-muted">{grant.email}</p>
                    </div>
                    <GrantStatusBadge status={grant.status} />
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                    <dt className="text-muted">XP</dt>
                    <dd className="font-semibold tabular-nums text-ink">{grant.xp.toLocaleString("en-US")}</dd>
                    <dt className="text-muted">Wallet</dt>
                    <dd>
                      <WalletCell wallet={grant.wallet} />
                    </dd>
                    <dt className="text-muted">When</dt>
                    <dd className="tabular-nums">{formatLocalDateTime(grant.at)}</dd>
                    {grant.score !== null && (
                      <>
                        <dt className="text-muted">Score</dt>
                        <dd className="tabular-nums">
                          {grant.score} %{durationText(grant.durationSeconds) ? ` in ${durationText(grant.durationSeconds)}` : ""}
                        </dd>
                      </>
                    )}
                    <dt className="text-muted">Flags</dt>
                    <dd>
                      <GrantFlags flags={grant.flags} />
                    </dd>
                    {grant.reason && (
                      <>
                        <dt className="text-muted">Reason</dt>
                        <dd className="break-words">{grant.reason}</dd>
                      </>
                    )}
                  </dl>
                  {grant.status === "granted" && (
                    <Button variant="outline" size="sm" className="mt-3" onClick={() => onRevoke(grant)} aria-label={`Revoke the grant of ${grant.name}`}>
                      <Ban aria-hidden="true" className="size-4" /> Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </SidePanel>
  );
}
