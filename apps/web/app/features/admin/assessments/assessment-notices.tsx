import { ClipboardCheck, Plus } from "lucide-react";
import { bankShortfall } from "@vestin/shared/assessments";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { errorCount, MIN_TO_SAVE, parseDecimal, type AssessmentDraft, type QuestionDraft, type RoutedErrors } from "./assessment-draft";

/** Shown at most; the rest are counted ("and 3 more"). */
const LISTED = 8;

type SummaryItem = { key: string; label: string; target: () => void };

/** Every problem of a refused save, in the page's order, each with the way to its field. */
export function summaryItems(
  errors: RoutedErrors,
  questions: QuestionDraft[],
  { ids, focus, openQuestion }: { ids: string; focus: (elementId: string) => void; openQuestion: (key: string, field: string) => void },
): SummaryItem[] {
  return [
    ...Object.entries(errors.settings).map(([field, message]) => ({ key: `settings.${field}`, label: message, target: () => focus(`${ids}-${field}`) })),
    ...(errors.list ? [{ key: "questions", label: errors.list, target: () => focus(`${ids}-questions`) }] : []),
    ...questions.flatMap((q, index) =>
      Object.entries(errors.questions[q.key] ?? {}).map(([field, message]) => {
        const option = /^options\.(\d+)$/.exec(field)?.[1];
        const where = option === undefined ? `Question ${index + 1}` : `Question ${index + 1}, option ${Number(option) + 1}`;
        return { key: `${q.key}.${field}`, label: `${where}: ${message}`, target: () => openQuestion(q.key, field) };
      }),
    ),
  ];
}

/**
 * Why nothing was saved, above the form: the message, then the first problems as buttons that
 * move focus to their fields, and messages that belong to no field. Focus comes here after a
 * refused save (`id`).
 */
export function ErrorSummary({ id, message, errors, items }: { id: string; message: string; errors: RoutedErrors; items: SummaryItem[] }) {
  return (
    <div id={id} tabIndex={-1} className="focus:outline-none">
      <Notice tone="danger">
        <p className="font-semibold">{message}</p>
        {errorCount(errors) > 0 && (
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {items.slice(0, LISTED).map((item) => (
              <li key={item.key}>
                <button type="button" className="block text-left underline underline-offset-2 hover:no-underline" onClick={item.target}>
                  {item.label}
                </button>
              </li>
            ))}
            {items.length > LISTED && <li>and {items.length - LISTED} more, marked in red below.</li>}
            {errors.other.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </Notice>
    </div>
  );
}

/** A course without an assessment: what that means for learners, and the way to create one. */
export function NoAssessment({ createId, onCreate }: { createId: string; onCreate: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center sm:px-8">
      <ClipboardCheck aria-hidden="true" className="mx-auto size-8 text-brand-teal-dark" />
      <p className="mx-auto mt-3 max-w-xl text-sm leading-relaxed text-ink">
        This course has no assessment. Learners get a certificate for completing the lessons. Add questions to require a pass.
      </p>
      <p className="mx-auto mt-1 max-w-xl text-xs text-muted">
        An assessment needs at least {MIN_TO_SAVE} questions before it can be saved; you can start with one.
      </p>
      <Button id={createId} className="mt-5" size="sm" onClick={onCreate}>
        <Plus aria-hidden="true" className="size-4" /> Create assessment
      </Button>
    </div>
  );
}

const listOf = (numbers: number[]) =>
  numbers.length === 1 ? `Lesson ${numbers[0]} has` : `Lessons ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)} have`;

/**
 * A bank too small to be worth a certificate: fewer than twice the questions an attempt draws (two
 * attempts would share most of their questions), or a lesson with fewer than two questions (every
 * draw would ask the same one). A warning while editing; the server refuses only more questions
 * per attempt than the bank holds.
 */
export function BankShortfall({ draft, lessonCount }: { draft: AssessmentDraft; lessonCount: number }) {
  const perAttempt = Number(draft.questionsPerAttempt.trim());
  if (draft.questions.length === 0 || !Number.isInteger(perAttempt) || perAttempt < 1) return null;
  const questions = draft.questions.map((q) => {
    const lesson = parseDecimal(q.lesson);
    return { lesson: Number.isInteger(lesson) && lesson >= 1 ? lesson : undefined };
  });
  const lessons = Array.from({ length: lessonCount }, (_, i) => i + 1);
  const { poolTooSmall, needed, thinLessons } = bankShortfall(questions, perAttempt, lessons);
  if (!poolTooSmall && thinLessons.length === 0) return null;
  return (
    <Notice tone="notice">
      <div data-testid="bank-shortfall">
        <p className="font-semibold">Bank shortfall</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {poolTooSmall && (
            <li>
              Each attempt draws {perAttempt} questions, so the bank needs at least {needed}; it has {draft.questions.length}. Attempts would repeat most of
              their questions.
            </li>
          )}
          {thinLessons.length > 0 && (
            <li>
              {listOf(thinLessons)} fewer than 2 questions: every attempt would ask the same question from it, or none. Write more from{" "}
              {thinLessons.length === 1 ? "that lesson" : "those lessons"}.
            </li>
          )}
        </ul>
      </div>
    </Notice>
  );
}
