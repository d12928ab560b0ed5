import { useId, useState } from "react";
import type { AttemptQuestion } from "@vestin/shared/assessments";
import { inputClasses } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { isUnreadableNumber, toggleOption, type DraftAnswers } from "../answers";
import { ASSESSMENT_COPY } from "../copy";

type Value = DraftAnswers[string] | undefined;

const PREFIX_UNITS = new Set(["$", "€", "£", "¥", "₹"]);

const choiceClasses =
  "flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white px-4 py-3 text-[0.9375rem] leading-snug transition-colors duration-150 " +
  "hover:border-slate-300 has-[:checked]:border-brand-violet has-[:checked]:bg-brand-violet/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-violet/40";

/**
 * One question of an attempt or of the placement quiz as a fieldset: its legend is the question,
 * radios for single choice and true/false, checkboxes for multiple choice, a text box for numbers
 * (decimal comma or point). `missing` marks a question left unanswered when that is not allowed.
 */
export function QuestionField({
  question,
  index,
  total,
  value,
  onChange,
  missing = false,
  disabled = false,
}: {
  question: AttemptQuestion;
  index: number;
  total: number;
  value: Value;
  onChange: (value: DraftAnswers[string]) => void;
  missing?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const missingId = `${id}-missing`;
  // Authors often end the prompt with the instruction already; it is not repeated then.
  const selectAllHint = question.type === "multiple" && !/select all that apply/i.test(question.prompt);
  const describedBy = [selectAllHint ? hintId : null, missing ? missingId : null].filter(Boolean).join(" ") || undefined;
  const name = `answer-${question.id}`;

  return (
    <fieldset
      id={`question-${question.id}`}
      aria-describedby={describedBy}
      disabled={disabled}
      className={cn(
        "min-w-0 scroll-mt-32 rounded-[var(--radius-card)] border bg-white p-5 sm:p-6",
        missing ? "border-danger ring-1 ring-danger/30" : "border-line",
      )}
      data-question={question.id}
    >
      <legend className="float-left w-full">
        <span className="block text-xs font-semibold uppercase tracking-widest text-brand-teal-dark">
          Question {index + 1} of {total}
        </span>
        <span className="mt-2 block text-base font-medium leading-relaxed text-ink sm:text-[1.0625rem]">{question.prompt}</span>
      </legend>
      <div className="clear-both pt-4">
        {selectAllHint && (
          <p id={hintId} className="mb-3 text-sm text-muted">
            {ASSESSMENT_COPY.selectAll}
          </p>
        )}
        {question.type === "single" && (
          <div className="grid gap-2">
            {question.options.map((option) => (
              <label key={option.id} className={choiceClasses}>
                <input
                  type="radio"
                  name={name}
                  value={option.id}
                  checked={value === option.id}
                  onChange={() => onChange(option.id)}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-violet"
                />
                <span>{option.text}</span>
              </label>
            ))}
          </div>
        )}
        {question.type === "multiple" && (
          <div className="grid gap-2">
            {question.options.map((option) => (
              <label key={option.id} className={choiceClasses}>
                <input
                  type="checkbox"
                  name={name}
                  value={option.id}
                  checked={Array.isArray(value) && value.includes(option.id)}
                  onChange={(e) =>
                    onChange(
                      toggleOption(
                        value,
                        option.id,
                        e.currentTarget.checked,
                        question.options.map((o) => o.id),
                      ),
                    )
                  }
                  className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-violet"
                />
                <span>{option.text}</span>
              </label>
            ))}
          </div>
        )}
        {question.type === "truefalse" && (
          <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
            {[true, false].map((choice) => (
              <label key={String(choice)} className={choiceClasses}>
                <input
                  type="radio"
                  name={name}
                  value={String(choice)}
                  checked={value === choice}
                  onChange={() => onChange(choice)}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-violet"
                />
                <span>{choice ? "True" : "False"}</span>
              </label>
            ))}
          </div>
        )}
        {question.type === "numeric" && <NumberAnswer question={question} value={typeof value === "string" ? value : ""} onChange={onChange} />}
        {missing && (
          <p id={missingId} className="mt-3 text-sm font-medium text-danger">
            Answer this question.
          </p>
        )}
      </div>
    </fieldset>
  );
}

function NumberAnswer({ question, value, onChange }: { question: AttemptQuestion; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const unreadable = touched && isUnreadableNumber(question, value);
  const unit = question.unit;
  const prefix = unit !== null && PREFIX_UNITS.has(unit);
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        Your answer{unit ? ` (${unitName(unit)})` : ""}
      </label>
      <div className="relative">
        {unit && (
          <span
            aria-hidden="true"
            className={cn("pointer-events-none absolute inset-y-0 flex items-center text-base font-medium text-muted", prefix ? "left-4" : "right-4")}
          >
            {unit}
          </span>
        )}
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={unreadable ? true : undefined}
          aria-describedby={`${id}-hint`}
          className={cn(inputClasses, "tabular-nums", unit && prefix ? "pl-9" : undefined, unit && !prefix ? "pr-16" : undefined)}
        />
      </div>
      <p id={`${id}-hint`} className={cn("mt-1.5 text-sm", unreadable ? "font-medium text-danger" : "text-muted")}>
        {unreadable ? ASSESSMENT_COPY.numericInvalid : ASSESSMENT_COPY.numericHint}
      </p>
    </div>
  );
}

/** How a screen reader should hear the unit in the label. */
function unitName(unit: string): string {
  const names: Record<string, string> = { $: "in dollars", "%": "in percent", "€": "in euros", "£": "in pounds" };
  return names[unit] ?? `in ${unit}`;
}
