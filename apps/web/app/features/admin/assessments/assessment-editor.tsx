import { Undo2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { describeFailure } from "../api/admin-request";
import { ConfirmDialog, LeaveWithoutSavingDialog } from "../components/confirm-dialog";
import { DeleteButton, EditorBar, SaveButton } from "../components/editor-parts";
import { QueryFallback } from "../components/query-states";
import type { AdminQuery } from "../hooks/use-admin-query";
import { reportDelete } from "../hooks/use-editor-form";
import { useUnsavedChanges } from "../hooks/use-unsaved-changes";
import { deleteAssessment, saveAssessment, type StoredAssessment } from "./assessment-api";
import {
  blankAssessment,
  blankQuestion,
  draftFromAssessment,
  draftSignature,
  errorCount,
  idFromPrompt,
  routeErrors,
  validateDraft,
  type AssessmentDraft,
  type QuestionDraft,
  type RoutedErrors,
} from "./assessment-draft";
import { BankShortfall, ErrorSummary, NoAssessment, summaryItems } from "./assessment-notices";
import { AssessmentSettings, type NumberSetting } from "./assessment-settings";
import { questionFieldId, type QuestionChange } from "./question-card";
import { QuestionList, RemoveQuestionDialog } from "./question-list";

/** The shared schema's message for repeated ids; it goes once the ids are edited. */
const DUPLICATE_IDS = "Two questions have the same id";
const NO_ERRORS: RoutedErrors = { settings: {}, list: undefined, questions: {}, other: [] };

/** "3 May 2026, 14:05" in the admin's own time zone. */
function savedAt(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/**
 * A course's final assessment: its settings and its question bank. Everything is checked with the
 * shared schema before it is sent, and the server's field errors land beside the same fields.
 */
export function AssessmentEditor({ courseId, lessonCount, loaded }: { courseId: string; lessonCount: number; loaded: AdminQuery<StoredAssessment> }) {
  const [draft, setDraft] = useState<AssessmentDraft | null>(null);
  const [baseline, setBaseline] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<RoutedErrors>(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [toRemove, setToRemove] = useState<QuestionDraft | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const ids = useId();
  const stored = loaded.data;
  const keepOpen = useRef<number[] | null>(null);

  // A fresh answer from the server (first load, after a save or a delete) replaces the draft.
  useEffect(() => {
    if (!stored) return;
    // After a save, the questions that were open stay open (the saved copy has new keys).
    const open = keepOpen.current;
    keepOpen.current = null;
    if (stored.assessment) {
      const next = draftFromAssessment(stored.assessment);
      setDraft(next);
      setBaseline(draftSignature(next));
      setExpanded(new Set(open ? next.questions.filter((_, index) => open.includes(index)).map((q) => q.key) : []));
    } else {
      setDraft(null);
      setBaseline(null);
      setExpanded(new Set());
    }
    setErrors(NO_ERRORS);
    setFormError(null);
  }, [stored]);

  // Move focus once the element a step asked for is on screen (after expand, move, add, remove):
  // checked after every render, as the element may appear a render after the step.
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (!element) return;
    element.focus();
    element.scrollIntoView({ block: "nearest" });
    setFocusTarget(null);
  });

  const signature = useMemo(() => (draft ? draftSignature(draft) : null), [draft]);
  const dirty = draft !== null && signature !== baseline;
  const isNew = !stored?.assessment;

  // Unsaved questions are easy to lose: ask before leaving the page or opening a lesson of this course.
  const { blocker } = useUnsavedChanges(dirty && !saving, { alsoBlock: (next) => new URLSearchParams(next.search).has("lesson") });

  if (!stored) return <QueryFallback query={loaded} label="Loading the assessment…" rows={4} />;

  if (!draft) {
    return (
      <NoAssessment
        createId={`${ids}-create`}
        onCreate={() => {
          const fresh = blankAssessment();
          setDraft(fresh);
          const first = fresh.questions[0];
          if (first) {
            setExpanded(new Set([first.key]));
            setFocusTarget(`aq-${first.key}-prompt`);
          }
        }}
      />
    );
  }

  const questions = draft.questions;

  const setSetting = (field: NumberSetting, value: string) => {
    setDraft((d) => (d ? { ...d, [field]: value } : d));
    clearSetting(field);
  };
  const clearSetting = (field: string) =>
    setErrors((e) => {
      if (!(field in e.settings)) return e;
      const settings = { ...e.settings };
      delete settings[field];
      return { ...e, settings };
    });

  const changeQuestion = (key: string, change: QuestionChange) => {
    setDraft((d) => {
      if (!d) return d;
      const others = d.questions.filter((q) => q.key !== key).map((q) => q.id);
      return {
        ...d,
        questions: d.questions.map((q) => {
          if (q.key !== key) return q;
          const next = change.update(q);
          return next.autoId && next.prompt !== q.prompt ? { ...next, id: next.prompt.trim() ? idFromPrompt(next.prompt, others) : "" } : next;
        }),
      };
    });
    setErrors((e) => {
      const own = e.questions[key];
      const hits = own ? change.fields.filter((field) => field in own) : [];
      const clearsList = change.fields.includes("id") && e.list === DUPLICATE_IDS;
      if (!own || (hits.length === 0 && !clearsList)) return clearsList ? { ...e, list: undefined } : e;
      const rest = { ...own };
      for (const field of hits) delete rest[field];
      return { ...e, list: clearsList ? undefined : e.list, questions: { ...e.questions, [key]: rest } };
    });
  };

  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const addQuestion = () => {
    const question = blankQuestion();
    setDraft((d) => (d ? { ...d, questions: [...d.questions, question] } : d));
    setExpanded((current) => new Set(current).add(question.key));
    setErrors((e) => ({ ...e, list: undefined }));
    setFocusTarget(`aq-${question.key}-type`);
    setAnnouncement(`Question ${questions.length + 1} added.`);
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    const moving = questions[index];
    if (!moving || target < 0 || target >= questions.length) return;
    const next = [...questions];
    next.splice(index, 1);
    next.splice(target, 0, moving);
    setDraft({ ...draft, questions: next });
    // Keep focus on the button pressed, or on its twin when the question reached an end.
    const atEnd = target === 0 || target === questions.length - 1;
    setFocusTarget(`aq-${moving.key}-${atEnd ? (delta === -1 ? "down" : "up") : delta === -1 ? "up" : "down"}`);
    setAnnouncement(`Question moved to position ${target + 1} of ${questions.length}.`);
  };

  const removeQuestion = () => {
    if (!toRemove) return;
    const index = questions.findIndex((q) => q.key === toRemove.key);
    const next = questions.filter((q) => q.key !== toRemove.key);
    setDraft({ ...draft, questions: next });
    setErrors((e) => {
      const rest = { ...e.questions };
      delete rest[toRemove.key];
      return { ...e, questions: rest, list: undefined };
    });
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocusTarget(neighbour ? `aq-${neighbour.key}-toggle` : `${ids}-add`);
    setAnnouncement(`Question ${index + 1} removed. ${next.length} ${next.length === 1 ? "question" : "questions"} left.`);
    setToRemove(null);
  };

  const showErrors = (routed: RoutedErrors, message: string) => {
    setErrors(routed);
    setFormError(message);
    // Open every question with a problem so its messages are on screen.
    setExpanded((current) => new Set([...current, ...Object.keys(routed.questions)]));
    setFocusTarget(`${ids}-summary`);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateDraft(draft);
    if (!checked.ok) {
      const routed = routeErrors(checked.errors, questions);
      showErrors(routed, `Nothing was saved: ${errorCount(routed)} ${errorCount(routed) === 1 ? "field needs" : "fields need"} attention.`);
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const result = await saveAssessment(courseId, checked.value);
      if (!result.ok) {
        const routed = routeErrors(result.errors ?? {}, questions);
        showErrors(routed, `Nothing was saved: ${describeFailure(result)}`);
        return;
      }
      toast.success("Assessment saved", {
        description: `${checked.value.questions.length} questions. Attempts already started keep the questions they began with.`,
      });
      keepOpen.current = questions.flatMap((q, index) => (expanded.has(q.key) ? [index] : []));
      if (result.data && typeof result.data === "object" && "assessment" in result.data) loaded.setData(() => result.data);
      else loaded.reload();
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!reportDelete(await deleteAssessment(courseId), "Assessment deleted", "Learners now get the certificate for completing the lessons.")) return;
    setConfirmDelete(false);
    loaded.setData(() => ({ assessment: null, updatedAt: null }));
    setDraft(null);
    setFocusTarget(`${ids}-create`);
  };

  const discard = () => {
    if (stored.assessment) {
      const again = draftFromAssessment(stored.assessment);
      setDraft(again);
      setBaseline(draftSignature(again));
    } else {
      setDraft(null);
    }
    setErrors(NO_ERRORS);
    setFormError(null);
    setExpanded(new Set());
  };

  const jumpTo = (key: string, field: string) => {
    setExpanded((current) => new Set(current).add(key));
    setFocusTarget(questionFieldId(key, field));
  };

  const lastSaved = savedAt(stored.updatedAt);

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Assessment editor" className="space-y-5">
      <Notice tone="info">
        Changes apply to attempts started after you save. Learners who have already started an attempt keep their own copy of the questions and settings.
      </Notice>

      {formError && (
        <ErrorSummary
          id={`${ids}-summary`}
          message={formError}
          errors={errors}
          items={summaryItems(errors, questions, { ids, focus: setFocusTarget, openQuestion: jumpTo })}
        />
      )}

      <AssessmentSettings
        ids={ids}
        draft={draft}
        errors={errors.settings}
        onNumber={setSetting}
        onTimed={(timed) => {
          setDraft({ ...draft, timed });
          clearSetting("timeLimitMinutes");
        }}
        onPolicy={(reviewPolicy) => {
          setDraft({ ...draft, reviewPolicy });
          clearSetting("reviewPolicy");
        }}
      />

      <BankShortfall draft={draft} lessonCount={lessonCount} />

      <QuestionList
        ids={ids}
        questions={questions}
        expanded={expanded}
        errors={errors}
        lessonCount={lessonCount}
        onExpand={setExpanded}
        onToggle={toggle}
        onChange={changeQuestion}
        onMove={move}
        onRemove={setToRemove}
        onAdd={addQuestion}
      />

      <EditorBar
        placement="card"
        status={
          <p className="min-w-0 text-sm text-muted" aria-live="polite">
            {dirty ? (
              <span className="font-medium text-notice">Unsaved changes</span>
            ) : lastSaved ? (
              <>
                Saved <span className="whitespace-nowrap">{lastSaved}</span>
              </>
            ) : (
              "No changes"
            )}
          </p>
        }
      >
        {!isNew && (
          <DeleteButton id={`${ids}-delete`} className="px-2.5 sm:px-4" onClick={() => setConfirmDelete(true)}>
            <span className="sr-only sm:not-sr-only">Delete assessment</span>
          </DeleteButton>
        )}
        {dirty && (
          <Button variant="ghost" size="sm" className="px-2.5 sm:px-4" onClick={discard}>
            <Undo2 aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Discard changes</span>
          </Button>
        )}
        <SaveButton saving={saving}>
          <span>
            Save<span className="sr-only sm:not-sr-only"> assessment</span>
          </span>
        </SaveButton>
      </EditorBar>

      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      <RemoveQuestionDialog
        question={toRemove}
        onCancel={(question) => {
          // The dialog has no trigger to hand focus back to: return it to the question's remove button.
          setFocusTarget(`aq-${question.key}-remove`);
          setToRemove(null);
        }}
        onConfirm={removeQuestion}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={(open) => {
          setConfirmDelete(open);
          if (!open) setFocusTarget(`${ids}-delete`);
        }}
        title="Delete this assessment?"
        description={
          <>
            Its {stored.assessment?.questions.length ?? 0} questions and settings are removed, and learners get the course certificate for completing the
            lessons again. This cannot be undone.
          </>
        }
        confirmLabel="Delete assessment"
        onConfirm={remove}
      />
      <LeaveWithoutSavingDialog
        blocker={blocker}
        description="Your changes to the assessment are not saved yet. They will be lost if you leave."
        confirmLabel="Leave without saving"
      />
    </form>
  );
}
