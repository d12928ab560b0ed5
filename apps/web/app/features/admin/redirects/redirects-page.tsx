import { ArrowRight, Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { Redirect } from "@vestin/shared/blog-core";
import { Button } from "~/components/ui/button";
import { describeFailure } from "../api/admin-request";
import { AdminInput } from "../components/admin-fields";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, Pagination, Td } from "../components/data-table";
import { QueryView } from "../components/query-states";
import { fieldError } from "../content/field-errors";
import { pageInfo, useAdminQuery } from "../hooks/use-admin-query";
import { useSearchState } from "../hooks/use-search-state";
import { formatDateTime } from "../leads/lead-types";
import { addRedirect, deleteRedirect, REDIRECTS_PATH } from "./redirects-api";

const PAGE_SIZE = 50;

/** Where a redirect came from, in the team's words. */
const KIND_LABELS: Record<Redirect["kind"], string> = { slug: "Slug change", removed: "Article removed", manual: "Manual" };

/** The form that adds a manual redirect; the server checks every rule again and names the field it refuses. */
function AddRedirectForm({ onAdded }: { onAdded: () => void }) {
  const [fromPath, setFromPath] = useState("");
  const [toPath, setToPath] = useState("");
  const [errors, setErrors] = useState<Record<string, string> | undefined>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await addRedirect({ fromPath, toPath });
      if (!result.ok) {
        setErrors(result.errors ?? { fromPath: describeFailure(result) });
        return;
      }
      setErrors(undefined);
      setFromPath("");
      setToPath("");
      toast.success("Redirect added", { description: `${result.data.fromPath} → ${result.data.toPath ?? "410 Gone"}` });
      onAdded();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-xl border border-line bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-ink">
        Add a redirect
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start">
        <AdminInput
          label="Old path"
          required
          value={fromPath}
          onChange={(e) => setFromPath(e.target.value)}
          placeholder="/old-page"
          hint="A path on this site, starting with /"
          error={fieldError(errors, "fromPath")}
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
        />
        <AdminInput
          label="New path"
          required
          value={toPath}
          onChange={(e) => setToPath(e.target.value)}
          placeholder="/blog/new-slug"
          hint="Where visitors arrive instead (301)"
          error={fieldError(errors, "toPath")}
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" size="sm" className="md:mt-6" disabled={busy}>
          <Plus aria-hidden="true" className="size-4" /> Add redirect
        </Button>
      </form>
    </section>
  );
}

/** /admin/redirects: old paths and where they lead, from slug changes, removed articles and the team's own entries. */
export function RedirectsPage() {
  const { page, setPage } = useSearchState();
  const list = useAdminQuery<Redirect[]>(`${REDIRECTS_PATH}?page=${page}&limit=${PAGE_SIZE}`);
  const info = pageInfo(list.body);
  const [confirm, setConfirm] = useState<Redirect | null>(null);

  const confirmDelete = async () => {
    if (!confirm) return;
    const result = await deleteRedirect(confirm._id);
    if (!result.ok) {
      toast.error("Redirect not deleted", { description: describeFailure(result) });
      return;
    }
    toast.success("Redirect deleted", { description: `${confirm.fromPath} answers 404 from now on.` });
    setConfirm(null);
    list.reload();
  };

  return (
    <>
      <AdminPageTitle
        title="Redirects"
        description="Old addresses that still work. Changing an article's slug adds one here, removing an article makes its address answer “removed” (410), and you can send any old path to a new one."
      />
      <AddRedirectForm onAdded={list.reload} />
      <QueryView query={list} label="Loading redirects…">
        {(redirects) => (
          <>
            <DataTable
              label="Redirects"
              busy={list.loading}
              columns={["Old path", "New path", "Source", "Added", { label: "Actions", hidden: true }]}
              rows={redirects}
              empty="No redirects yet. They appear here when an article's slug changes or an article is removed."
            >
              {(redirect) => (
                <tr key={redirect._id}>
                  <Td>
                    <code className="break-all font-mono text-xs text-ink">{redirect.fromPath}</code>
                  </Td>
                  <Td>
                    {redirect.toPath === null ? (
                      <span className="text-muted">Removed (410 Gone)</span>
                    ) : (
                      <span className="inline-flex items-start gap-1.5">
                        <ArrowRight aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted" />
                        <a href={redirect.toPath} className="break-all font-mono text-xs text-brand-violet hover:underline">
                          {redirect.toPath}
                        </a>
                      </span>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap text-muted">{KIND_LABELS[redirect.kind]}</Td>
                  <Td className="whitespace-nowrap tabular-nums text-muted">{formatDateTime(redirect.createdAt)}</Td>
                  <Td className="text-right">
                    <Button variant="ghost" size="sm" onClick={() => setConfirm(redirect)} aria-label={`Delete the redirect from ${redirect.fromPath}`}>
                      <Trash2 aria-hidden="true" className="size-4" /> Delete
                    </Button>
                  </Td>
                </tr>
              )}
            </DataTable>
            <Pagination {...info} page={page} limit={PAGE_SIZE} noun="redirects" onPage={setPage} />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete this redirect?"
        description={
          <>
            <strong className="break-all text-ink">{confirm?.fromPath}</strong> will answer “page not found” from now on.
          </>
        }
        confirmLabel="Delete redirect"
        onConfirm={confirmDelete}
      />
    </>
  );
}
