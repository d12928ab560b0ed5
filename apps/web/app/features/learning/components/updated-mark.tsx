import { RefreshCw } from "lucide-react";
import { formatLocalDate } from "@vestin/shared/format-date";
import { UPDATED_LESSON_LABEL } from "@vestin/shared/revisions-core";
import { cn } from "~/lib/cn";

/**
 * "Updated": the learner completed this lesson and its title or text changed since. It stays
 * while that is so; opening the lesson does not clear it.
 */
export function UpdatedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-200",
        className,
      )}
      data-testid="updated-badge"
    >
      <RefreshCw aria-hidden="true" className="size-3" />
      {UPDATED_LESSON_LABEL}
    </span>
  );
}

/** The lesson page's note to a learner who completed it before its content changed. */
export function UpdatedNotice({ completedAt }: { completedAt: string | null }) {
  return (
    <p
      className="mt-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      role="note"
      data-testid="updated-notice"
    >
      <RefreshCw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Updated since you completed it{completedAt ? ` on ${formatLocalDate(completedAt)}` : ""}. Your completion still counts; read it again to see what
        changed.
      </span>
    </p>
  );
}
