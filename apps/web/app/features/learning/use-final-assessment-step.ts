import { useEffect, useState } from "react";
import { useSessionToken } from "~/lib/session/auth-store";
import { assessmentPath, assessmentStatus, certificatePath } from "~/features/assessments";

/** Where a learner who has done every lesson goes next: the final assessment, or their certificate once passed. */
export type FinalStep = { kind: "take"; path: string } | { kind: "certificate"; path: string };

/**
 * The step after the last lesson for the signed-in learner, asked once every lesson is done
 * (`finished`); null before, for a course without an assessment, or while it loads.
 */
export function useFinalAssessmentStep(course: { _id: string; slug: string }, finished: boolean): FinalStep | null {
  const token = useSessionToken();
  const [step, setStep] = useState<FinalStep | null>(null);
  useEffect(() => {
    setStep(null);
    if (!token || !finished) return;
    let cancelled = false;
    void assessmentStatus(course._id).then((result) => {
      const learner = result.ok ? result.data.learner : null;
      if (cancelled || !learner) return;
      if (learner.passed && learner.certificateCode) setStep({ kind: "certificate", path: certificatePath(learner.certificateCode) });
      else if (learner.unlocked && !learner.passed) setStep({ kind: "take", path: assessmentPath(course.slug) });
    });
    return () => {
      cancelled = true;
    };
  }, [token, finished, course._id, course.slug]);
  return step;
}
