import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { userListPath, type AdminUser } from "../api/users-api";
import { AdminInput } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { EmptyRow, Pagination, TableFrame, tdClasses, Th } from "../components/data-table";
import { LoadError, LoadingBlock } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useSearchState } from "../hooks/use-search-state";
import { formatDate } from "../leads/lead-types";

const PAGE_SIZE = 25;

export function fullName(user: Pick<AdminUser, "firstName" | "lastName">): string {
  return `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || "—";
}

/** Accounts, newest first, searchable by name or e-mail. */
export function UsersList() {
  const { get, set } = useSearchState();
  const search = get("search");
  const page = Math.max(1, Number(get("page", "1")) || 1);
  const [searchInput, setSearchInput] = useState(search);
  const debounced = useDebouncedValue(searchInput, 350);
  useEffect(() => setSearchInput(search), [search]);
  // Only a settled search writes the address bar.
  useEffect(() => {
    if (debounced.trim() !== search) set({ search: debounced.trim() });
  }, [debounced]);
  const list = useAdminQuery<AdminUser[]>(userListPath({ search, page, limit: PAGE_SIZE }));
  const info = pageInfo(list.body);

  return (
    <>
      <AdminPageTitle title="Users" description="Accounts of the learning platform. Open one to see its courses, certificates and sessions." />
      <form role="search" aria-label="Search users" className="mb-4 rounded-xl border border-line bg-white p-3" onSubmit={(e) => e.preventDefault()}>
        <div className="relative max-w-md">
          <AdminInput label="Search by name or e-mail" type="search" value={searchInput} onChange={(e) => setSearchInput(e.target.value)} className="pl-9" />
          <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted" />
        </div>
      </form>
      {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
      {!list.data ? (
        !list.error && <LoadingBlock label="Loading users…" />
      ) : (
        <>
          <TableFrame label="Users" busy={list.loading}>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Role</Th>
                <Th>Joined</Th>
              </tr>
            </thead>
            <tbody>
              {list.data.length === 0 ? (
                <EmptyRow columns={4}>{search ? "No accounts match this search." : "No accounts yet."}</EmptyRow>
              ) : (
                list.data.map((user) => (
                  <tr key={user._id} className="hover:bg-surface">
                    <td className={tdClasses}>
                      <Link to={`/admin/users/${user._id}`} className="font-medium text-ink hover:underline">
                        {fullName(user)}
                      </Link>
                    </td>
                    <td className={tdClasses}>{user.email}</td>
                    <td className={tdClasses}>{user.role === "admin" ? <Badge tone="violet">Admin</Badge> : <Badge>User</Badge>}</td>
                    <td className={`${tdClasses} whitespace-nowrap tabular-nums text-muted`}>{formatDate(user.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
          <Pagination
            page={page}
            pages={info.pages}
            total={info.total}
            limit={PAGE_SIZE}
            noun="accounts"
            onPage={(next) => set({ page: next }, { keepPage: true })}
          />
        </>
      )}
    </>
  );
}
