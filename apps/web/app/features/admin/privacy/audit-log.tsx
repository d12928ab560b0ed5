import { AdminPageTitle } from "../components/admin-page-title";
import { EmptyRow, Pagination, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock } from "../components/query-states";
import type { AuditEntry } from "../api/users-api";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { formatDateTime } from "../leads/lead-types";

const PAGE_SIZE = 50;

function detailsText(details: unknown): string {
  if (details === null || details === undefined) return "";
  if (typeof details === "string") return details;
  if (typeof details === "object" && Object.keys(details).length === 0) return "";
  return JSON.stringify(details);
}

/** Who did what and when: every admin write, export and privacy request, newest first. */
export function AuditLog() {
  const { get, set } = useSearchState();
  const page = Math.max(1, Number(get("page", "1")) || 1);
  const list = useAdminQuery<AuditEntry[]>(`/admin/audit?page=${page}&limit=${PAGE_SIZE}`);
  const info = pageInfo(list.body);
  return (
    <>
      <AdminPageTitle
        title="Audit log"
        description="Every change made in the console or by the command line, every export and every privacy request. Entries cannot be edited."
      />
      {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
      {!list.data ? (
        !list.error && <LoadingBlock label="Loading the audit log…" />
      ) : (
        <>
          <TableFrame label="Audit log" busy={list.loading}>
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Who</Th>
                <Th>Action</Th>
                <Th>Target</Th>
                <Th>Details</Th>
              </tr>
            </thead>
            <tbody>
              {list.data.length === 0 ? (
                <EmptyRow columns={5}>Nothing recorded yet.</EmptyRow>
              ) : (
                list.data.map((entry) => {
                  const details = detailsText(entry.details);
                  return (
                    <tr key={entry._id}>
                      <td className={`${tdClasses} whitespace-nowrap tabular-nums text-muted`}>{formatDateTime(entry.createdAt)}</td>
                      <td className={`${tdClasses} whitespace-nowrap`}>{entry.actorEmail || "—"}</td>
                      <td className={`${tdClasses} whitespace-nowrap font-medium`}>{entry.action}</td>
                      <td className={tdClasses}>
                        {entry.targetType ?? "—"}
                        {entry.targetId && (
                          <span className="block max-w-[14rem] truncate font-mono text-xs text-muted" title={entry.targetId}>
                            {entry.targetId}
                          </span>
                        )}
                      </td>
                      <td className={tdClasses}>
                        {details ? (
                          <code className="block max-w-md truncate font-mono text-xs text-muted" title={details}>
                            {details}
                          </code>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </TableFrame>
          <Pagination
            page={page}
            pages={info.pages}
            total={info.total}
            limit={PAGE_SIZE}
            noun="entries"
            onPage={(next) => set({ page: next }, { keepPage: true })}
          />
        </>
      )}
    </>
  );
}
