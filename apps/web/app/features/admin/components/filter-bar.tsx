import { Download, FilterX } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { AdminSelect } from "./admin-fields";

/**
 * The filters above a list, as a search landmark. Filters apply as they change; Enter runs
 * `onSubmit` (a search box that commits at once) and never reloads the page. `boxed` draws the
 * bar as a card (off inside a panel).
 */
export function FilterBar({
  label,
  className,
  boxed = true,
  onSubmit,
  children,
}: {
  label: string;
  className?: string;
  boxed?: boolean;
  onSubmit?: () => void;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={cn(boxed && "rounded-xl border border-line bg-white p-3", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      {children}
    </form>
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

type DownloadResult = { ok: true; fileName: string } | { ok: false; message: string };

/** Downloads the list, as filtered, as a CSV file; a toast says where it went or why it failed. */
export function ExportCsvButton({ download }: { download: () => Promise<DownloadResult> }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    let result: DownloadResult;
    try {
      result = await download();
    } catch {
      result = { ok: false, message: "The download stopped before the file arrived. Try again." };
    } finally {
      setExporting(false);
    }
    if (result.ok) toast.success("Export ready", { description: `${result.fileName} is in your downloads.` });
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
