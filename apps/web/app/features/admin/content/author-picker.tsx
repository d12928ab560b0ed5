import { ArrowDown, ArrowUp, X } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { MAX_ARTICLE_AUTHORS } from "@vestin/shared/authors-core";
import type { AdminAuthor } from "@vestin/shared/authors";
import { AuthorPhoto } from "~/features/blog";
import { cn } from "~/lib/cn";
import { adminControlClasses, FieldError, RequiredMark } from "../components/admin-fields";
import { useAdminQuery } from "../hooks/use-admin-query";

/**
 * An article's authors, in byline order: the chosen ones as a list that can be reordered and
 * trimmed, and a menu of the others to add (authors are managed under /admin/authors).
 * `value` is the chosen ids, in order.
 */
export function AuthorPicker({
  value,
  onChange,
  error,
  className,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  className?: string;
}) {
  const authors = useAdminQuery<AdminAuthor[]>("/admin/authors");
  const byId = new Map((authors.data ?? []).map((a) => [a._id, a]));
  const others = (authors.data ?? []).filter((a) => !value.includes(a._id));
  const selectId = useId();
  const errorId = useId();
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [id] = next.splice(index, 1);
    if (id) next.splice(index + by, 0, id);
    onChange(next);
  };

  return (
    // min-w-0 here and on each row: a long name is cut with an ellipsis instead of widening the form.
    <div className={cn("min-w-0", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          Authors <RequiredMark />
        </label>
        <Link to="/admin/authors" className="text-xs font-medium text-brand-violet hover:underline">
          Manage authors
        </Link>
      </div>
      {value.length > 0 && (
        <ol className="mt-2 grid gap-2" aria-label="Chosen authors, in byline order">
          {value.map((id, index) => {
            const author = byId.get(id);
            const name = author?.name ?? "Unknown author";
            return (
              <li key={id} className="flex min-w-0 items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2">
                <AuthorPhoto name={name} photoUrl={author?.photoSmallUrl || author?.photoUrl || ""} />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{name}</span>
                <span className="flex shrink-0 items-center">
                  <button
                    type="button"
                    className="rounded p-1.5 text-muted hover:bg-white hover:text-ink disabled:opacity-30"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${name} up`}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1.5 text-muted hover:bg-white hover:text-ink disabled:opacity-30"
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${name} down`}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1.5 text-muted hover:bg-white hover:text-danger"
                    onClick={() => onChange(value.filter((v) => v !== id))}
                    aria-label={`Remove ${name}`}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <select
        id={selectId}
        className={cn(adminControlClasses, "mt-2 h-10 pr-8")}
        value=""
        disabled={authors.loading || value.length >= MAX_ARTICLE_AUTHORS || others.length === 0}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => event.target.value && onChange([...value, event.target.value])}
      >
        <option value="">
          {authors.loading
            ? "Loading authors…"
            : value.length >= MAX_ARTICLE_AUTHORS
              ? `At most ${MAX_ARTICLE_AUTHORS} authors`
              : others.length === 0
                ? "Every author is chosen"
                : value.length
                  ? "Add another author…"
                  : "Choose an author…"}
        </option>
        {others.map((a) => (
          <option key={a._id} value={a._id}>
            {a.name}
          </option>
        ))}
      </select>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
