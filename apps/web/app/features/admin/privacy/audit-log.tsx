import { AdminPageTitle } from "../components/admin-page-title";
import { EmailText } from "~/components/ui/email-text";
import { DataTable, Pagination, Td } from "../components/data-table";
import { QueryView } from "../components/query-states";
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
  const { page, setPage } = useSearchState();
  const list = useAdminQuery<AuditEntry[]>(`/admin/audit?page=${page}&limit=${PAGE_SIZE}`);
  const info = pageInfo(list.body);
  return (
    <>
      <AdminPageTitle
        title="Audit log"
        description="Every change made in the console or by the command line, every export and every privacy request. Entries cannot be edited."
      />
      <QueryView query={list} label="Loading the audit log…">
        {(entries) => (
          <>
            <DataTable
              label="Audit log"
              busy={list.loading}
              columns={["When", "Who", "Action", "Target", "Details"]}
              rows={entries}
              empty="Nothing recorded yet."
            >
              {(entry) => {
                const details = detailsText(entry.details);
                return (
                  <tr key={entry._id}>
                    <Td className="whitespace-nowrap tabular-nums text-muted">{formatDateTime(entry.createdAt)}</Td>
                    <Td className="whitespace-nowrap">{entry.actorEmail ? <EmailText email={entry.actorEmail} /> : "—"}</Td>
                    <Td className="whitespace-nowrap font-medium">{entry.action}</Td>
                    <Td>
                      {entry.targetType ?? "—"}
                      {entry.targetId && (
                        <span className="block max-w-[14rem] truncate font-mono text-xs text-muted" title={entry.targetId}>
                          {entry.targetId}
                        </span>
                      )}
                    </Td>
                    <Td>
                      {details ? (
                        <code className="block max-w-md truncate font-mono text-xs text-muted" title={details}>
                          {details}
                        </code>
                      ) : (
                        "—"
                      )}
                    </Td>
                  </tr>
                );
              }}
            </DataTable>
            <Pagination {...info} page={page} limit={PAGE_SIZE} noun="entries" onPage={setPage} />
          </>
        )}
      </QueryView>
    </>
  );
}
