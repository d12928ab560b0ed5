import { Link } from "react-router";
import { EmailText } from "~/components/ui/email-text";
import { Badge } from "~/components/ui/badge";
import { userListPath, type AdminUser } from "../api/users-api";
import { SearchField } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { DataTable, Pagination, Td } from "../components/data-table";
import { FilterBar } from "../components/filter-bar";
import { QueryView } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { useSettledText } from "../hooks/use-settled-text";
import { formatDate } from "../leads/lead-types";

const PAGE_SIZE = 25;

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || "—";
}

/** Accounts, newest first, searchable by name or e-mail. */
export function UsersList() {
  const { get, set, page, setPage } = useSearchState();
  const search = get("search");
  // Only a settled search writes the address bar.
  const [searchInput, setSearchInput] = useSettledText(search, (text) => set({ search: text }));
  const list = useAdminQuery<AdminUser[]>(userListPath({ search, page, limit: PAGE_SIZE }));
  const info = pageInfo(list.body);

  return (
    <>
      <AdminPageTitle title="Users" description="Accounts of the learning platform. Open one to see its courses, certificates and sessions." />
      <FilterBar label="Search users" className="mb-4">
        <SearchField wrapperClassName="max-w-md" label="Search by name or e-mail" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} />
      </FilterBar>
      <QueryView query={list} label="Loading users…">
        {(users) => (
          <>
            <DataTable
              label="Users"
              busy={list.loading}
              columns={["Name", "Email", "Role", "Joined"]}
              rows={users}
              empty={search ? "No accounts match this search." : "No accounts yet."}
            >
              {(user) => (
                <tr key={user._id} className="hover:bg-surface">
                  <Td>
                    <Link to={`/admin/users/${user._id}`} className="font-medium text-ink hover:underline">
                      {fullName(user)}
                    </Link>
                  </Td>
                  <Td>
                    <EmailText email={user.email} />
                  </Td>
                  <Td>{user.role === "admin" ? <Badge tone="violet">Admin</Badge> : <Badge>User</Badge>}</Td>
                  <Td className="whitespace-nowrap tabular-nums text-muted">{formatDate(user.createdAt)}</Td>
                </tr>
              )}
            </DataTable>
            <Pagination {...info} page={page} limit={PAGE_SIZE} noun="accounts" onPage={setPage} />
          </>
        )}
      </QueryView>
    </>
  );
}
