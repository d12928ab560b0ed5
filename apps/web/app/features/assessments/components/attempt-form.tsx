import { Send } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import type { Attempt } from "@vestin/shared/assessments";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { countAnswered, isAnswered, submission, type DraftAnswers } from "../answers";
import { submitAttempt } from "../api/assessment-api";
import { ASSESSMENT_COPY } from "../copy";
import { clearDraft, loadDraft, saveDraft } from "../draft-storage";
import { focusQuestion } from "../focus-question";
import { formatTime } from "../format";
import { AttemptClock } from "./attempt-clock";
import { AnsweredCount, QuestionList, SubmitBar } from "./question-list";
import { SubmitConfirmDialog } from "./submit-confirm-dialog";

/**
 * An open attempt: every question on one page, how many are answered, the time left, and Submit
 * (with a confirmation when some are blank). `onSettled` receives the graded attempt, or the
 * server's 409 message when the attempt was already submitted or has expired.
 */
export function AttemptForm({
  attempt,
  onGraded,
  onConflict,
}: {
  attempt: Attempt;
  onGraded: (graded: Attempt) => void;
  onConflict: (message: string) => void;
}) {
  const [draft, setDraft] = useState<DraftAnswers>({});
  const [restored, setRestored] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const sending = useRef(false);
  const focusAfterDialog = useRef<string | null>(null);
  // The latest answers for a submit started by the clock, whose callback outlives renders.
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);
  const { questions } = attempt;
  const answered = useMemo(() => countAnswered(questions, draft), [questions, draft]);
  const unanswered = questions.length - answered;
  const timed = attempt.timeLimitMinutes !== null;

  useEffect(() => {
    setDraft(loadDraft(attempt.id));
    setRestored(true);
  }, [attempt.id]);

  useEffect(() => {
    if (restored) saveDraft(attempt.id, draft);
  }, [attempt.id, draft, restored]);

  const send = useCallback(
    async (reason: "learner" | "time-up") => {
      if (sending.current) return;
      sending.current = true;
      setSubmitting(true);
      setError(null);
      const result = await submitAttempt(attempt.id, submission(questions, draftRef.current));
      sending.current = false;
      setSubmitting(false);
      if (result.ok) {
        clearDraft(attempt.id);
        if (reason === "time-up") toast.info(ASSESSMENT_COPY.timeUp);
        onGraded(result.data);
      } else if (result.status === 409) {
        onConflict(result.message);
      } else {
        setError(result.message);
      }
    },
    [attempt.id, questions, onGraded, onConflict],
  );

  const onTimeUp = useCallback(() => void send("time-up"), [send]);
  const firstUnanswered = () => questions.find((q) => !isAnswered(q, draft[q.id]));

  return (
    <form
      noValidate
      aria-label="Assessment questions"
      onSubmit={(e) => {
        e.preventDefault();
        if (unanswered > 0) setConfirm(true);
        else void send("learner");
      }}
    >
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted">
        {timed ? (
          <p>{ASSESSMENT_COPY.timedNote(attempt.timeLimitMinutes ?? 0)} Your answers are submitted automatically when the time runs out.</p>
        ) : (
          <p>{ASSESSMENT_COPY.submitBy(formatTime(attempt.expiresAt))}</p>
        )}
      </div>

      <QuestionList questions={questions} draft={draft} onDraftChange={setDraft} disabled={submitting} />

      {error && (
        <Notice tone="danger" className="mt-6">
          {error}
        </Notice>
      )}

      <SubmitBar>
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-0.5 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:gap-x-6">
          <div className="col-start-1 row-start-1">
            <AnsweredCount answered={answered} total={questions.length} />
          </div>
          <div className="col-start-1 row-start-2 sm:col-start-2 sm:row-start-1">
            <AttemptClock expiresAt={attempt.expiresAt} timed={timed} onTimeUp={onTimeUp} />
          </div>
          <Button type="submit" disabled={submitting} className="col-start-2 row-span-2 row-start-1 sm:col-start-3 sm:row-span-1">
            <Send aria-hidden="true" className="size-4" />
            {submitting ? ASSESSMENT_COPY.submitting : ASSESSMENT_COPY.submit}
          </Button>
        </div>
      </SubmitBar>

      <SubmitConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        unanswered={unanswered}
        onConfirm={() => void send("learner")}
        onKeepAnswering={() => {
          focusAfterDialog.current = firstUnanswered()?.id ?? null;
        }}
        onClosed={() => {
          const target = focusAfterDialog.current;
          focusAfterDialog.current = null;
          if (target) focusQuestion(target);
          return target !== null;
        }}
      />
    </form>
  );
}
