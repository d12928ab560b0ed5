import { ASSESSMENT_DEFAULTS } from "@vestin/shared/assessments";
import { Switch } from "~/components/ui/switch";
import { AdminInput } from "../components/admin-fields";
import type { AssessmentDraft } from "./assessment-draft";

export type NumberSetting = "passMark" | "maxAttempts" | "timeLimitMinutes";

/**
 * An assessment's settings: pass mark, attempts per window and the time limit (timed mode). Each
 * control's id is `${ids}-${field}`, so the error summary can move focus to it.
 */
export function AssessmentSettings({
  ids,
  draft,
  errors,
  onNumber,
  onTimed,
}: {
  ids: string;
  draft: AssessmentDraft;
  errors: Record<string, string>;
  onNumber: (field: NumberSetting, value: string) => void;
  onTimed: (timed: boolean) => void;
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
      </div>
    </section>
  );
}
