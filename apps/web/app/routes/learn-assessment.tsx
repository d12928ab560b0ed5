import { useState } from "react";
import { data, isRouteErrorResponse, Link, redirect, useNavigate, useParams, useSearchParams } from "react-router";
import { ASSESSMENT_MESSAGES } from "@vestin/shared/assessments-core";
import type { Attempt } from "@vestin/shared/assessments";
import { LEARNING_MESSAGES } from "@vestin/shared/learning-core";
import type { Course } from "@vestin/shared/learning";
import { Button, ButtonLink } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { publicAssessmentFrom, startAttempt } from "~/features/assessments/api/assessment-api";
import { AssessmentStart } from "~/features/assessments/components/assessment-start";
import { AttemptForm } from "~/features/assessments/components/attempt-form";
import { AttemptResult } from "~/features/assessments/components/attempt-result";
import { SignInPrompt } from "~/features/assessments/components/sign-in-prompt";
import { plural } from "~/features/assessments/format";
import { assessmentPath } from "~/features/assessments/paths";
import { useAssessmentStatus } from "~/features/assessments/use-assessment-status";
import { useAttempt } from "~/features/assessments/use-attempt";
import { AssessmentXp, courseOffer, useLearnEarnOffers, XpOffer } from "~/features/learn-earn";
import { CourseBackLink } from "~/features/learning/components/course-back-link";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/learn-assessment";

export const handle: RouteHandle = { loaderText: "Loading the assessment..." };

