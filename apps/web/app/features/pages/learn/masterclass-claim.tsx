import { Loader2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { LEARNING_MESSAGES, TOAST_MS } from "@vestin/shared/learning-core";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { learnHome, MASTERCLASS_CLAIM_PATH, masterclassClaim as copy } from "~/content/learning-pages";
import { enroll, enrollmentStatus, forgetCourse } from "~/features/learning";
import { signOutLocally, useAuth } from "~/lib/session/auth-store";
import { signInPath } from "~/lib/session/redirects";

const { courseSlug, title } = learnHome.masterclass;
const COURSE_PATH = `/learn/course/${courseSlug}`;
const SIGN_UP_PATH = `/signup?redirect=${encodeURIComponent(MASTERCLASS_CLAIM_PATH)}`;
const SIGN_IN_PATH = signInPath(MASTERCLASS_CLAIM_PATH);

type Step = { kind: "working" } | { kind: "failed"; message: string };

/**
 * Claiming the free masterclass. A signed-out visitor goes to sign up (the sign-up and sign-in
 * pages bring them back here); a signed-in one is enrolled through the enrol API and taken to the
 * course, and one already enrolled is taken there too. Until scripts run (or without them), the
 * page offers the same choices as plain links.
 */
export function MasterclassClaim() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: "working" });
  const claimed = useRef(false);

  const claim = useCallback(async () => {
    setStep({ kind: "working" });
    // Someone already enrolled just opens the course (asking first keeps a refused enrolment out of the console).
    if ((await enrollmentStatus(courseSlug)).isEnrolled) {
      await navigate(COURSE_PATH, { replace: true });
      return;
    }
    const result = await enroll(courseSlug);
    if (result.ok || result.status === 409) {
      if (result.ok) {
        // The course page reads the learner's lessons from a per-course cache: drop any copy from before the enrolment.
        forgetCourse(result.data.courseId);
        toast.success(LEARNING_MESSAGES.courseEnrolled, { description: `You are enrolled in ${title}.`, duration: TOAST_MS.enrolled });
      }
      await navigate(COURSE_PATH, { replace: true });
      return;
    }
    if (result.status === 401) {
      // The stored session has ended on the server: sign in again and come back here.
      signOutLocally();
      await navigate(SIGN_IN_PATH, { replace: true });
      return;
    }
    setStep({ kind: "failed", message: result.message });
  }, [navigate]);

  useEffect(() => {
    if (auth.isLoading || claimed.current) return;
    claimed.current = true;
    if (auth.isAuthenticated) void claim();
    else void navigate(SIGN_UP_PATH, { replace: true });
  }, [auth.isLoading, auth.isAuthenticated, claim, navigate]);

  if (auth.isLoading) {
    // The server's page, and the page before scripts run: the choices as plain links.
    return (
      <div className="grid gap-6">
        <p className="leading-relaxed text-muted">{copy.howItWorks}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={SIGN_UP_PATH} size="lg">
            {copy.signUpLabel}
          </ButtonLink>
          <ButtonLink to={SIGN_IN_PATH} size="lg" variant="outline">
            {copy.signInLabel}
          </ButtonLink>
        </div>
        <OutlineLink />
      </div>
    );
  }

  if (step.kind === "failed") {
    return (
      <div className="grid gap-6">
        <Notice tone="danger">
          <p className="font-semibold">{copy.failed}</p>
          <p>{step.message}</p>
        </Notice>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="lg" onClick={() => void claim()}>
            {copy.retryLabel}
          </Button>
          <ButtonLink to={COURSE_PATH} size="lg" variant="outline">
            {copy.openCourseLabel}
          </ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <p role="status" className="flex items-center gap-3 text-lg font-medium">
        <Loader2 aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-violet motion-reduce:animate-none" />
        {auth.isAuthenticated ? copy.enrolling : copy.toSignUp}
      </p>
      <OutlineLink />
    </div>
  );
}

function OutlineLink() {
  return (
    <p className="text-sm text-muted">
      <Link to={COURSE_PATH} className="font-semibold text-brand-violet underline-offset-4 hover:underline">
        {copy.outlineLabel}
      </Link>
    </p>
  );
}
