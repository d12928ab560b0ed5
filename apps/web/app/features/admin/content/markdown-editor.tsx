import { FileInput } from "lucide-react";
import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { IMAGE_ALT_PLACEHOLDER } from "@vestin/shared/blog-core";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { safeHtml } from "~/lib/safe-html";
import { adminControlClasses } from "../components/admin-fields";
import { ImageUploadButton } from "./image-upload-button";
import { markdownPreviewHtml } from "./markdown-preview";
import { useDebouncedValue } from "../hooks/use-debounced-value";

type MarkdownEditorProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The body as stored now (HTML); previewed while the Markdown box is empty. */
  currentHtml?: string | undefined;
  error?: string | undefined;
  rows?: number;
};

/**
 * A Markdown box with a live, sanitized preview: side by side on wide screens, Write / Preview
 * switches on narrow ones. Uploaded images go in as ![alt](url) with the alt text selected, ready
 * to be typed over.
 */
export function MarkdownEditor({ label, value, onChange, currentHtml, error, rows = 18 }: MarkdownEditorProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [pane, setPane] = useState<"write" | "preview">("write");
  const settled = useDebouncedValue(value, 150);
  const replacing = value.trim().length > 0;
  const previewHtml = useMemo(() => (settled.trim() ? markdownPreviewHtml(settled) : currentHtml ? safeHtml(currentHtml) : ""), [settled, currentHtml]);

  // The caret or selection to set once the box holds an inserted text: setting the value moves the
  // caret to the end, so it is placed after React has written the new value, not before.
  const pendingSelection = useRef<[start: number, end: number] | null>(null);
  useLayoutEffect(() => {
    const el = area.current;
    const selection = pendingSelection.current;
    if (!el || !selection || el.value !== value) return;
    pendingSelection.current = null;
    el.focus();
    el.setSelectionRange(selection[0], selection[1]);
  }, [value]);

  const insertAtCursor = (text: string, select?: [start: number, end: number]) => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const before = value.slice(0, start);
    const spacer = before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : "";
    const next = `${before}${spacer}${text}\n\n${value.slice(end).replace(/^\n+/, "")}`;
    const offset = before.length + spacer.length;
    pendingSelection.current = select ? [offset + select[0], offset + select[1]] : [offset + text.length, offset + text.length];
    onChange(next);
    setPane("write");
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const paneButton = (name: "write" | "preview", text: string) => (
    <button
      type="button"
      aria-pressed={pane === name}
      onClick={() => setPane(name)}
      className={cn("rounded-md px-3 py-1 text-sm font-medium", pane === name ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink")}
    >
      {text}
    </button>
  );

  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          {currentHtml && !replacing && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void import("./html-to-markdown").then(({ htmlToMarkdown }) => onChange(htmlToMarkdown(currentHtml)))}
            >
              <FileInput aria-hidden="true" className="size-4" /> Edit current text as Markdown
            </Button>
          )}
          <ImageUploadButton
            label="Insert image"
            onUploaded={(image) => insertAtCursor(`![${IMAGE_ALT_PLACEHOLDER}](${image.url})`, [2, 2 + IMAGE_ALT_PLACEHOLDER.length])}
          />
          <div className="inline-flex rounded-lg bg-slate-100 p-0.5 xl:hidden" role="group" aria-label="Editor view">
            {paneButton("write", "Write")}
            {paneButton("preview", "Preview")}
          </div>
        </div>
      </div>
      <p id={hintId} className="mb-2 text-xs leading-relaxed text-muted">
        {currentHtml
          ? replacing
            ? "Saving replaces the whole current body with this Markdown. Empty the box to keep the current body."
            : "The current body is shown in the preview. Leave this box empty to keep it, or write Markdown (or load the current text) to replace the body when you save."
          : "Markdown: ## headings, **bold**, *italic*, - lists, > quotes, [links](https://…), ![images](…). It is rendered and sanitized on save."}
      </p>
      <div className="grid gap-3 xl:grid-cols-2">
        <div className={cn(pane === "preview" && "hidden xl:block")}>
          <textarea
            ref={area}
            id={id}
            rows={rows}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            spellCheck
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
            placeholder={currentHtml ? "Leave empty to keep the current body" : "## A heading\n\nWrite the text here…"}
            className={cn(adminControlClasses, "min-h-80 resize-y py-3 font-mono text-sm leading-relaxed sm:text-[13px] xl:h-[40rem]")}
          />
        </div>
        <section
          aria-label="Preview"
          className={cn("min-h-80 overflow-auto rounded-lg border border-line bg-white p-4 sm:p-6 xl:h-[40rem]", pane === "write" && "hidden xl:block")}
        >
          <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted">Preview{currentHtml && !replacing ? " · current body" : ""}</p>
          {previewHtml ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: previewHtml comes from safeHtml() (markdownPreviewHtml or the stored body), the site's sanitizer allowlist.
            <div className="prose-article" dangerouslySetInnerHTML={{ __html: previewHtml }} />
          ) : (
            <p className="text-sm text-muted">Nothing to preview yet.</p>
          )}
        </section>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
