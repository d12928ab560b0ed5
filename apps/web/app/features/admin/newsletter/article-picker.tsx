import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { articleListPath, type AdminArticleSummary } from "../api/content-api";
import { AdminInput } from "../components/admin-fields";
import { LoadError } from "../components/query-states";
import { useAdminQuery } from "../hooks/use-admin-query";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { formatDate } from "../leads/lead-types";

export type PickedArticle = { id: string; title: string };

/** Chooses the published article a campaign sends: a search box and the matching articles as radio buttons. */
export function ArticlePicker({
  picked,
  onPick,
  error,
}: {
  picked: PickedArticle | null;
  onPick: (article: PickedArticle) => void;
  error?: string | undefined;
}) {
  const [choosing, setChoosing] = useState(picked === null);
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search, 300);
  const list = useAdminQuery<AdminArticleSummary[]>(choosing ? articleListPath({ status: "published", search: settled.trim() || undefined, limit: 8 }) : null);
  const name = useId();
  const errorId = `${name}-error`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">
        Article
        <span aria-hidden="true" className="text-danger">
          {" "}
          *
        </span>
      </legend>
      {picked && !choosing ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 py-2.5">
          <p className="min-w-0 text-sm font-medium text-ink">{picked.title}</p>
          <Button size="sm" variant="outline" onClick={() => setChoosing(true)}>
            Change article
          </Button>
        </div>
      ) : (
        <div className="space-y-3 rounded-lg border border-line p-3">
          <div className="relative">
            {/* Enter must not submit the campaign form: the list follows typing anyway. */}
            <AdminInput
              label="Search published articles"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
              placeholder="Title or words from it"
              className="pl-9"
            />
            <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted" />
          </div>
          {list.error && <LoadError message={list.error} status={list.status} onRetry={list.reload} />}
          {list.data && list.data.length === 0 && (
            <p className="py-3 text-center text-sm text-muted">{settled.trim() ? "No published article matches." : "No published articles yet."}</p>
          )}
          {list.data && list.data.length > 0 && (
            <ul className="max-h-72 space-y-1.5 overflow-y-auto" aria-busy={list.loading || undefined}>
              {list.data.map((article) => (
                <li key={article._id}>
                  <label className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-line px-3 py-2 text-sm hover:bg-surface has-[:checked]:border-brand-violet/40 has-[:checked]:bg-brand-violet/5">
                    <input
                      type="radio"
                      name={name}
                      value={article._id}
                      className="mt-0.5 size-4 shrink-0 accent-brand-violet"
                      checked={picked?.id === article._id}
                      onChange={() => {
                        onPick({ id: article._id, title: article.title });
                        setChoosing(false);
                      }}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-ink">{article.title}</span>
                      <span className="block text-xs text-muted">
                        {article.category} · {formatDate(article.publishedAt)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {!list.data && !list.error && <p className="py-3 text-center text-sm text-muted">Loading articles…</p>}
          {picked && (
            <Button size="sm" variant="ghost" onClick={() => setChoosing(false)}>
              Keep “{picked.title}”
            </Button>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
