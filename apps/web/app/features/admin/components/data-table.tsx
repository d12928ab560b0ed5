import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/**
 * A table that scrolls sideways on small screens. The scroll box is focusable and labelled so a
 * keyboard user can scroll it too.
 */
export function TableFrame({ label, children, busy, className }: { label: string; children: ReactNode; busy?: boolean; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={cn("relative overflow-x-auto rounded-xl border border-line bg-white transition-opacity", busy && "opacity-60", className)}
    >
      <table className="w-full min-w-[640px] border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

export const thClasses = "border-b border-line bg-surface px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted whitespace-nowrap";
export const tdClasses = "border-b border-line px-3 py-2.5 align-top text-ink";

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn(thClasses, className)} {...props} />;
}

export type SortOrder = "asc" | "desc";

/** A column header that sorts the table: a button inside the th, aria-sort on the th. */
export function SortableTh({
  column,
  label,
  sort,
  order,
  onSort,
  className,
}: {
  column: string;
  label: string;
  sort: string;
  order: SortOrder;
  onSort: (column: string, order: SortOrder) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : order === "asc" ? ArrowUp : ArrowDown;
  const next: SortOrder = active ? (order === "asc" ? "desc" : "asc") : column === "created_at" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"} className={cn(thClasses, "p-0", className)}>
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className={cn(
          "inline-flex w-full items-center gap-1.5 px-3 py-2.5 text-left uppercase tracking-wide hover:text-ink focus-visible:outline-offset-[-2px]",
          active && "text-ink",
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5 shrink-0", !active && "opacity-50")} />
        <span className="sr-only">{active ? `, sorted ${order === "asc" ? "ascending" : "descending"}. Activate to reverse.` : ", activate to sort"}</span>
      </button>
    </th>
  );
}

/** A body cell. */
export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn(tdClasses, className)} {...props} />;
}

/** A column of a DataTable: its header text, or the text and the header cell's classes (`hidden`: for screen readers only). */
export type Column = string | { label: string; className?: string; hidden?: boolean };

/**
 * A list as a table: the scrolling frame, one header row, then a row per item drawn by `children`,
 * or the `empty` message across the table when there are none.
 */
export function DataTable<T>({
  label,
  busy,
  className,
  caption,
  columns,
  rows,
  empty,
  children,
}: {
  label: string;
  busy?: boolean;
  className?: string;
  caption?: string;
  columns: Column[];
  rows: T[];
  empty: ReactNode;
  children: (row: T) => ReactNode;
}) {
  return (
    <TableFrame label={label} busy={busy} className={className}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => {
            const { label: text, className: thClassName, hidden } = typeof column === "string" ? { label: column } : column;
            return (
              <Th key={text} className={thClassName}>
                {hidden ? <span className="sr-only">{text}</span> : text}
              </Th>
            );
          })}
        </tr>
      </thead>
      <tbody>{rows.length === 0 ? <EmptyRow columns={columns.length}>{empty}</EmptyRow> : rows.map(children)}</tbody>
    </TableFrame>
  );
}

/** A row with no data: one cell spanning the table. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-10 text-center text-sm text-muted">
        {children}
      </td>
    </tr>
  );
}

/** "Showing 1–25 of 120" with previous and next page buttons. */
export function Pagination({
  page,
  pages,
  total,
  limit,
  onPage,
  noun = "items",
}: {
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  noun?: string;
}) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const button =
    "inline-flex h-9 items-center gap-1 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label="Pagination" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p aria-live="polite">{total === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${total.toLocaleString("en-US")} ${noun}`}</p>
      <div className="flex items-center gap-2">
        <button type="button" className={button} onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </button>
        <span className="tabular-nums">
          Page {Math.min(page, Math.max(pages, 1))} of {Math.max(pages, 1)}
        </span>
        <button type="button" className={button} onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
