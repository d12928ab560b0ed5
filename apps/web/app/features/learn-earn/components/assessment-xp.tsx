import { CircleCheck, Clock3, LoaderCircle, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LEARN_EARN_COPY as copy } from "../copy";
import { PASS_POLL, passOutcome, type PassOutcome } from "../logic";
import { useLearnEarn } from "../use-learn-earn";

type Shown = PassOutcome | { kind: "late" };

/**
 * After a passed assessment: the XP its quest grants. The grant is written by a job a few seconds
 * later, so the learner's quests are asked for again every second ("Adding your XP…") until the
 * grant is there (the amount, or why it was withheld); past the last poll the XP is "on its way".
 * Nothing is drawn without a running sprint or a quest for this course.
 */
export function AssessmentXp({ courseId, courseSlug, attemptId }: { courseId: string; courseSlug: string; attemptId: string }) {
  const { state, reload } = useLearnEarn();
  const [polls, setPolls] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt starts the polls again
  useEffect(() => setPolls(0), [attemptId]);

  const data = state.phase === "ready" ? state.data : null;
  const outcome: Shown | null = data ? (data.sprint ? passOutcome(data.quests, courseId, courseSlug) : { kind: "none" }) : null;
  const waiting = outcome?.kind === "waiting";

  useEffect(() => {
    if (!waiting || polls >= PASS_POLL.attempts) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void reload();
    }, PASS_POLL.intervalMs);
    return () => clearTimeout(timer);
  }, [waiting, polls, reload]);

  if (!data?.sprint || !outcome || outcome.kind === "none") return null;
  const shown: Shown = waiting && polls >= PASS_POLL.attempts ? { kind: "late" } : outcome;
  const sprint = data.sprint.name;

  return (
    <div className="mt-5 rounded-xl border border-brand-violet/25 bg-brand-violet/5 px-4 py-3 text-sm" data-testid="assessment-xp" data-outcome={shown.kind}>
      <p role="status" aria-live="polite" className="flex items-start gap-2 font-semibold text-ink">
        {shown.kind === "waiting" && (
          <>
            <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-brand-violet motion-reduce:animate-none" /> {copy.addingXp}
          </>
        )}
        {shown.kind === "granted" && (
          <>
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" /> {copy.xpAdded(shown.xp, sprint)}
          </>
        )}
        {(shown.kind === "withheld" || shown.kind === "revoked") && (
          <>
            <Clock3 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-notice" /> {copy.xpWithheld(shown.reason)}
          </>
        )}
        {shown.kind === "late" && (
          <>
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-violet" /> {copy.xpLater}
          </>
        )}
      </p>
      {shown.kind !== "waiting" && (
        <Link to="/learn/my-learning" className="mt-1 inline-block font-semibold text-brand-violet underline-offset-4 hover:underline">
          {copy.seeQuests}
        </Link>
      )}
    </div>
  );
}
