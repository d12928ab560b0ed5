import { Plus, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { LEARN_EARN_LIMITS, QUEST_KINDS, type QuestKind } from "@vestin/shared/learn-earn-core";
import { TRACKS } from "@vestin/shared/learning-core";
import { Button } from "~/components/ui/button";
import { useApiForm } from "~/lib/use-api-form";
import { describeFailure } from "../api/admin-request";
import type { AdminCourse } from "../api/content-api";
import { AdminInput, AdminSelect, FieldError } from "../components/admin-fields";
import { FormDialog } from "../components/form-dialog";
import { useAdminQuery } from "../hooks/use-admin-query";
import { bandError, emptyQuest, formToBody, KIND_LABELS, questToForm, type QuestFormValues } from "./quest-form";
import { consoleZone } from "./quest-labels";
import { createQuest, type Quest, updateQuest } from "./quests-api";

/** What the dialog edits: a new quest of a sprint, or a stored one. */
export type QuestEditing = { mode: "new"; sprintId: string } | { mode: "edit"; quest: Quest };

/**
 * Create or edit a quest: its kind (fixed once created), title, subject (a course with an
 * assessment, or a track), XP or score bands, window (in the administrator's time zone, named)
 * and cap. The server checks every rule again and names the field it refuses.
 */
export function QuestDialog({ editing, onClose, onSaved }: { editing: QuestEditing | null; onClose: () => void; onSaved: (quest: Quest) => void }) {
  const form = useApiForm<QuestFormValues>({ defaultValues: emptyQuest() });
  const { values, set, error, reset } = form;
  const courses = useAdminQuery<AdminCourse[]>(editing ? "/admin/courses" : null);
  const zone = consoleZone();
  const key = editing ? (editing.mode === "new" ? `new:${editing.sprintId}` : `edit:${editing.quest.id}`) : null;

  // Each opening starts from the quest (or a fresh one) with no errors.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the opening; `editing` is read for it
  useEffect(() => {
    if (editing) reset(editing.mode === "edit" ? questToForm(editing.quest) : emptyQuest());
  }, [key, reset]);

  const send = async (current: QuestFormValues) => {
    if (!editing) return;
    const body = formToBody(current);
    const result = editing.mode === "new" ? await createQuest(editing.sprintId, body) : await updateQuest(editing.quest.id, body);
    if (!result.ok) {
      form.showErrors(result.errors ?? { form: describeFailure(result) });
      return;
    }
    onSaved(result.data);
  };

  const kind = values.kind;
  const withAssessment = (courses.data ?? []).filter((c) => c.status === "published" || c._id === values.courseId);
  const bands = values.bands ?? [];

  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      form={form}
      send={send}
      title={editing?.mode === "edit" ? "Edit quest" : "New quest"}
      description="Learners earn the XP once per quest, when the learning event happens inside its window. XP counts for the wallet linked to their account."
      submitLabel={editing?.mode === "edit" ? "Save quest" : "Create quest"}
    >
      <AdminSelect
        label="Kind"
        value={kind}
        disabled={editing?.mode === "edit"}
        hint={editing?.mode === "edit" ? "A quest's kind cannot be changed." : undefined}
        error={error("kind")}
        onChange={(e) => set("kind", e.target.value as QuestKind)}
      >
        {QUEST_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABELS[k]}
          </option>
        ))}
      </AdminSelect>
      <AdminInput
        label="Title"
        required
        value={values.title}
        maxLength={LEARN_EARN_LIMITS.titleMax}
        placeholder={kind === "assessment_pass" ? "Pass the Tokenization Basics assessment" : "Title learners see"}
        error={error("title")}
        onChange={(e) => set("title", e.target.value)}
      />

      {kind === "assessment_pass" && (
        <AdminSelect label="Course" required value={values.courseId} error={error("courseId")} onChange={(e) => set("courseId", e.target.value)}>
          <option value="">{courses.loading && !courses.data ? "Loading courses…" : "Choose a course"}</option>
          {withAssessment.map((c) => (
            <option key={c._id} value={c._id}>
              {c.title}
            </option>
          ))}
        </AdminSelect>
      )}
      {kind === "track_complete" && (
        <AdminSelect label="Track" required value={values.trackId} error={error("trackId")} onChange={(e) => set("trackId", e.target.value)}>
          <option value="">Choose a track</option>
          {TRACKS.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.title}
            </option>
          ))}
        </AdminSelect>
      )}
      {kind === "learning_streak" && (
        <AdminInput
          label="Days in a row"
          required
          inputMode="numeric"
          value={values.streakDays}
          hint="Consecutive UTC days, each with at least one lesson completed."
          error={error("streakDays")}
          onChange={(e) => set("streakDays", e.target.value)}
        />
      )}

      {kind === "assessment_pass" ? (
        <fieldset className="rounded-lg border border-line p-3 sm:p-4">
          <legend className="px-1 text-sm font-medium text-ink">XP by score</legend>
          <p className="text-xs text-muted">The highest band a passing attempt reaches counts. A minimum of 0 % means any pass.</p>
          <ul className="mt-3 grid gap-2">
            {bands.map((band, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: bands are edited in place; their position is their identity
              <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <AdminInput
                  label={`Band ${index + 1}: minimum score (%)`}
                  inputMode="numeric"
                  value={band.minScore}
                  error={bandError(form.errors, index, "minScore")}
                  onChange={(e) => set(`bands.${index}.minScore`, e.target.value)}
                />
                <AdminInput
                  label={`Band ${index + 1}: XP`}
                  inputMode="numeric"
                  value={band.xp}
                  error={bandError(form.errors, index, "xp")}
                  onChange={(e) => set(`bands.${index}.xp`, e.target.value)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-6"
                  disabled={bands.length <= 1}
                  aria-label={`Remove band ${index + 1}`}
                  onClick={() =>
                    set(
                      "bands",
                      bands.filter((_, i) => i !== index),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
          {error("bands") && <FieldError>{error("bands")}</FieldError>}
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            disabled={bands.length >= LEARN_EARN_LIMITS.bandsMax}
            onClick={() => set("bands", [...bands, { minScore: "", xp: "" }])}
          >
            <Plus aria-hidden="true" className="size-4" /> Add a band
          </Button>
        </fieldset>
      ) : (
        <AdminInput label="XP" required inputMode="numeric" value={values.xp} error={error("xp")} onChange={(e) => set("xp", e.target.value)} />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          label="Starts"
          required
          type="datetime-local"
          value={values.startsAt}
          hint={`Your time zone: ${zone}`}
          error={error("startsAt")}
          onChange={(e) => set("startsAt", e.target.value)}
        />
        <AdminInput
          label="Ends"
          required
          type="datetime-local"
          value={values.endsAt}
          hint={`Your time zone: ${zone}`}
          error={error("endsAt")}
          onChange={(e) => set("endsAt", e.target.value)}
        />
      </div>
      <AdminInput
        label="Cap"
        inputMode="numeric"
        value={values.cap}
        placeholder="Unlimited"
        hint="The most grants the quest makes; empty for no cap."
        error={error("cap")}
        onChange={(e) => set("cap", e.target.value)}
      />
    </FormDialog>
  );
}
