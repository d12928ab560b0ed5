import { FileUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { ImportAnswer } from "@vestin/shared/newsletter";
import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from "@vestin/shared/newsletter-core";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import { AdminTextarea } from "../components/admin-fields";
import { FormDialog } from "../components/form-dialog";
import { importSubscribers } from "./newsletter-api";

type Errors = { csv?: string | undefined; consentSource?: string | undefined; form?: string | undefined };

const EMPTY = { csv: "", consentSource: "" };

const CONSENT_MIN = 10;
const UNREADABLE_FILE = "The file could not be read. Choose it again, or paste its text below.";
const n = (value: number) => value.toLocaleString("en-US");

/**
 * Imports addresses from a CSV file or pasted text. The consent source is required: the server
 * keeps it in each consent record and sends every new address the double opt-in e-mail, so no one
 * is subscribed until they confirm. A bad line stops the whole import, and the server names it.
 */
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (answer: ImportAnswer) => void;
}) {
  const form = useApiForm({ defaultValues: EMPTY });
  const { reset, showErrors } = form;
  const { csv, consentSource } = form.values;
  const errors = form.errors as Errors;
  const [fileName, setFileName] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    setFileName(null);
    setAnswer(null);
  }, [open, reset]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 1_000_000) {
      showErrors({ ...errors, csv: NEWSLETTER_MESSAGES.importTooLarge });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      showErrors({ ...errors, csv: UNREADABLE_FILE });
      return;
    }
    form.set("csv", text);
    setFileName(file.name);
    showErrors({ ...errors, csv: undefined, form: undefined });
    setAnswer(null);
  };

  const send = async (values: typeof EMPTY) => {
    const local: Errors = {};
    if (!values.csv.trim()) local.csv = NEWSLETTER_MESSAGES.importEmpty;
    if (values.consentSource.trim().length < CONSENT_MIN) local.consentSource = NEWSLETTER_MESSAGES.importConsentRequired;
    showErrors(local);
    setAnswer(null);
    if (local.csv || local.consentSource) return;
    const result = await importSubscribers({ csv: values.csv, consentSource: values.consentSource.trim() });
    if (!result.ok) {
      const fieldErrors = result.errors ?? {};
      const message = describeFailure(result);
      showErrors({
        csv: fieldErrors.csv,
        consentSource: fieldErrors.consentSource,
        // The server names the bad line in its message and on the csv field: the field shows it.
        form: fieldErrors.csv && fieldErrors.csv === message ? "The file was refused. Correct the line named below and import again." : message,
      });
      return;
    }
    setAnswer(result.data);
    onImported(result.data);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      send={send}
      title="Import subscribers"
      description="Each new address gets the confirmation e-mail and receives the newsletter only after opening its link. Addresses already subscribed are skipped."
      cancelLabel={answer ? "Done" : "Cancel"}
      submitLabel={form.busy ? "Importing…" : "Import addresses"}
    >
      {answer && (
        <Notice tone="success">
          <p>
            <strong>
              {n(answer.imported)} {answer.imported === 1 ? "address" : "addresses"} imported
            </strong>
            {answer.imported > 0 && ", each sent the confirmation e-mail"}. {n(answer.skipped)} skipped (already subscribed, pending or repeated in the file).
          </p>
        </Notice>
      )}
      <div>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <p id={`${fileId}-name`} className="text-sm text-muted" aria-live="polite">
            {fileName ? `Loaded ${fileName}: check or edit its text below.` : "Choose a file, or paste the text below."}
          </p>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-label="CSV file"
            // The button below opens it; hidden inputs still open the file chooser on click().
            hidden
            tabIndex={-1}
            onChange={(event) => {
              void readFile(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
          <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()} aria-describedby={`${fileId}-name`}>
            <FileUp aria-hidden="true" className="size-4" /> Choose a CSV file
          </Button>
        </div>
        <AdminTextarea
          label="CSV text"
          required
          rows={7}
          value={csv}
          onChange={(event) => {
            form.set("csv", event.target.value);
            setAnswer(null);
          }}
          spellCheck={false}
          className="font-mono sm:text-[13px]"
          placeholder={"email\nada@example.com\nlinus@example.com"}
          error={errors.csv}
          hint={`One address per line: in a column named “email” (with a header line) or in the first column. At most ${n(NEWSLETTER_LIMITS.importMaxRows)} lines.`}
        />
      </div>
      <AdminTextarea
        label="Where did these people agree to receive the newsletter?"
        required
        rows={2}
        maxLength={300}
        value={consentSource}
        onChange={(event) => form.set("consentSource", event.target.value)}
        error={errors.consentSource}
        placeholder="e.g. Sign-up sheet at the Vestin meetup in Lisbon, 12 November 2026"
        hint="Required. It is stored in each address's consent record, so we can show where the consent came from if anyone asks."
      />
    </FormDialog>
  );
}
