import { LogOut } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge";
import { useAuth } from "~/lib/session/auth-store";
import { Button } from "~/components/ui/button";
import { describeFailure } from "../api/admin-request";
import { revokeSessions, type AdminUserDetail } from "../api/users-api";
import { AdminPageTitle, BackLink } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, Td } from "../components/data-table";
import { Panel, PendingPage } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { formatDate, formatDateTime } from "../leads/lead-types";
import { fullName } from "./users-list";

/** One account: who, since when, signed in where, and how far along each course. */
export function UserDetail({ id }: { id: string }) {
  const query = useAdminQuery<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const { user: me } = useAuth();
  const detail = query.data;
  const back = <BackLink to="/admin/users">All users</BackLink>;

  if (!detail) return <PendingPage title="User" back={back} query={query} label="Loading the account…" />;
  const { user, enrollments = [], certificates = [] } = detail;

  const revoke = async () => {
    const result = await revokeSessions(user._id);
    if (!result.ok) {
      toast.error("Sessions not revoked", { description: describeFailure(result) });
      return;
    }
    setConfirmRevoke(false);
    toast.success(result.data.revoked === 1 ? "1 session revoked" : `${result.data.revoked} sessions revoked`, {
      description: `${user.email} is signed out everywhere.`,
    });
    query.reload();
  };

  return (
    <>
      <AdminPageTitle
        back={back}
        title={fullName(user)}
        description={user.email}
        actions={
          <Button size="sm" variant="outline" onClick={() => setConfirmRevoke(true)} disabled={user.activeSessions === 0}>
            <LogOut aria-hidden="true" className="size-4" /> Revoke sessions
          </Button>
        }
      />
      <div className="space-y-6">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Fact label="Role">{user.role === "admin" ? <Badge tone="violet">Admin</Badge> : <Badge>User</Badge>}</Fact>
          <Fact label="Joined">{formatDate(user.createdAt)}</Fact>
          <Fact label="Active sessions">{String(user.activeSessions ?? 0)}</Fact>
          <Fact label="Certificates">{String(certificates.length)}</Fact>
        </dl>

        <section aria-labelledby="enrolments-title">
          <h2 id="enrolments-title" className="mb-3 text-lg font-bold text-ink">
            Enrolments
          </h2>
          <DataTable
            label="Enrolments and progress"
            columns={["Course", "Enrolled", "Progress", "Completed"]}
            rows={enrollments}
            empty="Not enrolled in any course."
          >
            {(e) => (
              <tr key={e.courseId}>
                <Td>
                  <Link to={`/admin/courses/${e.courseId}`} className="font-medium hover:underline">
                    {e.title}
                  </Link>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">{formatDate(e.enrolledAt)}</Td>
                <Td className="min-w-48">
                  <div className="flex items-center gap-3">
                    <div
                      role="progressbar"
                      aria-label={`Progress in ${e.title}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={e.progressPercentage}
                      className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
                    >
                      <div className="h-full rounded-full bg-brand-gradient" style={{ width: `${Math.min(100, Math.max(0, e.progressPercentage))}%` }} />
                    </div>
                    <span className="w-24 shrink-0 text-xs tabular-nums text-muted">
                      {e.completedLessons}/{e.totalLessons} · {e.progressPercentage}%
                    </span>
                  </div>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">{e.completedAt ? formatDate(e.completedAt) : "—"}</Td>
              </tr>
            )}
          </DataTable>
        </section>

        <Panel title="Certificates">
          {certificates.length === 0 ? (
            <p className="text-sm text-muted">No certificates yet.</p>
          ) : (
            <ul className="-my-2 divide-y divide-line">
              {certificates.map((c) => (
                <li key={c.code} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="font-medium">{c.courseTitle}</span>
                  <span className="text-muted">
                    <a href={`/learn/certificates/${c.code}`} target="_blank" rel="noreferrer" className="font-mono text-brand-violet hover:underline">
                      {c.code}
                    </a>{" "}
                    · {formatDateTime(c.issuedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title="Sign this account out everywhere?"
        description={
          <>
            All {user.activeSessions} active sessions of <strong className="text-ink">{user.email}</strong> end now; they will have to sign in again on every
            device.
            {me?._id === user._id && <strong className="mt-2 block text-danger">This is your own account: you will be signed out of this console too.</strong>}
          </>
        }
        confirmLabel="Revoke sessions"
        onConfirm={revoke}
      />
    </>
  );
}

/** One figure of the account, in the row of cards at the top. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-white p-4">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1.5 text-lg font-semibold text-ink">{children}</dd>
    </div>
  );
}
