import { Send } from "lucide-react";
import { useState } from "react";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments-core";
import type { PlacementQuestion, PlacementResult } from "@vestin/shared/assessments";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { countAnswered, isAnswered, submission, type DraftAnswers } from "../answers";
import { submitPlacement } from "../api/assessment-api";
import { focusQuestion } from "../focus-question";
import { AnsweredCount, QuestionList, SubmitBar } from "./question-list";

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
      <QuestionList questions={questions} draft={draft} onDraftChange={setDraft} disabled={submitting} showMissing={showMissing} />
      <SubmitBar>
        {error && (
          <Notice tone="danger" className="mb-3">
            {error}
          </Notice>
        )}
        <div className="flex items-center gap-x-4 sm:gap-x-6">
          <div className="min-w-0 flex-1">
            <AnsweredCount answered={answered} total={questions.length} />
          </div>
          <Button type="submit" disabled={submitting} className="shrink-0">
            <Send aria-hidden="true" className="size-4" />
            {submitting ? "Grading…" : "See my recommendation"}
          </Button>
        </div>
      </SubmitBar>
    </form>
  );
}
