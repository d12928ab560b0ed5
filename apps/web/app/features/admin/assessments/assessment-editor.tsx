import { ChevronsDownUp, ChevronsUpDown, ClipboardCheck, Plus, Save, Trash2, Undo2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useBlocker } from "react-router";
import { toast } from "sonner";
import { ASSESSMENT_DEFAULTS } from "@vestin/shared/assessments";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { Switch } from "~/components/ui/switch";
import { describeFailure } from "../api/admin-request";
import { AdminInput } from "../components/admin-fields";
import { ConfirmDialog } from "../components/confirm-dialog";
import { LoadError, LoadingBlock } from "../components/query-states";
import type { AdminQuery } from "../hooks/use-admin-query";
import { deleteAssessment, saveAssessment, type StoredAssessment } from "./assessment-api";
import {
  blankAssessment,
  blankQuestion,
  draftFromAssessment,
  draftSignature,
  errorCount,
  idFromPrompt,
  MIN_TO_SAVE,
  routeErrors,
  TOO_FEW_QUESTIONS,
  validateDraft,
  type AssessmentDraft,
  type QuestionDraft,
  type RoutedErrors,
} from "./assessment-draft";
import { QuestionCard, questionFieldId, type QuestionChange } from "./question-card";

const MAX_QUESTIONS = 100;
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

  // Move focus once the element a step asked for is on screen (after expand, move, add, remove).
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (!element) return;
    element.focus();
    element.scrollIntoView({ block: "nearest" });
    setFocusTarget(null);
  }, [focusTarget, draft]);

  const signature = useMemo(() => (draft ? draftSignature(draft) : null), [draft]);
  const dirty = draft !== null && signature !== baseline;
  const isNew = !stored?.assessment;

  // Unsaved questions are easy to lose: ask before leaving the page or opening a lesson of this course.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving && (currentLocation.pathname !== nextLocation.pathname || new URLSearchParams(nextLocation.search).has("lesson")),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  if (!stored) {
    return loaded.error ? (
      <LoadError message={loaded.error} status={loaded.status} onRetry={loaded.reload} />
    ) : (
      <LoadingBlock label="Loading the assessment…" rows={4} />
    );
  }

  if (!draft) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center sm:px-8">
        <ClipboardCheck aria-hidden="true" className="mx-auto size-8 text-brand-teal-dark" />
        <p className="mx-auto mt-3 max-w-xl text-sm leading-relaxed text-ink">
          This course has no assessment. Learners get a certificate for completing the lessons. Add questions to require a pass.
        </p>
        <p className="mx-auto mt-1 max-w-xl text-xs text-muted">
          An assessment needs at least {MIN_TO_SAVE} questions before it can be saved; you can start with one.
        </p>
        <Button
          id={`${ids}-create`}
          className="mt-5"
          size="sm"
          onClick={() => {
            const fresh = blankAssessment();
            setDraft(fresh);
            const first = fresh.questions[0];
            if (first) {
              setExpanded(new Set([first.key]));
              setFocusTarget(`aq-${first.key}-prompt`);
            }
          }}
        >
          <Plus aria-hidden="true" className="size-4" /> Create assessment
        </Button>
      </div>
    );
  }

  const questions = draft.questions;
  const problems = errorCount(errors);

  const setSetting = (field: "passMark" | "maxAttempts" | "timeLimitMinutes", value: string) => {
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
    } catch {
      setFormError("The server did not answer. Nothing was saved.");
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const result = await deleteAssessment(courseId);
    if (!result.ok) {
      toast.error("Not deleted", { description: describeFailure(result) });
      return;
    }
    setConfirmDelete(false);
    toast.success("Assessment deleted", { description: "Learners now get the certificate for completing the lessons." });
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

  const summaryItems = [
    ...Object.entries(errors.settings).map(([field, message]) => ({ label: message, target: () => setFocusTarget(`${ids}-${field}`) })),
    ...(errors.list ? [{ label: errors.list, target: () => setFocusTarget(`${ids}-questions`) }] : []),
    ...questions.flatMap((q, index) =>
      Object.entries(errors.questions[q.key] ?? {}).map(([field, message]) => {
        const option = /^options\.(\d+)$/.exec(field)?.[1];
        const where = option === undefined ? `Question ${index + 1}` : `Question ${index + 1}, option ${Number(option) + 1}`;
        return { label: `${where}: ${message}`, target: () => jumpTo(q.key, field) };
      }),
    ),
  ];
  const lastSaved = savedAt(stored.updatedAt);
  const short = MIN_TO_SAVE - questions.length;

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Assessment editor" className="space-y-5">
      <Notice tone="info">
        Changes apply to attempts started after you save. Learners who have already started an attempt keep their own copy of the questions and settings.
      </Notice>

      {formError && (
        <div id={`${ids}-summary`} tabIndex={-1} className="focus:outline-none">
          <Notice tone="danger">
            <p className="font-semibold">{formError}</p>
            {problems > 0 && (
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {summaryItems.slice(0, 8).map((item, i) => (
                  <li key={i}>
                    <button type="button" className="block text-left underline underline-offset-2 hover:no-underline" onClick={item.target}>
                      {item.label}
                    </button>
                  </li>
                ))}
                {summaryItems.length > 8 && <li>and {summaryItems.length - 8} more, marked in red below.</li>}
                {errors.other.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </Notice>
        </div>
      )}

      <section aria-labelledby={`${ids}-settings-title`} className="rounded-xl border border-line bg-white">
        <h3 id={`${ids}-settings-title`} className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">
          Settings
        </h3>
        <div className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3">
          <AdminInput
            id={`${ids}-passMark`}
            label="Pass mark (%)"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            value={draft.passMark}
            error={errors.settings.passMark}
            hint="The score a learner needs, 1–100."
            onChange={(e) => setSetting("passMark", e.target.value)}
          />
          <AdminInput
            id={`${ids}-maxAttempts`}
            label={`Attempts per ${ASSESSMENT_DEFAULTS.attemptWindowHours} hours`}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            value={draft.maxAttempts}
            error={errors.settings.maxAttempts}
            hint="1–20. A learner can try again once the oldest attempt is a day old."
            onChange={(e) => setSetting("maxAttempts", e.target.value)}
          />
          <div className="sm:col-span-2 lg:col-span-1">
            <div className="flex items-center gap-2.5">
              <Switch
                id={`${ids}-timed`}
                checked={draft.timed}
                onCheckedChange={(timed) => {
                  setDraft({ ...draft, timed });
                  clearSetting("timeLimitMinutes");
                }}
                aria-describedby={`${ids}-timed-state`}
              />
              <label htmlFor={`${ids}-timed`} className="cursor-pointer text-sm font-medium text-ink">
                Timed mode
              </label>
            </div>
            <p id={`${ids}-timed-state`} className="mt-1 text-xs leading-relaxed text-muted">
              {draft.timed
                ? "Learners must submit within the time limit once they start."
                : `Untimed: an attempt that is not submitted expires ${ASSESSMENT_DEFAULTS.openAttemptHours} hours after it starts.`}
            </p>
            {draft.timed && (
              <AdminInput
                id={`${ids}-timeLimitMinutes`}
                wrapperClassName="mt-3"
                label="Time limit (minutes)"
                required
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                value={draft.timeLimitMinutes}
                error={errors.settings.timeLimitMinutes}
                hint="1–120 minutes."
                onChange={(e) => setSetting("timeLimitMinutes", e.target.value)}
              />
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby={`${ids}-questions-title`}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${ids}-questions-title`} className="text-base font-semibold text-ink">
            Questions <span className="text-sm font-normal text-muted">({questions.length})</span>
          </h3>
          {questions.length > 1 && (
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" className="h-8 px-3" onClick={() => setExpanded(new Set(questions.map((q) => q.key)))}>
                <ChevronsUpDown aria-hidden="true" className="size-4" /> Expand all
              </Button>
              <Button variant="ghost" size="sm" className="h-8 px-3" onClick={() => setExpanded(new Set())}>
                <ChevronsDownUp aria-hidden="true" className="size-4" /> Collapse all
              </Button>
            </div>
          )}
        </div>
        {short > 0 && (
          <div id={errors.list === TOO_FEW_QUESTIONS ? `${ids}-questions` : undefined} tabIndex={-1} className="mb-3 focus:outline-none">
            <Notice tone={errors.list === TOO_FEW_QUESTIONS ? "danger" : "notice"}>
              An assessment needs at least {MIN_TO_SAVE} questions before it can be saved. Add {short} more.
            </Notice>
          </div>
        )}
        {errors.list && !(short > 0 && errors.list === TOO_FEW_QUESTIONS) && (
          <p id={`${ids}-questions`} tabIndex={-1} role="alert" className="mb-3 text-sm font-medium text-danger focus:outline-none">
            {errors.list}
          </p>
        )}
        <ol className="space-y-2" aria-labelledby={`${ids}-questions-title`}>
          {questions.map((question, index) => (
            <QuestionCard
              key={question.key}
              question={question}
              index={index}
              total={questions.length}
              expanded={expanded.has(question.key)}
              errors={errors.questions[question.key]}
              lessonCount={lessonCount}
              onToggle={() => toggle(question.key)}
              onChange={(change) => changeQuestion(question.key, change)}
              onMove={(delta) => move(index, delta)}
              onRemove={() => setToRemove(question)}
            />
          ))}
        </ol>
        <Button id={`${ids}-add`} variant="outline" size="sm" className="mt-3" disabled={questions.length >= MAX_QUESTIONS} onClick={addQuestion}>
          <Plus aria-hidden="true" className="size-4" /> Add question
        </Button>
      </section>

      <div className="sticky bottom-0 z-10 -mx-1 flex items-center justify-between gap-2 rounded-xl border border-line bg-white/95 py-2 pr-2 pl-3 shadow-card backdrop-blur-sm sm:gap-3 sm:px-4 sm:py-3">
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
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {!isNew && (
            <Button
              id={`${ids}-delete`}
              variant="ghost"
              size="sm"
              className="px-2.5 text-danger hover:bg-danger-bg sm:px-4"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">Delete assessment</span>
            </Button>
          )}
          {dirty && (
            <Button variant="ghost" size="sm" className="px-2.5 sm:px-4" onClick={discard}>
              <Undo2 aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">Discard changes</span>
            </Button>
          )}
          <Button type="submit" size="sm" variant="secondary" disabled={saving}>
            <Save aria-hidden="true" className="size-4" />
            {saving ? (
              "Saving…"
            ) : (
              <span>
                Save<span className="sr-only sm:not-sr-only"> assessment</span>
              </span>
            )}
          </Button>
        </div>
      </div>

      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (open || !toRemove) return;
          // The dialog has no trigger to hand focus back to: return it to the question's remove button.
          setFocusTarget(`aq-${toRemove.key}-remove`);
          setToRemove(null);
        }}
        title="Remove this question?"
        description={
          <>
            {toRemove?.prompt.trim() ? (
              <>
                “{toRemove.prompt.trim().slice(0, 140)}
                {toRemove.prompt.trim().length > 140 ? "…" : ""}”{" "}
              </>
            ) : (
              "This question "
            )}
            is taken out of the draft. Learners see no change until you save the assessment.
          </>
        }
        confirmLabel="Remove question"
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
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description="Your changes to the assessment are not saved yet. They will be lost if you leave."
        confirmLabel="Leave without saving"
        onConfirm={() => {
          if (blocker.state === "blocked") blocker.proceed();
        }}
      />
    </form>
  );
}
