import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { authorPath } from "@vestin/shared/authors-core";
import type { AdminAuthor } from "@vestin/shared/authors";
import { Button } from "~/components/ui/button";
import { AuthorPhoto } from "~/features/blog";
import { describeFailure } from "../api/admin-request";
import { AdminPageTitle } from "../components/admin-page-title";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DataTable, Td } from "../components/data-table";
import { QueryView } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { AuthorForm } from "./author-form";
import { AUTHORS_PATH, deleteAuthor } from "./authors-api";

/** /admin/authors: the people who write the blog, their profiles and photos, and the accounts they are. */
export function AuthorsPage() {
  const list = useAdminQuery<AdminAuthor[]>(AUTHORS_PATH);
  // null: no form open; "new": adding; an author: editing them.
  const [editing, setEditing] = useState<AdminAuthor | "new" | null>(null);
  const [confirm, setConfirm] = useState<AdminAuthor | null>(null);

  const confirmDelete = async () => {
    if (!confirm) return;
    const result = await deleteAuthor(confirm._id);
    if (!result.ok) {
      toast.error("Author not deleted", { description: describeFailure(result) });
      setConfirm(null);
      return;
    }
    toast.success("Author deleted", { description: confirm.name });
    setConfirm(null);
    list.reload();
  };

  return (
    <>
      <AdminPageTitle
        title="Authors"
        description="The people who write the blog. Each has a public page with their bio, links and articles; pick them in the article editor."
        actions={
          editing === null && (
            <Button size="sm" onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" className="size-4" /> Add author
            </Button>
          )
        }
      />
      {editing !== null && (
        <AuthorForm
          key={editing === "new" ? "new" : editing._id}
          author={editing === "new" ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <QueryView query={list} label="Loading authors…">
        {(authors) => (
          <DataTable
            label="Authors"
            busy={list.loading}
            columns={["Author", "Articles", "Account", "Links", { label: "Actions", hidden: true }]}
            rows={authors}
            empty="No authors yet. Add the first one, or save an article with an author's name."
          >
            {(author) => (
              <tr key={author._id}>
                <Td>
                  <span className="flex items-center gap-3">
                    <AuthorPhoto name={author.name} photoUrl={author.photoSmallUrl || author.photoUrl} />
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink">{author.name}</span>
                      <a
                        href={authorPath(author.slug)}
                        className="inline-flex items-center gap-1 break-all font-mono text-xs text-brand-violet hover:underline"
                      >
                        {authorPath(author.slug)} <ExternalLink aria-hidden="true" className="size-3" />
                      </a>
                    </span>
                  </span>
                </Td>
                <Td className="tabular-nums">{author.articleCount}</Td>
                <Td className="break-all text-muted">{author.accountEmail ?? "—"}</Td>
                <Td className="text-muted">{Object.keys(author.links).length || "—"}</Td>
                <Td className="whitespace-nowrap text-right">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(author)} aria-label={`Edit ${author.name}`}>
                    <Pencil aria-hidden="true" className="size-4" /> Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirm(author)} aria-label={`Delete ${author.name}`}>
                    <Trash2 aria-hidden="true" className="size-4" /> Delete
                  </Button>
                </Td>
              </tr>
            )}
          </DataTable>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete ${confirm?.name ?? "this author"}?`}
        description={
          confirm && confirm.articleCount > 0
            ? `${confirm.name} is on ${confirm.articleCount} article${confirm.articleCount === 1 ? "" : "s"}: give them another author first. Deleting will be refused.`
            : "Their page will answer “not found” from now on."
        }
        confirmLabel="Delete author"
        onConfirm={confirmDelete}
      />
    </>
  );
}
