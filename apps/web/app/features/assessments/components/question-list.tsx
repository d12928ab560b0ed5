import type { AttemptQuestion } from "@vestin/shared/assessments";
import type { ReactNode } from "react";
import { ProgressBar } from "~/features/learning";
import { isAnswered, type DraftAnswers } from "../answers";
import { QuestionField } from "./question-field";

/**
 * Every question of an attempt or of the placement quiz, one under the other, each answer kept in
 * the draft. `showMissing` marks those still unanswered (when an answer to each is required).
 */
export function QuestionList({
  questions,
  draft,
  onDraftChange,
  disabled,
  showMissing = false,
}: {
  questions: AttemptQuestion[];
  draft: DraftAnswers;
  onDraftChange: (update: (prev: DraftAnswers) => DraftAnswers) => void;
  disabled: boolean;
  showMissing?: boolean;
}) {
  return (
    <div className="grid gap-5">
      {questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          index={index}
          total={questions.length}
          value={draft[question.id]}
          missing={showMissing && !isAnswered(question, draft[question.id])}
          disabled={disabled}
          onChange={(value) => onDraftChange((prev) => ({ ...prev, [question.id]: value }))}
        />
      ))}
    </div>
  );
}

/** The bar that stays at the bottom of the screen while the learner scrolls through the questions. */
export function SubmitBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-8 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-8px_24px_-16px_rgb(15_23_42/0.25)] backdrop-blur sm:mx-0 sm:rounded-t-2xl sm:border-x sm:px-6">
      {children}
    </div>
  );
}

/** How many questions are answered, as a count announced politely and a bar (from the small breakpoint up). */
export function AnsweredCount({ answered, total }: { answered: number; total: number }) {
  return (
    <>
      <p className="text-sm font-semibold text-ink" aria-live="polite" aria-atomic="true" data-testid="answered-count">
        {answered} of {total} answered
      </p>
      <ProgressBar percent={(answered / Math.max(1, total)) * 100} label="Questions answered" className="mt-1.5 hidden max-w-xs sm:block" />
    </>
  );
}
