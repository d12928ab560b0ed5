import { ChevronDown, Download, FilterX, SlidersHorizontal } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import type { ApiResult } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { AdminSelect } from "./admin-fields";

/**
 * The filters above a list, as a search landmark. Filters apply as they change; Enter runs
 * `onSubmit` (a search box that commits at once) and never reloads the page. `boxed` draws the
 * bar as a card (off inside a panel). `collapsible`: on phones the filters fold behind a
 * "Filters" button (saying how many are set) so the first screen shows the list itself; from
 * `sm` up they are always shown.
 */
export function FilterBar({
  label,
  className,
  boxed = true,
  onSubmit,
  collapsible,
  children,
}: {
  label: string;
  className?: string;
  boxed?: boolean;
  onSubmit?: () => void;
  collapsible?: { active: number };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const form = (
    <form
      id={formId}
      role="search"
      aria-label={label}
      className={cn(boxed && "rounded-xl border border-line bg-white p-3", collapsible && !open && "max-sm:hidden", collapsible && "max-sm:mt-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      {children}
    </form>
  );
  if (!collapsible) return form;
  return (
    <div>
      <Button size="sm" variant="outline" className="sm:hidden" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((value) => !value)}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {collapsible.active > 0 ? `Filters (${collapsible.active} set)` : "Filters"}
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-180")} />
      </Button>
      {form}
    </div>
  );
}

/** Empties every filter of a list. */
export function ClearFiltersButton({ className, onClick }: { className: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" className={className} onClick={onClick}>
      <FilterX aria-hidden="true" className="size-4" /> Clear filters
    </Button>
  );
}

/** Downloads the list, as filtered, as a CSV file; a toast says where it went or why it failed. */
export function ExportCsvButton({ download }: { download: () => Promise<ApiResult<string>> }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    let result: ApiResult<string>;
    try {
      result = await download();
    } catch {
      result = { ok: false, status: 0, message: "The download stopped before the file arrived. Try again." };
    } finally {
      setExporting(false);
    }
    if (result.ok) toast.success("Export ready", { description: `${result.data} is in your downloads.` });
    else toast.error("Export failed", { description: result.message });
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
      <Download aria-hidden="true" className="size-4" /> {exporting ? "Preparing…" : "Export CSV"}
    </Button>
  );
}

/** One filter as a select: `any` (no filter) first, then an option per value. */
export function FilterSelect<T extends string>({
  label,
  value,
  any,
  options,
  optionLabel,
  onChange,
  wrapperClassName,
}: {
  label: string;
  value: string;
  any: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: string) => void;
  wrapperClassName?: string;
}) {
  return (
    <AdminSelect wrapperClassName={wrapperClassName} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </AdminSelect>
  );
}
