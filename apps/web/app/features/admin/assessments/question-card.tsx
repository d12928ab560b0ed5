import { ArrowDown, ArrowUp, ChevronRight, Plus, Trash2, X } from "lucide-react";
import type { ChangeEvent } from "react";
import { QUESTION_TYPES, type QuestionType } from "@vestin/shared/assessments";
import { cn } from "~/lib/cn";
import { AdminInput, AdminSelect, AdminTextarea, FieldError, RequiredMark } from "../components/admin-fields";
import { newKey, normalizeIdInput, OPTION_LIMITS, QUESTION_TYPE_LABELS, switchType, type FieldErrors, type QuestionDraft } from "./assessment-draft";

/** The fields a card shows an error beside; any other error of the question is listed at its top. */
const SHOWN_FIELDS = ["type", "id", "lesson", "prompt", "explanation", "answer", "answers", "tolerance", "unit"];
const isShown = (field: string) => SHOWN_FIELDS.includes(field) || /^options(?:\.\d+)?$/.test(field);

export type QuestionChange = {
  /** The error fields this change answers (cleared as the author types). */
  fields: string[];
  update: (question: QuestionDraft) => QuestionDraft;
};

/** Element ids of a question's controls, so the error summary can move focus to them. */
export function questionFieldId(key: string, field: string): string {
  const [head, index] = field.split(".");
  if (head === "options") return `aq-${key}-option-${index ?? 0}`;
  if (head === "answers") return `aq-${key}-answer`;
  if (head === "question") return `aq-${key}-toggle`;
  return `aq-${key}-${head}`;
}

