import { BookOpen, CheckCircle2, CircleDashed, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AttemptQuestion, QuestionResult, ReviewedQuestion } from "@vestin/shared/assessments";
import { cn } from "~/lib/cn";
import { describeAnswer, toleranceNote } from "../format";

const OUTCOME = {
  right: { label: "Correct", icon: CheckCircle2, badge: "bg-success-bg text-success ring-success/25", given: "bg-success-bg", border: "border-line" },
  wrong: { label: "Incorrect", icon: XCircle, badge: "bg-danger-bg text-danger ring-danger/25", given: "bg-danger-bg", border: "border-red-200" },
  unanswered: { label: "Not answered", icon: CircleDashed, badge: "bg-danger-bg text-danger ring-danger/25", given: "bg-danger-bg", border: "border-red-200" },
} as const;

/** A placement quiz result in the review's shape: the placement quiz always shows its key. */
export const placementReview = (results: QuestionResult[]): ReviewedQuestion[] =>
  results.map((r) => ({
    questionId: r.questionId,
    outcome: r.given === null ? "unanswered" : r.correct ? "right" : "wrong",
    given: r.given,
    lesson: null,
    solution: { rightAnswer: r.rightAnswer, tolerance: r.tolerance, explanation: r.explanation },
  }));

/** The review as a page section: its h2 (the questions' headings are h3), a note on what it shows when there is one, then the questions. */
export function ReviewSection({ id, title, note, children }: { id: string; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      {note && (
        <p className="mt-1 text-sm text-muted" data-testid="review-note">
          {note}
        </p>
      )}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * Every question of a graded attempt (or placement quiz): right or wrong, the learner's answer,
 * the lesson to reread for a wrong one, and the right answer and explanation when the server sent
 * them (a course's review policy may withhold them). Headings are h3: the list sits under a section's h2.
 */
export function QuestionReview({ questions, results, courseSlug }: { questions: AttemptQuestion[]; results: ReviewedQuestion[]; courseSlug?: string }) {
  const byId = new Map(results.map((r) => [r.questionId, r]));
  return (
    <ol className="grid gap-4">
      {questions.map((question, index) => {
        const result = byId.get(question.id);
        if (!result) return null;
        const look = OUTCOME[result.outcome];
        const Icon = look.icon;
        const given = describeAnswer(question, result.given);
        const { solution, lesson } = result;
        const tolerance = solution && question.type === "numeric" ? toleranceNote(solution.tolerance, question.unit) : null;
        return (
          <li
            key={question.id}
            className={cn("rounded-[var(--radius-card)] border bg-white p-5 sm:p-6", look.border)}
            data-review={question.id}
            data-outcome={result.outcome}
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <span className={cn("inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset", look.badge)}>
                <Icon aria-hidden="true" className="size-3.5" />
                {look.label}
              </span>
              <span className="text-xs font-semibold uppercase tracking-widest text-muted">
                Question {index + 1} of {questions.length}
              </span>
            </div>
            <h3 className="mt-3 text-base font-semibold leading-relaxed text-ink">{question.prompt}</h3>
            <dl className={cn("mt-4 grid gap-3 text-sm", solution && "sm:grid-cols-2")}>
              <div className={cn("rounded-xl p-4", look.given)}>
                <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Your answer</dt>
                <dd className="mt-1 text-ink" data-testid="given-answer">
                  <AnswerList items={given} empty="Not answered" />
                </dd>
              </div>
              {solution && (
                <div className="rounded-xl bg-surface p-4">
                  <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Right answer</dt>
                  <dd className="mt-1 text-ink" data-testid="right-answer">
                    <AnswerList items={describeAnswer(question, solution.rightAnswer)} empty="—" />
                    {tolerance && <span className="mt-1 block text-xs text-muted">({tolerance})</span>}
                  </dd>
                </div>
              )}
            </dl>
            {result.outcome !== "right" && lesson && courseSlug && (
              <p className="mt-4 flex items-start gap-2 text-sm text-ink" data-testid="reread-lesson">
                <BookOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-violet" />
                <span>
                  Reread{" "}
                  <Link to={`/learn/course/${courseSlug}/lesson/${lesson.slug}`} className="font-semibold text-brand-violet underline-offset-2 hover:underline">
                    Lesson {lesson.number}: {lesson.title}
                  </Link>
                </span>
              </p>
            )}
            {solution && (
              <div className="mt-4 border-l-4 border-brand-violet/60 pl-4 text-sm leading-relaxed text-ink">
                <p className="font-semibold">Explanation</p>
                <p className="mt-1 text-muted" data-testid="explanation">
                  {solution.explanation}
                </p>
              </div>
            )}
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
