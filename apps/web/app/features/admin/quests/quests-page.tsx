import { Download, FileBarChart, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { formatLocalDateTime } from "@vestin/shared/format-date";
import type { LearnEarnStatus } from "@vestin/shared/learn-earn";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { describeFailure } from "../api/admin-request";
import { AdminSelect } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, Td } from "../components/data-table";
import { LoadingBlock, Panel, QueryView } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { GrantFlags, GrantStatusBadge, WalletCell } from "./grant-parts";
import { QuestDialog, type QuestEditing } from "./quest-dialog";
import { KIND_LABELS } from "./quest-form";
import { capText, consoleZone, windowText } from "./quest-labels";
import { QuestReport } from "./quest-report";
import {
  deleteQuest,
  exportLearningXp,
  type Quest,
  type QuestGrant,
  questGrantsPath,
  type SprintChoice,
  sprintQuestsPath,
  type SuspiciousGrant,
  suspiciousPath,
} from "./quests-api";
import { RevokeDialog } from "./revoke-dialog";
import { SprintSettings } from "./sprint-settings";

/**
 * The sprints the console can pick: GET /admin/sprints where the server has it, else the running
 * sprint as the learner's view names it (the only one quests can be added to then).
 */
function useSprintChoices(): { sprints: SprintChoice[] | undefined; error: string | null; running: LearnEarnStatus["sprint"] } {
  const listed = useAdminQuery<SprintChoice[]>("/admin/sprints");
  // The running sprint as a learner sees it: the fallback list, and its stored minimum account age.
  const running = useAdminQuery<LearnEarnStatus>("/me/learn-earn");
  const sprint = running.data?.sprint ?? null;
  if (listed.data) return { sprints: listed.data, error: null, running: sprint };
  if (listed.status === 404) {
    if (running.data) return { sprints: sprint ? [{ id: sprint.id, name: sprint.name, isActive: true }] : [], error: null, running: sprint };
    return { sprints: undefined, error: running.error, running: null };
  }
  return { sprints: undefined, error: listed.error, running: null };
}