type QuestionCardProps = {
  question: QuestionDraft;
  index: number;
  total: number;
  expanded: boolean;
  errors: FieldErrors | undefined;
  lessonCount: number;
  onToggle: () => void;
  onChange: (change: QuestionChange) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** The question's fields typed as text. */
type TextField = "lesson" | "prompt" | "explanation" | "numericAnswer" | "tolerance" | "unit";

/** The move buttons, in their order on the card. */
const MOVES = [
  { direction: "up", delta: -1, Icon: ArrowUp },
  { direction: "down", delta: 1, Icon: ArrowDown },
] as const;

const iconButton =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted transition-colors duration-150 hover:bg-slate-100 hover:text-ink disabled:pointer-events-none disabled:opacity-35";

/** One question of the bank: a summary row that opens into its fields. */
export function QuestionCard({ question: q, index, total, expanded, errors = {}, lessonCount, onToggle, onChange, onMove, onRemove }: QuestionCardProps) {
  const number = index + 1;
  const id = (field: string) => `aq-${q.key}-${field}`;
  const problems = Object.keys(errors).length;
  const leftovers = Object.entries(errors).filter(([field]) => !isShown(field));
  const set = (fields: string[], update: (question: QuestionDraft) => QuestionDraft) => onChange({ fields, update });
  /** Id, value, error and onChange of a text field; `field` names its error and element id, `clears` the errors typing answers. */
  const bind = (key: TextField, field: string = key, clears: string[] = [field]) => ({
    id: id(field),
    value: q[key],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(clears, (current) => ({ ...current, [key]: e.target.value })),
  });

  return (
    <li className={cn("rounded-xl border bg-white", problems ? "border-danger/50" : "border-line")} data-question-key={q.key}>
      <div className="flex items-start gap-1 py-1.5 pr-1.5 pl-1 sm:gap-2 sm:pl-2">
        <h4 className="min-w-0 flex-1">
          <button
            type="button"
            id={id("toggle")}
            aria-expanded={expanded}
            aria-controls={id("body")}
            onClick={onToggle}
            className="flex w-full min-w-0 items-start gap-2 rounded-lg px-1.5 py-1.5 text-left hover:bg-surface"
          >
            <ChevronRight aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0 text-muted transition-transform duration-150", expanded && "rotate-90")} />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="text-sm font-semibold text-ink">Question {number}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-muted">{QUESTION_TYPE_LABELS[q.type]}</span>
                {problems > 0 && (
                  <span className="rounded-full bg-danger-bg px-2 py-0.5 text-xs font-semibold text-danger">
                    {problems} {problems === 1 ? "problem" : "problems"}
                  </span>
                )}
              </span>
              <span className={cn("mt-0.5 text-sm font-normal", expanded ? "sr-only" : "line-clamp-2 text-muted")}>
                {q.prompt.trim() || "No question text yet"}
              </span>
            </span>
          </button>
        </h4>
        <div className="flex shrink-0 items-center">
          {MOVES.map(({ direction, delta, Icon }) => (
            <button
              key={direction}
              type="button"
              id={id(direction)}
              className={iconButton}
              disabled={delta === -1 ? index === 0 : index === total - 1}
              onClick={() => onMove(delta)}
              aria-label={`Move question ${number} ${direction}`}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          ))}
          <button
            type="button"
            id={id("remove")}
            className={cn(iconButton, "hover:bg-danger-bg hover:text-danger")}
            onClick={onRemove}
            aria-label={`Remove question ${number}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>

      <div id={id("body")} hidden={!expanded} className="space-y-4 border-t border-line px-3 pt-4 pb-4 sm:px-4">
        {expanded && (
          <>
            {leftovers.length > 0 && (
              <ul className="list-disc space-y-0.5 rounded-lg bg-danger-bg py-2 pr-3 pl-7 text-sm font-medium text-danger" role="alert">
                {leftovers.map(([field, message]) => (
                  <li key={field}>{field === "question" ? message : `${field}: ${message}`}</li>
                ))}
              </ul>
            )}
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_8rem]">
              <AdminSelect
                id={id("type")}
                label="Type"
                value={q.type}
                error={errors.type}
                onChange={(e) =>
                  set(["type", "answer", "answers", "options", "tolerance", "unit"], (current) => switchType(current, e.target.value as QuestionType))
                }
              >
                {QUESTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {QUESTION_TYPE_LABELS[type]}
                  </option>
                ))}
              </AdminSelect>
              <AdminInput
                id={id("id")}
                label="Question id"
                required
                value={q.id}
                error={errors.id}
                maxLength={80}
                spellCheck={false}
                autoComplete="off"
                className="font-mono"
                hint={q.autoId ? "Made from the question text; edit it to fix it." : "Lowercase letters, digits and hyphens; unique in this assessment."}
                onChange={(e) => set(["id"], (current) => ({ ...current, id: normalizeIdInput(e.target.value), autoId: false }))}
              />
              <AdminInput
                label="Lesson"
                inputMode="numeric"
                {...bind("lesson")}
                maxLength={4}
                hint={lessonCount > 0 ? `Optional, 1–${lessonCount}` : "Optional"}
              />
            </div>
            <AdminTextarea
              label="Question text"
              required
              rows={2}
              maxLength={600}
              className="field-sizing-content max-h-80 min-h-16 resize-y"
              {...bind("prompt", "prompt", ["prompt", "id"])}
              hint={q.type === "truefalse" ? "Write a statement the learner marks true or false." : undefined}
            />
            {(q.type === "single" || q.type === "multiple") && <OptionsField question={q} errors={errors} onChange={set} />}
            {q.type === "truefalse" && <TruthField question={q} error={errors.answer} onChange={set} />}
            {q.type === "numeric" && (
              <div className="grid gap-4 sm:grid-cols-3">
                <AdminInput
                  label="Right answer"
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  {...bind("numericAnswer", "answer")}
                  hint="A comma or a point for decimals."
                />
                <AdminInput
                  label="Tolerance (±)"
                  inputMode="decimal"
                  autoComplete="off"
                  {...bind("tolerance")}
                  hint="Answers this close count as right; 0 for exact."
                />
                <AdminInput label="Unit" maxLength={20} {...bind("unit")} hint="Optional, shown by the answer box: %, $, years." />
              </div>
            )}
            <AdminTextarea
              label="Explanation"
              required
              rows={2}
              maxLength={1200}
              className="field-sizing-content max-h-96 min-h-16 resize-y"
              {...bind("explanation")}
              hint="Shown to the learner with the result: why the right answer is right."
            />
          </>
        )}
      </div>
    </li>
  );
}

type Setter = (fields: string[], update: (question: QuestionDraft) => QuestionDraft) => void;

/** The options of a single or multiple question, each with its right-answer mark. */
function OptionsField({ question: q, errors, onChange }: { question: QuestionDraft; errors: FieldErrors; onChange: Setter }) {
  const type = q.type === "multiple" ? "multiple" : "single";
  const { min, max } = OPTION_LIMITS[type];
  const listError = errors.options;
  const answerError = type === "single" ? errors.answer : errors.answers;
  const describedBy = [listError && `aq-${q.key}-options-error`, answerError && `aq-${q.key}-answer-error`, `aq-${q.key}-options-hint`]
    .filter(Boolean)
    .join(" ");
  const optionFields = ["options", "answer", "answers", ...q.options.map((_, i) => `options.${i}`)];

  const mark = (key: string, checked: boolean) =>
    onChange(["answer", "answers"], (current) => ({
      ...current,
      options: current.options.map((o) => (o.key === key ? { ...o, right: checked } : type === "single" && checked ? { ...o, right: false } : o)),
    }));

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy} aria-invalid={listError || answerError ? true : undefined}>
      <legend className="text-sm font-medium text-ink">
        Options
        <RequiredMark />
      </legend>
      <p id={`aq-${q.key}-options-hint`} className="mt-0.5 text-xs text-muted">
        {type === "single" ? "Mark the one right option." : "Mark every right option; at least one must stay wrong."} {min}–{max} options.
      </p>
      <ol className="mt-2 space-y-2">
        {q.options.map((option, i) => {
          const inputId = `aq-${q.key}-option-${i}`;
          const optionError = errors[`options.${i}`];
          return (
            <li key={option.key}>
              <div
                className={cn("flex items-start gap-2 rounded-lg border p-1.5 pl-2", option.right ? "border-success/40 bg-success-bg" : "border-transparent")}
              >
                <label className="flex h-10 shrink-0 cursor-pointer items-center gap-1.5 text-xs font-semibold text-muted">
                  <input
                    id={i === 0 ? `aq-${q.key}-answer` : undefined}
                    type={type === "single" ? "radio" : "checkbox"}
                    name={`aq-${q.key}-right`}
                    checked={option.right}
                    onChange={(e) => mark(option.key, e.target.checked)}
                    className="size-4 accent-brand-teal-dark"
                  />
                  <span className={option.right ? "text-success" : undefined}>
                    <span className="sr-only">Option {i + 1} is </span>right
                  </span>
                </label>
                <label htmlFor={inputId} className="sr-only">
                  Option {i + 1} text
                </label>
                <textarea
                  id={inputId}
                  rows={1}
                  value={option.text}
                  maxLength={300}
                  aria-invalid={optionError ? true : undefined}
                  aria-describedby={optionError ? `${inputId}-error` : undefined}
                  placeholder={`Option ${i + 1}`}
                  // An option is one line of text: Enter neither breaks it nor submits the form.
                  onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
                  onChange={(e) =>
                    onChange([`options.${i}`, "options"], (current) => ({
                      ...current,
                      options: current.options.map((o) => (o.key === option.key ? { ...o, text: e.target.value.replace(/\s*\n\s*/g, " ") } : o)),
                    }))
                  }
                  className="field-sizing-content min-h-10 min-w-0 flex-1 resize-none rounded-lg border border-line bg-white px-3 py-2 text-base leading-snug text-ink shadow-xs placeholder:text-slate-400 focus:border-brand-violet focus:ring-2 focus:ring-brand-violet/20 focus:outline-none aria-[invalid=true]:border-danger sm:text-sm"
                />
                <button
                  type="button"
                  className={cn(iconButton, "mt-0.5 hover:bg-danger-bg hover:text-danger")}
                  disabled={q.options.length <= min}
                  aria-label={`Remove option ${i + 1}`}
                  onClick={() => onChange(optionFields, (current) => ({ ...current, options: current.options.filter((o) => o.key !== option.key) }))}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
              {optionError && (
                <FieldError id={`${inputId}-error`} className="ml-2">
                  {optionError}
                </FieldError>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        disabled={q.options.length >= max}
        onClick={() => onChange(optionFields, (current) => ({ ...current, options: [...current.options, { key: newKey("o"), text: "", right: false }] }))}
        className="mt-2 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-violet hover:bg-brand-violet/10 disabled:pointer-events-none disabled:opacity-50"
      >
        <Plus aria-hidden="true" className="size-4" /> Add option
      </button>
      {listError && <FieldError id={`aq-${q.key}-options-error`}>{listError}</FieldError>}
      {answerError && <FieldError id={`aq-${q.key}-answer-error`}>{answerError}</FieldError>}
    </fieldset>
  );
}

/** True or false, as two radio buttons. */
function TruthField({ question: q, error, onChange }: { question: QuestionDraft; error: string | undefined; onChange: Setter }) {
  const errorId = `aq-${q.key}-answer-error`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-ink">
        The statement is
        <RequiredMark />
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {(["true", "false"] as const).map((value) => (
          <label
            key={value}
            className={cn(
              "inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-violet",
              q.truth === value ? "border-success/50 bg-success-bg text-success" : "border-line bg-white text-ink hover:border-slate-300",
            )}
          >
            <input
              id={value === "true" ? `aq-${q.key}-answer` : undefined}
              type="radio"
              name={`aq-${q.key}-truth`}
              value={value}
              checked={q.truth === value}
              onChange={() => onChange(["answer"], (current) => ({ ...current, truth: value }))}
              className="size-4 accent-brand-teal-dark"
            />
            {value === "true" ? "True" : "False"}
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
