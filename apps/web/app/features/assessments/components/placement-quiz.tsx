import { Send } from "lucide-react";
import { useState } from "react";
import { ASSESSMENT_MESSAGES, type PlacementQuestion, type PlacementResult } from "@vestin/shared/assessments";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { ProgressBar } from "~/features/learning/components/badges";
import { countAnswered, isAnswered, submission, type DraftAnswers } from "../answers";
import { submitPlacement } from "../api/assessment-api";
import { focusQuestion } from "../focus-question";
import { QuestionField } from "./question-field";

/** The placement quiz as one form; every question must be answered before it is graded. */
export function PlacementQuiz({ questions, onGraded }: { questions: PlacementQuestion[]; onGraded: (result: PlacementResult) => void }) {
  const [draft, setDraft] = useState<DraftAnswers>({});
  const [showMissing, setShowMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answered = countAnswered(questions, draft);

  const submit = async () => {
    const first = questions.find((q) => !isAnswered(q, draft[q.id]));
    if (first) {
      setShowMissing(true);
      setError(ASSESSMENT_MESSAGES.placementIncomplete);
      focusQuestion(first.id);
      return;
    }
    setSubmitting(true);
    setError(null);
    const result = await submitPlacement(submission(questions, draft));
    setSubmitting(false);
    if (result.ok) onGraded(result.data);
    else setError(result.message);
  };

  return (
    <form
      noValidate
      aria-label="Placement quiz"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-5">
        {questions.map((question, index) => (
          <QuestionField
            key={question.id}
            question={question}
            index={index}
            total={questions.length}
            value={draft[question.id]}
            missing={showMissing && !isAnswered(question, draft[question.id])}
            disabled={submitting}
            onChange={(value) => setDraft((prev) => ({ ...prev, [question.id]: value }))}
          />
        ))}
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 mt-8 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-8px_24px_-16px_rgb(15_23_42/0.25)] backdrop-blur sm:mx-0 sm:rounded-t-2xl sm:border-x sm:px-6">
        {error && (
          <Notice tone="danger" className="mb-3">
            {error}
          </Notice>
        )}
        <div className="flex items-center gap-x-4 sm:gap-x-6">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-ink" aria-live="polite" aria-atomic="true" data-testid="answered-count">
              {answered} of {questions.length} answered
            </p>
            <ProgressBar percent={(answered / Math.max(1, questions.length)) * 100} label="Questions answered" className="mt-1.5 hidden max-w-xs sm:block" />
          </div>
          <Button type="submit" disabled={submitting} className="shrink-0">
            <Send aria-hidden="true" className="size-4" />
            {submitting ? "Grading…" : "See my recommendation"}
          </Button>
        </div>
      </div>
    </form>
  );
}