/** /admin/quests: a sprint's learning quests, their reports, the sybil review and the learning-XP export. */
export function QuestsPage() {
  const { get, set } = useSearchState();
  const { sprints, error: sprintsError, running } = useSprintChoices();
  const sprintId = get("sprint") || sprints?.find((s) => s.isActive)?.id || sprints?.[0]?.id || null;
  const sprint = sprints?.find((s) => s.id === sprintId) ?? null;

  const quests = useAdminQuery<Quest[]>(sprintId ? sprintQuestsPath(sprintId) : null);
  const suspicious = useAdminQuery<SuspiciousGrant[]>(sprintId ? suspiciousPath(sprintId) : null);
  const [editing, setEditing] = useState<QuestEditing | null>(null);
  const [reportOf, setReportOf] = useState<Quest | null>(null);
  const grants = useAdminQuery<QuestGrant[]>(reportOf ? questGrantsPath(reportOf.id) : null);
  const [revoking, setRevoking] = useState<QuestGrant | null>(null);
  const [deleting, setDeleting] = useState<Quest | null>(null);
  const [exporting, setExporting] = useState(false);
  const zone = consoleZone();

  const exportCsv = async () => {
    if (!sprintId) return;
    setExporting(true);
    const result = await exportLearningXp(sprintId);
    setExporting(false);
    if (result.ok) toast.success("Export ready", { description: result.data });
    else toast.error("Export failed", { description: result.message });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteQuest(deleting.id);
    if (!result.ok) {
      toast.error("Quest not deleted", { description: describeFailure(result) });
      return;
    }
    toast.success("Quest deleted", { description: deleting.title });
    setDeleting(null);
    quests.reload();
  };

  const revoked = (grant: QuestGrant) => {
    setRevoking(null);
    toast.success("Grant revoked", { description: `${grant.name} · ${grant.xp.toLocaleString("en-US")} XP. They get an e-mail with your reason.` });
    grants.setData((rows) => rows?.map((row) => (row.id === grant.id ? grant : row)));
    grants.reload();
    quests.reload();
    suspicious.reload();
  };

  return (
    <>
      <AdminPageTitle
        title="Quests"
        description="Learning quests of a sprint: learners earn XP for passing assessments, completing tracks, the placement quiz or a learning streak. Their learning XP joins the sprint's Zealy XP on the leaderboard and in the allow-list."
        actions={
          sprintId && (
            <>
              <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
                <Download aria-hidden="true" className="size-4" /> {exporting ? "Exporting…" : "Export learning XP (CSV)"}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setEditing({ mode: "new", sprintId })}>
                <Plus aria-hidden="true" className="size-4" /> New quest
              </Button>
            </>
          )
        }
      />

      {sprints === undefined ? (
        sprintsError ? (
          <Notice tone="danger">{sprintsError}</Notice>
        ) : (
          <LoadingBlock label="Loading sprints…" rows={2} />
        )
      ) : sprints.length === 0 ? (
        <Notice>No sprint yet. Import a sprint's Zealy leaderboard first; its quests are added here.</Notice>
      ) : (
        <>
          {sprints.length > 1 && (
            <div className="mb-5 max-w-sm">
              <AdminSelect label="Sprint" value={sprintId ?? ""} onChange={(e) => set({ sprint: e.target.value })}>
                {sprints.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                    {s.isActive ? " (running)" : ""}
                    {s.frozen ? " · frozen" : ""}
                  </option>
                ))}
              </AdminSelect>
            </div>
          )}
          {sprint && sprints.length === 1 && <p className="-mt-3 mb-5 text-sm text-muted">Sprint: {sprint.name}</p>}

          <QueryView query={quests} label="Loading quests…">
            {(rows) => (
              <DataTable
                label="Quests"
                busy={quests.loading}
                columns={["Quest", "XP", `Window (${zone})`, "Granted", "Withheld · revoked", { label: "Actions", hidden: true }]}
                rows={rows}
                empty="No quests in this sprint yet. Add one: learners see it on My learning while it is open."
              >
                {(quest) => (
                  <tr key={quest.id} data-testid="quest-row">
                    <Td>
                      <p className="font-semibold text-ink">{quest.title}</p>
                      <p className="text-xs text-muted">
                        {KIND_LABELS[quest.kind]}
                        {quest.subject ? ` · ${quest.subject.title}` : ""}
                        {quest.streakDays ? ` · ${quest.streakDays} days` : ""}
                      </p>
                    </Td>
                    <Td className="whitespace-nowrap tabular-nums">
                      {quest.bands ? (
                        <span title={quest.bands.map((b) => `≥ ${b.minScore} %: ${b.xp} XP`).join(", ")}>{quest.bands.map((b) => b.xp).join(" / ")} XP</span>
                      ) : (
                        `${quest.xp.toLocaleString("en-US")} XP`
                      )}
                    </Td>
                    <Td className="text-xs tabular-nums text-muted">{windowText(quest.startsAt, quest.endsAt)}</Td>
                    <Td className="whitespace-nowrap tabular-nums">{capText(quest.grantedCount, quest.cap)}</Td>
                    <Td className="whitespace-nowrap tabular-nums text-muted">
                      {quest.withheldCount} · {quest.revokedCount}
                    </Td>
                    <Td className="text-right">
                      <div className="flex flex-wrap justify-end gap-1 sm:flex-nowrap">
                        <Button variant="ghost" size="sm" onClick={() => setReportOf(quest)} aria-label={`Report of ${quest.title}`}>
                          <FileBarChart aria-hidden="true" className="size-4" /> Report
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setEditing({ mode: "edit", quest })} aria-label={`Edit ${quest.title}`}>
                          <Pencil aria-hidden="true" className="size-4" /> Edit
                        </Button>
                        {quest.grantedCount + quest.withheldCount + quest.revokedCount === 0 && (
                          <Button variant="ghost" size="sm" onClick={() => setDeleting(quest)} aria-label={`Delete ${quest.title}`}>
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        )}
                      </div>
                    </Td>
                  </tr>
                )}
              </DataTable>
            )}
          </QueryView>

          {sprintId && (
            <Panel title="Grant settings" className="mt-8">
              <SprintSettings
                key={sprintId}
                sprintId={sprintId}
                current={sprint?.minAccountAgeHours ?? (running?.id === sprintId ? running.minAccountAgeHours : null)}
              />
            </Panel>
          )}

          <Panel title="Suspicious grants" className="mt-8">
            <p className="mb-3 text-sm text-muted">
              Grants whose wallets were linked from the same network (a /24 for IPv4, a /48 for IPv6), and assessments passed in seconds. Check them and revoke
              what is not genuine.
            </p>
            <QueryView query={suspicious} label="Loading suspicious grants…" rows={3}>
              {(rows) => (
                <DataTable
                  label="Suspicious grants"
                  busy={suspicious.loading}
                  columns={["Person", "Quest", "Wallet", "Flags", "When", "Status", { label: "Actions", hidden: true }]}
                  rows={rows}
                  empty="Nothing suspicious in this sprint."
                >
                  {(grant) => (
                    <tr key={grant.id} data-testid="suspicious-row">
                      <Td>
                        <p className="font-semibold text-ink">{grant.name}</p>
                        <p className="break-all text-xs text-muted">{grant.email}</p>
                      </Td>
                      <Td>{grant.questTitle}</Td>
                      <Td>
                        <WalletCell wallet={grant.wallet} />
                      </Td>
                      <Td>
                        <GrantFlags flags={grant.flags} />
                        {grant.network && <p className="mt-1 font-mono text-xs text-muted">{grant.network}</p>}
                      </Td>
                      <Td className="whitespace-nowrap text-xs tabular-nums text-muted">{formatLocalDateTime(grant.at)}</Td>
                      <Td>
                        <GrantStatusBadge status={grant.status} />
                      </Td>
                      <Td className="text-right">
                        {grant.status === "granted" && (
                          <Button variant="ghost" size="sm" onClick={() => setRevoking(grant)} aria-label={`Revoke the grant of ${grant.name}`}>
                            Revoke
                          </Button>
                        )}
                      </Td>
                    </tr>
                  )}
                </DataTable>
              )}
            </QueryView>
          </Panel>
        </>
      )}

      <QuestDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(quest) => {
          toast.success(editing?.mode === "edit" ? "Quest saved" : "Quest created", { description: quest.title });
          setEditing(null);
          quests.reload();
        }}
      />
      <QuestReport quest={reportOf} grants={grants} onClose={() => setReportOf(null)} onRevoke={setRevoking} />
      <RevokeDialog grant={revoking} onClose={() => setRevoking(null)} onRevoked={revoked} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this quest?"
        description={
          <>
            <strong className="text-ink">{deleting?.title}</strong> has no grants; learners stop seeing it at once.
          </>
        }
        confirmLabel="Delete quest"
        onConfirm={confirmDelete}
      />
    </>
  );
}
