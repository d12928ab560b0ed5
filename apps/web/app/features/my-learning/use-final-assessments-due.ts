import { useEffect, useState } from "react";
import type { Course } from "@vestin/shared/learning";
import { useSessionToken } from "~/lib/session/auth-store";
import { completedNext } from "./labels";

const NONE: ReadonlySet<string> = new Set();

/**
 * Of the courses shown, those whose lessons the signed-in learner has all done but whose final
 * assessment they have still to pass (course ids). Asked only when a shown course is at 100 %, with
 * one request for all of them (My learning's answer knows each course's assessment and certificate).
 */
export function useFinalAssessmentsDue(courses: Course[]): ReadonlySet<string> {
  const token = useSessionToken();
  const [due, setDue] = useState<ReadonlySet<string>>(NONE);
  const finished = courses
    .filter((c) => (c.userProgress?.progressPercentage ?? 0) >= 100)
    .map((c) => c._id)
    .join(",");

  useEffect(() => {
    if (!token || !finished) {
      setDue(NONE);
      return;
    }
    let cancelled = false;
    // The API module checks answers against the shared schemas (zod): loaded only for a learner with a finished course.
    void import("./api/my-learning-api")
      .then(({ myLearning }) => myLearning())
      .then((result) => {
        // A failure leaves the cards as they are ("Completed"); the course page still offers the assessment.
        if (cancelled || !result.ok) return;
        setDue(new Set(result.data.completed.filter((c) => completedNext(c).kind === "assessment").map((c) => c.courseId)));
      });
    return () => {
      cancelled = true;
    };
  }, [token, finished]);

  return due;
}
