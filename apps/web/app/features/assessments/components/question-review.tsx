import { CheckCircle2, XCircle } from "lucide-react";
import type { AttemptQuestion, QuestionResult } from "@vestin/shared/assessments";
import { cn } from "~/lib/cn";
import { describeAnswer, toleranceNote } from "../format";

/**
 * Every question of a graded attempt (or placement quiz): right or wrong, the learner's answer,
 * the right answer and the explanation. Headings are h3: the list sits under a section's h2.
 */
export function QuestionReview({ questions, results }: { questions: AttemptQuestion[]; results: QuestionResult[] }) {
  const byId = new Map(results.map((r) => [r.questionId, r]));
  return (
    <ol className="grid gap-4">
      {questions.map((question, index) => {
        const result = byId.get(question.id);
        if (!result) return null;
        const given = describeAnswer(question, result.given);
        const right = describeAnswer(question, result.rightAnswer);
        const tolerance = question.type === "numeric" ? toleranceNote(result.tolerance, question.unit) : null;
        return (
          <li
            key={question.id}
            className={cn("rounded-[var(--radius-card)] border bg-white p-5 sm:p-6", result.correct ? "border-line" : "border-red-200")}
            data-review={question.id}
            data-correct={result.correct}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <span
                className={cn(
                  "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
                  result.correct ? "bg-success-bg text-success ring-success/25" : "bg-danger-bg text-danger ring-danger/25",
                )}
              >
                {result.correct ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : <XCircle aria-hidden="true" className="size-3.5" />}
                {result.correct ? "Correct" : "Incorrect"}
              </span>
              <span className="text-xs font-semibold uppercase tracking-widest text-muted">
                Question {index + 1} of {questions.length}
              </span>
            </div>
            <h3 className="mt-3 text-base font-semibold leading-relaxed text-ink">{question.prompt}</h3>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <div className={cn("rounded-xl p-4", result.correct ? "bg-success-bg" : "bg-danger-bg")}>
                <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Your answer</dt>
                <dd className="mt-1 text-ink" data-testid="given-answer">
                  <AnswerList items={given} empty="Not answered" />
                </dd>
              </div>
              <div className="rounded-xl bg-surface p-4">
                <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Right answer</dt>
                <dd className="mt-1 text-ink" data-testid="right-answer">
                  <AnswerList items={right} empty="—" />
                  {tolerance && <span className="mt-1 block text-xs text-muted">({tolerance})</span>}
                </dd>
              </div>
            </dl>
            <div className="mt-4 border-l-4 border-brand-violet/60 pl-4 text-sm leading-relaxed text-ink">
              <p className="font-semibold">Explanation</p>
              <p className="mt-1 text-muted" data-testid="explanation">
                {result.explanation}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function AnswerList({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <span className="italic text-muted">{empty}</span>;
  if (items.length === 1) return <span className="font-medium">{items[0]}</span>;
  return (
    <ul className="grid list-disc gap-1 pl-5 font-medium">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
