import { Save, Trash2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { cn } from "~/lib/cn";

/**
 * Where an editor's save bar sits: pinned to the bottom of the page across the content's full
 * width, closing the panel it belongs to, or pinned as a card inside a section of a page.
 */
const BAR_PLACEMENTS = {
  page: {
    bar: "sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8",
    actions: "ml-auto flex flex-wrap items-center justify-end gap-2",
  },
  panel: {
    bar: "mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4",
    actions: "ml-auto flex flex-wrap items-center justify-end gap-2",
  },
  card: {
    bar: "sticky bottom-0 z-10 -mx-1 flex items-center justify-between gap-2 rounded-xl border border-line bg-white/95 py-2 pr-2 pl-3 shadow-card backdrop-blur-sm sm:gap-3 sm:px-4 sm:py-3",
    actions: "ml-auto flex shrink-0 items-center gap-1 sm:gap-2",
  },
} as const;

/**
 * An editor's save (or publish) bar: on the left what the record's state is (the Published
 * switch, "Unsaved changes"), on the right the actions, the submit button last.
 */
export function EditorBar({ placement = "page", status, children }: { placement?: keyof typeof BAR_PLACEMENTS; status?: ReactNode; children: ReactNode }) {
  const { bar, actions } = BAR_PLACEMENTS[placement];
  return (
    <div className={bar}>
      {status}
      <div className={actions}>{children}</div>
    </div>
  );
}

/** The form's submit button; it reads "Saving…" while `saving`. */
export function SaveButton({
  saving,
  disabled,
  className,
  children,
}: {
  saving?: boolean;
  /** Defaults to `saving`. */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="sm" variant="secondary" className={className} disabled={disabled ?? saving}>
      <Save aria-hidden="true" className="size-4" /> {saving ? "Saving…" : children}
    </Button>
  );
}

/** Asks to delete the record being edited (the confirmation dialog does the rest). */
export function DeleteButton({ className, children, ...props }: Omit<ComponentProps<typeof Button>, "variant" | "size">) {
  return (
    <Button variant="ghost" size="sm" className={cn("text-danger hover:bg-danger-bg", className)} {...props}>
      <Trash2 aria-hidden="true" className="size-4" /> {children}
    </Button>
  );
}

/** Why the last save did not go through, with the server's field errors the form has no place for. */
export function FormErrorNotice({ message, details }: { message: string | null; details: string[] }) {
  if (!message) return null;
  return (
    <Notice tone="danger" className="mb-4">
      <p>{message}</p>
      {details.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {details.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
