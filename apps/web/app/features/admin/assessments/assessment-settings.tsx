import { ASSESSMENT_DEFAULTS, REVIEW_POLICIES, REVIEW_POLICY_LABELS, type ReviewPolicy } from "@vestin/shared/assessments";
import { Switch } from "~/components/ui/switch";
import { AdminInput, AdminSelect } from "../components/admin-fields";
import type { AssessmentDraft } from "./assessment-draft";

export type NumberSetting = "passMark" | "maxAttempts" | "timeLimitMinutes" | "questionsPerAttempt";

const POLICY_HINTS: Record<ReviewPolicy, string> = {
  "after-pass-or-attempts-used":
    "Recommended. After a failed attempt learners see which answers were wrong and the lesson to reread; the right answers and explanations once they pass or have used every attempt of the window.",
  "after-pass-only": "Stricter: the right answers and explanations only after a pass. Failed attempts show which answers were wrong and the lesson to reread.",
  never: "Learners only ever see which of their answers were wrong and the lesson to reread, never the right answers.",
};

/**
 * An assessment's settings: pass mark, attempts per window, the time limit (timed mode), the
 * questions each attempt draws and the review policy. Each control's id is `${ids}-${field}`, so
 * the error summary can move focus to it.
 */
export function AssessmentSettings({
  ids,
  draft,
  errors,
  onNumber,
  onTimed,
  onPolicy,
}: {
  ids: string;
  draft: AssessmentDraft;
  errors: Record<string, string>;
  onNumber: (field: NumberSetting, value: string) => void;
  onTimed: (timed: boolean) => void;
  onPolicy: (policy: ReviewPolicy) => void;
}) {
  const numberProps = (field: NumberSetting, maxLength: number) => ({
    id: `${ids}-${field}`,
    required: true,
    inputMode: "numeric" as const,
    autoComplete: "off",
    maxLength,
    value: draft[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => onNumber(field, e.target.value),
  });

  return (
    <section aria-labelledby={`${ids}-settings-title`} className="rounded-xl border border-line bg-white">
      <h3 id={`${ids}-settings-title`} className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">
        Settings
      </h3>
      <div className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3">
        <AdminInput label="Pass mark (%)" {...numberProps("passMark", 3)} hint="The score a learner needs, 1–100." />
        <AdminInput
          label={`Attempts per ${ASSESSMENT_DEFAULTS.attemptWindowHours} hours`}
          {...numberProps("maxAttempts", 2)}
          hint="1–20. A learner can try again once the oldest attempt is a day old."
        />
        <div className="sm:col-span-2 lg:col-span-1">
          <div className="flex items-center gap-2.5">
            <Switch id={`${ids}-timed`} checked={draft.timed} onCheckedChange={onTimed} aria-describedby={`${ids}-timed-state`} />
            <label htmlFor={`${ids}-timed`} className="cursor-pointer text-sm font-medium text-ink">
              Timed mode
            </label>
          </div>
          <p id={`${ids}-timed-state`} className="mt-1 text-xs leading-relaxed text-muted">
            {draft.timed
              ? "Learners must submit within the time limit once they start."
              : `Untimed: an attempt that is not submitted expires ${ASSESSMENT_DEFAULTS.openAttemptHours} hours after it starts.`}
          </p>
          {draft.timed && <AdminInput wrapperClassName="mt-3" label="Time limit (minutes)" {...numberProps("timeLimitMinutes", 3)} hint="1–120 minutes." />}
        </div>
        <AdminInput
          label="Questions per attempt"
          {...numberProps("questionsPerAttempt", 3)}
          hint="Each attempt draws this many from the bank, spread across the lessons. Keep the bank at least twice as large."
        />
        <AdminSelect
          id={`${ids}-reviewPolicy`}
          label="Show right answers"
          wrapperClassName="sm:col-span-2"
          value={draft.reviewPolicy}
          error={errors.reviewPolicy}
          hint={POLICY_HINTS[draft.reviewPolicy]}
          onChange={(e) => onPolicy(e.target.value as ReviewPolicy)}
        >
          {REVIEW_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {REVIEW_POLICY_LABELS[policy]}
            </option>
          ))}
        </AdminSelect>
      </div>
    </section>
  );
}
