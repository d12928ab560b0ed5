import { ChevronsDownUp, ChevronsUpDown, Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { ConfirmDialog } from "../components/confirm-dialog";
import { MIN_TO_SAVE, TOO_FEW_QUESTIONS, type QuestionDraft, type RoutedErrors } from "./assessment-draft";
import { QuestionCard, type QuestionChange } from "./question-card";

const MAX_QUESTIONS = 100;

/**
 * The question bank of an assessment: expand or collapse them all, a note while there are too few
 * to save, the cards, and "Add question". The editor keeps the state; this draws it.
 */
export function QuestionList({
  ids,
  questions,
  expanded,
  errors,
  lessonCount,
  onExpand,
  onToggle,
  onChange,
  onMove,
  onRemove,
  onAdd,
}: {
  ids: string;
  questions: QuestionDraft[];
  expanded: Set<string>;
  errors: RoutedErrors;
  lessonCount: number;
  onExpand: (expanded: Set<string>) => void;
  onToggle: (key: string) => void;
  onChange: (key: string, change: QuestionChange) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemove: (question: QuestionDraft) => void;
  onAdd: () => void;
}) {
  const short = MIN_TO_SAVE - questions.length;
  return (
    <section aria-labelledby={`${ids}-questions-title`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${ids}-questions-title`} className="text-base font-semibold text-ink">
          Questions <span className="text-sm font-normal text-muted">({questions.length})</span>
        </h3>
        {questions.length > 1 && (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" className="h-8 px-3" onClick={() => onExpand(new Set(questions.map((q) => q.key)))}>
              <ChevronsUpDown aria-hidden="true" className="size-4" /> Expand all
            </Button>
            <Button variant="ghost" size="sm" className="h-8 px-3" onClick={() => onExpand(new Set())}>
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
            onToggle={() => onToggle(question.key)}
            onChange={(change) => onChange(question.key, change)}
            onMove={(delta) => onMove(index, delta)}
            onRemove={() => onRemove(question)}
          />
        ))}
      </ol>
      <Button id={`${ids}-add`} variant="outline" size="sm" className="mt-3" disabled={questions.length >= MAX_QUESTIONS} onClick={onAdd}>
        <Plus aria-hidden="true" className="size-4" /> Add question
      </Button>
    </section>
  );
}

/** Asks before a question leaves the draft, quoting its text. `onCancel` gets the question back. */
export function RemoveQuestionDialog({
  question,
  onCancel,
  onConfirm,
}: {
  question: QuestionDraft | null;
  onCancel: (question: QuestionDraft) => void;
  onConfirm: () => void;
}) {
  const prompt = question?.prompt.trim() ?? "";
  return (
    <ConfirmDialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open && question) onCancel(question);
      }}
      title="Remove this question?"
      description={
        <>
          {prompt ? (
            <>
              “{prompt.slice(0, 140)}
              {prompt.length > 140 ? "…" : ""}”{" "}
            </>
          ) : (
            "This question "
          )}
          is taken out of the draft. Learners see no change until you save the assessment.
        </>
      }
      confirmLabel="Remove question"
      onConfirm={onConfirm}
    />
  );
}
