import { History, RotateCcw } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { toast } from "sonner";
import { formatLocalDateTime } from "@vestin/shared/format-date";
import { REVISION_PAGE_SIZE, type RevisionKind } from "@vestin/shared/revisions-core";
import type { RevisionSummary } from "@vestin/shared/revisions";
import { Button } from "~/components/ui/button";
import { adminRequest, describeFailure } from "../api/admin-request";
import { ConfirmDialog } from "../components/confirm-dialog";
import { LoadingBlock, Panel, QueryView } from "../components/query-states";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";

// The diff (jsdiff and the HTML-to-Markdown step) loads only when an administrator compares.
const RevisionDiff = lazy(() => import("./revision-diff"));

const PATHS: Record<RevisionKind, string> = { article: "/admin/articles", lesson: "/admin/lessons" };

/**
 * An article's or a lesson's saved revisions: who saved each and when, any two compared side by
 * side, and any earlier one restored (after a confirmation; the restore is saved as a new
 * revision). Closed until the administrator opens it, so the editor loads nothing for it.
 */
export function RevisionHistory({ kind, subjectId, onRestored }: { kind: RevisionKind; subjectId: string; onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Panel
      title="History"
      actions={
        <Button variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <History aria-hidden="true" className="size-4" />
          {open ? "Hide history" : "Show history"}
        </Button>
      }
    >
      {open ? (
        <RevisionList kind={kind} subjectId={subjectId} onRestored={onRestored} />
      ) : (
        <p className="text-sm text-muted">Every save is kept. Open the history to see who changed what, compare two versions, or bring one back.</p>
      )}
    </Panel>
  );
}

function RevisionList({ kind, subjectId, onRestored }: { kind: RevisionKind; subjectId: string; onRestored: () => void }) {
  const basePath = `${PATHS[kind]}/${encodeURIComponent(subjectId)}/revisions`;
  const [page, setPage] = useState(1);
  const list = useAdminQuery<RevisionSummary[]>(`${basePath}?page=${page}&limit=${REVISION_PAGE_SIZE}`);
  const { total, pages } = pageInfo(list.body);
  // The revisions ticked to compare (null: none picked yet, so the two newest).
  const [picked, setPicked] = useState<number[] | null>(null);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const latest = page === 1 ? list.data?.[0]?.number : undefined;
  const newestTwo = page === 1 ? (list.data ?? []).slice(0, 2).map((r) => r.number) : [];
  const compared = (picked ?? newestTwo).toSorted((a, b) => a - b);

  // A third tick replaces the earlier of the two.
  const toggle = (number: number) => setPicked(compared.includes(number) ? compared.filter((n) => n !== number) : [...compared.slice(-1), number]);

  const restore = async () => {
    if (!restoring) return;
    const result = await adminRequest<unknown>(`${basePath}/${restoring.number}/restore`, { method: "POST" });
    if (!result.ok) {
      toast.error("Could not restore the revision", { description: describeFailure(result) });
      return;
    }
    toast.success(`Restored from #${restoring.number}`, { description: "Saved as a new revision." });
    setRestoring(null);
    setPicked(null);
    setPage(1);
    list.reload();
    onRestored();
  };

  return (
    <>
      <QueryView query={list} label="Loading the history…" rows={4}>
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-muted">No revisions yet: the next save keeps the first one.</p>
          ) : (
            <div className="space-y-5">
              <p className="text-sm text-muted">
                {total === 1 ? "1 revision." : `${total.toLocaleString("en-US")} revisions, newest first.`} Tick two to compare them.
              </p>
              <ol className="divide-y divide-line rounded-lg border border-line" aria-label="Revisions">
                {items.map((revision) => {
                  const checked = compared.includes(revision.number);
                  return (
                    <li key={revision.number} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5">
                      <label className="flex min-w-0 basis-full cursor-pointer items-start gap-3 sm:basis-auto sm:flex-1">
                        <input
                          type="checkbox"
                          className="mt-1 size-4 shrink-0 accent-brand-600"
                          checked={checked}
                          onChange={() => toggle(revision.number)}
                          aria-label={`Compare revision #${revision.number}`}
                        />
                        <span className="min-w-0">
                          <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
                            #{revision.number}
                            {revision.number === latest && (
                              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">Current</span>
                            )}
                            {revision.restoredFrom !== null && (
                              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                                Restored from #{revision.restoredFrom}
                              </span>
                            )}
                          </span>
                          <span className="block break-words text-xs text-muted">
                            {formatLocalDateTime(revision.createdAt)} ·{" "}
                            {revision.author ? (
                              <>
                                {revision.author.name || revision.author.email} <span className="[overflow-wrap:anywhere]">({revision.author.email})</span>
                              </>
                            ) : (
                              "no account on file (seeded, or the account was deleted)"
                            )}
                          </span>
                        </span>
                      </label>
                      {revision.number !== latest && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="ml-5 sm:ml-0"
                          onClick={() => setRestoring(revision)}
                          aria-label={`Restore revision #${revision.number}`}
                        >
                          <RotateCcw aria-hidden="true" className="size-4" />
                          Restore
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ol>
              {pages > 1 && (
                <div className="flex items-center justify-between gap-2 text-sm">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    Newer
                  </Button>
                  <span className="text-muted">
                    Page {page} of {pages}
                  </span>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                    Older
                  </Button>
                </div>
              )}
              {compared.length === 2 ? (
                <div>
                  <h3 className="mb-3 text-sm font-semibold text-ink">
                    Changes from #{compared[0]} to #{compared[1]}
                  </h3>
                  <Suspense fallback={<LoadingBlock label="Loading the comparison…" rows={4} />}>
                    <RevisionDiff kind={kind} basePath={basePath} older={compared[0] as number} newer={compared[1] as number} />
                  </Suspense>
                </div>
              ) : (
                items.length > 1 && <p className="text-sm text-muted">Tick a second revision to compare.</p>
              )}
            </div>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title={`Restore revision #${restoring?.number ?? ""}?`}
        description={
          kind === "article"
            ? "Its title, excerpt, category, tags, author, image and body become the article's current content, saved as a new revision. Address, status and publication date stay as they are. Changes not saved in the form are lost."
            : "Its content becomes the lesson's current one, saved as a new revision; the lesson keeps its number. Learners who completed it see it as updated when the title or text changes. Changes not saved in the form are lost."
        }
        confirmLabel="Restore"
        tone="default"
        onConfirm={restore}
      />
    </>
  );
}
