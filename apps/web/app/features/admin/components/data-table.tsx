import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import {
  Children,
  cloneElement,
  isValidElement,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from "react";
import { cn } from "~/lib/cn";

/*
 * Console tables stack on phones: below the `sm` breakpoint every row is a card and every cell a
 * line of it, its column's name (the cell's data-label) in a column of its own at the left; a cell without a label
 * (a row's actions) takes the card's whole width. From `sm` up they are ordinary tables that scroll
 * sideways inside their frame when they must. The explicit roles keep the table's meaning for
 * screen readers when the stacked rows are no longer displayed as a table.
 */
/**
 * The table roles, written out: rows displayed as blocks lose their implicit roles in some
 * browsers, so the elements state them. Spread from here because the linter takes a role equal
 * to the element's own for a mistake, which it is not here.
 */
const ROLE = {
  table: { role: "table" },
  rowgroup: { role: "rowgroup" },
  row: { role: "row" },
  columnheader: { role: "columnheader" },
  cell: { role: "cell" },
  rowheader: { role: "rowheader" },
} as const;

const stackTable = "max-sm:block sm:min-w-[640px]";
const stackHead = "max-sm:block max-sm:[&>tr]:flex max-sm:[&>tr]:flex-wrap max-sm:[&>tr]:gap-2 max-sm:[&>tr]:has-[button]:mb-3";
const stackBody = "max-sm:block max-sm:space-y-3";
/** A body row as a card on phones. */
export const trClasses = "max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-line max-sm:bg-white max-sm:p-3 max-sm:shadow-xs";
const stackCell =
  "max-sm:relative max-sm:block max-sm:border-0 max-sm:py-1 max-sm:pr-0 max-sm:pl-32 max-sm:text-left max-sm:whitespace-normal max-sm:[&>*]:max-w-full max-sm:[&:not([data-label])]:pl-0 " +
  "max-sm:before:absolute max-sm:before:top-1 max-sm:before:left-0 max-sm:before:w-28 max-sm:before:text-xs max-sm:before:leading-5 max-sm:before:font-semibold max-sm:before:text-muted max-sm:before:content-[attr(data-label)]";

/**
 * A table in a frame that scrolls sideways from `sm` up, with its rows stacked as cards on phones.
 * The scroll box is focusable and labelled so a keyboard user can scroll it too.
 */
export function TableFrame({ label, children, busy, className }: { label: string; children: ReactNode; busy?: boolean; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={cn(
        "relative transition-opacity sm:scroll-shadow-x sm:overflow-x-auto sm:rounded-xl sm:border sm:border-line focus-visible:outline-2 focus-visible:outline-offset-2",
        busy && "opacity-60",
        className,
      )}
    >
      <table {...ROLE.table} className={cn("w-full border-collapse text-left text-sm", stackTable)}>
        {children}
      </table>
    </div>
  );
}

/** The header rows: on phones the sortable columns stay as a row of sort buttons, the others are read by screen readers only. */
export function THead({ children }: { children: ReactNode }) {
  return (
    <thead {...ROLE.rowgroup} className={stackHead}>
      {children}
    </thead>
  );
}

/** The row of column headers. */
export function HeadRow({ children }: { children: ReactNode }) {
  return <tr {...ROLE.row}>{children}</tr>;
}

/** The body rows (cards on phones). */
export function TBody({ children }: { children: ReactNode }) {
  return (
    <tbody {...ROLE.rowgroup} className={stackBody}>
      {children}
    </tbody>
  );
}

/** A body row: a card on phones. */
export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...ROLE.row} className={cn(trClasses, className)} {...props} />;
}

/** Header cells: long names wrap onto two lines rather than widen a table of many columns. */
export const thClasses = "border-b border-line bg-surface px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted";
export const tdClasses = cn("border-b border-line px-3 py-2.5 align-top text-ink", stackCell);

/** A column header; on phones, where rows are cards that name their fields, for screen readers only. */
export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...ROLE.columnheader} className={cn(thClasses, "max-sm:sr-only", className)} {...props} />;
}

export type SortOrder = "asc" | "desc";

/** A column header that sorts the table: a button inside the th, aria-sort on the th; on phones, a sort button above the cards. */
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
    <th
      scope="col"
      {...ROLE.columnheader}
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}
      className={cn(thClasses, "p-0 max-sm:rounded-full max-sm:border max-sm:bg-white max-sm:px-0 max-sm:py-0", active && "max-sm:border-navy-900", className)}
    >
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className={cn(
          "inline-flex w-full items-center gap-1.5 px-3 py-2.5 text-left uppercase tracking-wide hover:text-ink focus-visible:outline-offset-[-2px] max-sm:h-8 max-sm:rounded-full max-sm:py-0",
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

/** A body cell; `label` names it on a phone's card (DataTable gives each cell its column's). */
export function Td({ className, label, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return <td {...ROLE.cell} data-label={label || undefined} className={cn(tdClasses, className)} {...props} />;
}

/** The cell that names its row (a screen reader says it with every other cell of the row); drawn like a Td. */
export function RowTh({ className, label, ...props }: ThHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return <th scope="row" {...ROLE.rowheader} data-label={label || undefined} className={cn(tdClasses, "text-left", className)} {...props} />;
}

/**
 * A column of a DataTable: its header text, or the text and the header cell's classes (`hidden`:
 * for screen readers only, and unnamed on a phone's card, as a row's actions are).
 */
export type Column = string | { label: string; className?: string; hidden?: boolean };

const columnOf = (column: Column) => (typeof column === "string" ? { label: column } : column);

/** A row as `children` drew it, its cells named after their columns and the row drawn as a card on phones. */
function labelledRow(row: ReactNode, columns: Column[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode; className?: string }>(row)) return row;
  const cells = Children.toArray(row.props.children).map((cell, index) => {
    const column = columns[index] && columnOf(columns[index]);
    if (!isValidElement<{ label?: string }>(cell) || !column || column.hidden || cell.props.label !== undefined) return cell;
    return cloneElement(cell as ReactElement<{ label?: string }>, { label: column.label });
  });
  return cloneElement(row, { ...ROLE.row, className: cn(trClasses, row.props.className) } as object, ...cells);
}

/**
 * A list as a table: the scrolling frame, one header row, then a row per item drawn by `children`
 * (a `<tr>` of `Td`s, one per column), or the `empty` message across the table when there are
 * none. On phones each row is a card whose cells are named after their columns.
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
      <THead>
        <HeadRow>
          {columns.map((column) => {
            const { label: text, className: thClassName, hidden } = columnOf(column);
            return (
              <Th key={text} className={thClassName}>
                {hidden ? <span className="sr-only">{text}</span> : text}
              </Th>
            );
          })}
        </HeadRow>
      </THead>
      <TBody>{rows.length === 0 ? <EmptyRow columns={columns.length}>{empty}</EmptyRow> : rows.map((row) => labelledRow(children(row), columns))}</TBody>
    </TableFrame>
  );
}

/** A row with no data: one cell spanning the table. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr {...ROLE.row} className="max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-line max-sm:bg-white">
      <td {...ROLE.cell} colSpan={columns} className="px-3 py-10 text-center text-sm text-muted max-sm:block">
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