/** Public data only (the HTML is shared): the course and the assessment's rules. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = context.get(appContext);
  const key = encodeURIComponent(params.courseId);
  const [courseRes, statusRes] = await Promise.all([api(`/courses/${key}`), api(`/courses/${key}/assessment`)]);
  if (courseRes.status === 404) throw data({ message: LEARNING_MESSAGES.courseNotFound, courseId: params.courseId }, { status: 404 });
  if (!courseRes.ok) throw data({ message: "Failed to fetch course", courseId: params.courseId }, { status: 502 });
  const course = ((await courseRes.json()) as { data: Course }).data;
  // One address per course: an id (the lesson page's Congratulations dialog links by id) becomes the slug.
  // 302, not 301: an administrator may change the slug later.
  if (params.courseId !== course.slug) throw redirect(`/learn/course/${course.slug}/assessment${new URL(request.url).search}`, 302);
  if (statusRes.status === 404) throw data({ message: ASSESSMENT_MESSAGES.notFound, courseId: course.slug }, { status: 404 });
  // Any other failure: the rules load in the browser instead.
  const assessment = await publicAssessmentFrom(statusRes);
  return { course: { _id: course._id, slug: course.slug, title: course.title }, assessment };
}

export const meta: Route.MetaFunction = (args) => {
  const course = args.loaderData?.course;
  if (!course) return [{ title: "Assessment not found | Vestin" }, { name: "robots", content: "noindex" }];
  return pageMeta(args, {
    title: `Final assessment · ${course.title}`,
    description: `The final assessment of ${course.title}: pass it to earn your verified Vestin certificate.`,
    path: `/learn/course/${course.slug}/assessment`,
    noindex: true,
  });
};

export default function AssessmentPage({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  const [params] = useSearchParams();
  const attemptId = params.get("attempt");
  const navigate = useNavigate();
  const status = useAssessmentStatus(course.slug, loaderData.assessment ?? undefined);
  const attempt = useAttempt(attemptId);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const rules = status.status;
  const offers = useLearnEarnOffers();

  const start = async () => {
    setStarting(true);
    setStartError(null);
    setConflict(null);
    const result = await startAttempt(course.slug);
    setStarting(false);
    if (result.ok) {
      attempt.show(result.data);
      void navigate(assessmentPath(course.slug, result.data.id));
      window.scrollTo({ top: 0 });
      return;
    }
    // 403 not enrolled / locked, 429 no attempts left: the server's words, and the standing refreshed.
    setStartError(result.message);
    void status.reload();
  };

  const graded = (done: Attempt) => {
    attempt.show(done);
    void status.reload();
    window.scrollTo({ top: 0 });
  };

  const onConflict = (message: string) => {
    setConflict(message);
    void attempt.reload();
    void status.reload();
  };

  let body: React.ReactNode;
  if (status.authLoading) body = <Loading text="Loading the assessment…" />;
  else if (!status.signedIn || (status.phase === "ready" && !status.status.learner)) {
    body = <SignInPrompt returnTo={assessmentPath(course.slug, attemptId ?? undefined)} />;
  } else if (attemptId) {
    const a = attempt.state;
    if (a.phase === "ready" && a.attempt.courseId === course._id) {
      if (a.attempt.status === "open" || a.attempt.status === "submitted") {
        const open = a.attempt.status === "open";
        // A refused submission (409) reloads the attempt: a warning while it is still open, a note once it shows graded.
        body = (
          <div className="mx-auto max-w-3xl">
            {conflict && (
              <Notice tone={open ? "danger" : "info"} className="mb-6">
                {conflict}
              </Notice>
            )}
            {open ? (
              <AttemptForm key={a.attempt.id} attempt={a.attempt} onGraded={graded} onConflict={onConflict} />
            ) : (
              <AttemptResult
                attempt={a.attempt}
                status={rules}
                courseSlug={course.slug}
                onTryAgain={() => void start()}
                starting={starting}
                startError={startError}
              >
                {a.attempt.result?.passed && <AssessmentXp courseId={course._id} courseSlug={course.slug} attemptId={a.attempt.id} />}
              </AttemptResult>
            )}
          </div>
        );
      } else {
        body = (
          <div className="mx-auto grid max-w-3xl gap-4">
            <Notice tone="notice">{conflict ?? ASSESSMENT_MESSAGES.expired}</Notice>
            {startError && <Notice tone="danger">{startError}</Notice>}
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void start()} disabled={starting}>
                {starting ? "Starting…" : "Start a new attempt"}
              </Button>
              <ButtonLink to={assessmentPath(course.slug)} variant="outline">
                Your attempts and the rules
              </ButtonLink>
            </div>
          </div>
        );
      }
    } else if (a.phase === "error" || a.phase === "ready") {
      body = (
        <div className="mx-auto grid max-w-3xl gap-4">
          <Notice tone="danger">{a.phase === "error" ? a.message : ASSESSMENT_MESSAGES.attemptNotFound}</Notice>
          <ButtonLink to={assessmentPath(course.slug)} variant="outline" className="justify-self-start">
            Back to the assessment
          </ButtonLink>
        </div>
      );
    } else body = <Loading text="Loading your attempt…" />;
  } else if (status.phase === "error" && !status.status?.learner) {
    body = (
      <div className="mx-auto grid max-w-3xl gap-4">
        <Notice tone="danger">{status.message}</Notice>
        <Button variant="outline" className="justify-self-start" onClick={() => void status.reload()}>
          Try again
        </Button>
      </div>
    );
  } else if (status.phase === "ready" && status.status.learner) {
    body = (
      <AssessmentStart
        status={status.status}
        learner={status.status.learner}
        courseSlug={course.slug}
        onStart={() => void start()}
        starting={starting}
        error={startError}
      />
    );
  } else body = <Loading text="Loading your progress…" />;

  return (
    <div className="bg-surface/60">
      <header className="border-b border-line bg-surface">
        <div className="container-page py-8 sm:py-10">
          <CourseBackLink course={course} />
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Final assessment</h1>
          {rules && (
            <p className="mt-2 text-muted">
              {plural(rules.questionCount, "question")} · pass mark {rules.passMark} %
            </p>
          )}
          <XpOffer text={courseOffer(offers, course._id)} className="mt-2" />
          {attemptId && attempt.state.phase === "ready" && (
            <Link to={assessmentPath(course.slug)} className="mt-3 inline-block text-sm font-semibold text-brand-violet hover:underline">
              Your attempts and the rules
            </Link>
          )}
        </div>
      </header>
      <div className="container-page py-8 sm:py-12">{body}</div>
    </div>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <div className="mx-auto max-w-3xl animate-pulse rounded-[var(--radius-card)] border border-line bg-white p-8" aria-busy="true">
      <p role="status" className="text-muted">
        {text}
      </p>
      <div aria-hidden="true" className="mt-6 grid gap-3">
        <div className="h-4 w-2/3 rounded bg-slate-100" />
        <div className="h-4 w-1/2 rounded bg-slate-100" />
        <div className="h-4 w-3/4 rounded bg-slate-100" />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const params = useParams();
  const info = isRouteErrorResponse(error) ? (error.data as { message?: string; courseId?: string }) : undefined;
  const message = info?.message ?? "Failed to load the assessment";
  const courseId = info?.courseId ?? params.courseId ?? "";
  const noAssessment = message === ASSESSMENT_MESSAGES.notFound;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>{`${message} | Vestin`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight">{message}</h1>
      <p className="mt-3 max-w-md text-muted">
        {noAssessment
          ? "Complete the course's lessons in the meantime; the certificate for completing them is still yours."
          : message === LEARNING_MESSAGES.courseNotFound
            ? "This course does not exist or is not published."
            : "We could not load the assessment. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {message !== LEARNING_MESSAGES.courseNotFound && <ButtonLink to={`/learn/course/${courseId}`}>Back to Course</ButtonLink>}
        <ButtonLink to="/learn/courses" variant="outline">
          Back to Courses
        </ButtonLink>
      </div>
    </section>
  );
}
