import { ArrowLeft, ArrowRight, Award, CheckCircle2, ClipboardCheck, ListOrdered, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { data, isRouteErrorResponse, Link, useParams } from "react-router";
import { LEARNING_MESSAGES } from "@vestin/shared/learning-core";
import type { Lesson } from "@vestin/shared/learning";
import { Button, ButtonLink } from "~/components/ui/button";
import { courseOutline, type CourseWithLessons } from "~/features/learning/api/learning-api";
import { ProgressBar } from "~/features/learning/components/badges";
import { CongratulationsDialog, EnrollmentRequiredDialog } from "~/features/learning/components/course-dialogs";
import { LessonContent } from "~/features/learning/components/lesson-content";
import { UpdatedBadge, UpdatedNotice } from "~/features/learning/components/updated-mark";
import { previousLesson } from "~/features/learning/lesson-steps";
import { useFinalAssessmentStep } from "~/features/learning/use-final-assessment-step";
import { ASSESSMENT_COPY } from "~/features/assessments/copy";
import { MY_LEARNING_COPY } from "~/features/my-learning/copy";
import { LoginRequiredDialog } from "~/features/learning/components/login-required-dialog";
import { useCourseState } from "~/features/learning/use-course-state";
import { useRecordLessonVisit } from "~/features/my-learning/use-record-lesson-visit";
import { CourseBackLink } from "~/features/learning/components/course-back-link";
import { appContext } from "~/lib/app-context";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/learn-lesson";

/** A lesson is addressed by its slug, its id or its number within the course. */
function findLesson(lessons: Lesson[], key: string): Lesson | undefined {
  return lessons.find((l) => l.slug === key || l._id === key || String(l.lessonNumber) === key);
}

export const handle: RouteHandle = { loaderText: "Loading lesson..." };

export async function loader({ params, context }: Route.LoaderArgs) {
  const res = await context.get(appContext).api(`/courses/${encodeURIComponent(params.courseId)}/lessons`);
  if (res.status === 404) throw data({ message: LEARNING_MESSAGES.courseNotFound, courseId: params.courseId }, { status: 404 });
  if (!res.ok) throw data({ message: "Failed to fetch lesson", courseId: params.courseId }, { status: 502 });
  const body = ((await res.json()) as { data: CourseWithLessons }).data;
  const lesson = findLesson(body.lessons.data, params.lessonId);
  if (!lesson) throw data({ message: LEARNING_MESSAGES.lessonNotFound, courseId: params.courseId }, { status: 404 });
  return courseOutline(body, lesson._id);
}

export const meta: Route.MetaFunction = (args) => {
  const lesson = args.loaderData ? findLesson(args.loaderData.lessons.data, args.params.lessonId) : undefined;
  if (!args.loaderData || !lesson) return [{ title: "Lesson not found | Vestin" }, { name: "robots", content: "noindex" }];
  return pageMeta(args, {
    title: `${lesson.title} · ${args.loaderData.course.title}`,
    description: lesson.description || args.loaderData.course.description.slice(0, 200),
    path: `/learn/course/${args.loaderData.course.slug}/lesson/${lesson.slug}`,
  });
};

function Curriculum({
  lessons,
  current,
  courseSlug,
  completed,
  total,
  onNavigate,
}: {
  lessons: Lesson[];
  current: Lesson;
  courseSlug: string;
  completed: number;
  total: number;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Curriculum">
      <p className="px-2 text-xs font-semibold uppercase tracking-widest text-muted">Curriculum</p>
      <ol className="mt-3 grid gap-1">
        {lessons.map((lesson) => {
          const active = lesson._id === current._id;
          return (
            <li key={lesson._id}>
              <Link
                to={`/learn/course/${courseSlug}/lesson/${lesson.slug}`}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-start gap-2 rounded-xl px-2 py-2 text-sm transition-colors",
                  active ? "bg-brand-violet/10 font-semibold text-ink" : "text-muted hover:bg-surface hover:text-ink",
                )}
              >
                <span className="flex-1">
                  {lesson.lessonNumber}. {lesson.title}
                  <span className="block text-xs font-normal text-muted">{lesson.duration || "15 min"}</span>
                  {lesson.updatedSinceCompletion && <UpdatedBadge className="mt-1" />}
                </span>
                {lesson.isCompleted && <CheckCircle2 aria-label="Completed" className="mt-0.5 size-4 shrink-0 text-success" />}
              </Link>
            </li>
          );
        })}
      </ol>
      <p className="mt-4 px-2 text-xs text-muted" data-testid="curriculum-caption">
        {completed} of {total} lessons completed
      </p>
    </nav>
  );
}

export default function LessonPage({ loaderData }: Route.ComponentProps) {
  const params = useParams();
  const state = useCourseState(loaderData);
  const { course, lessons } = state.data;
  const lesson = findLesson(lessons.data, params.lessonId ?? "") ?? lessons.data[0];
  const [drawer, setDrawer] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [enrollRequired, setEnrollRequired] = useState(false);
  const [congrats, setCongrats] = useState(false);
  const [busy, setBusy] = useState(false);
  const percent = course.userProgress?.progressPercentage ?? 0;
  // An enrolled learner's visit is remembered so My learning can bring them back here.
  useRecordLessonVisit(lesson?._id, state.enrolled);
  const finalStep = useFinalAssessmentStep(course, state.enrolled && percent >= 100);
  if (!lesson) return null;
  const index = lessons.data.indexOf(lesson);
  const previous = previousLesson(lessons.data, lesson);
  const next = lessons.data[index + 1];
  const completed = course.userProgress?.completedLessons ?? lessons.data.filter((l) => l.isCompleted).length;

  const markComplete = async () => {
    setBusy(true);
    const outcome = await state.complete(lesson);
    setBusy(false);
    if (outcome === "signed-out") setLoginOpen(true);
    else if (outcome === "not-enrolled") setEnrollRequired(true);
    else if (outcome === "finished-course") setCongrats(true);
  };

  const curriculum = (onNavigate?: () => void) => (
    <Curriculum lessons={lessons.data} current={lesson} courseSlug={course.slug} completed={completed} total={lessons.count} onNavigate={onNavigate} />
  );

  return (
    <div className="bg-white">
      <header className="border-b border-line bg-surface">
        <div className="container-page py-6">
          <CourseBackLink course={course} />
          <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
            <span data-testid="lesson-position">
              Lesson {lesson.lessonNumber} of {lessons.count}
            </span>
            <span>{lesson.duration || "N/A"}</span>
            <div className="flex min-w-48 flex-1 items-center gap-3 sm:max-w-xs">
              <ProgressBar percent={percent} label="Course progress" className="flex-1" />
              <span className="text-xs font-semibold text-ink" data-testid="lesson-progress">
                {percent}%
              </span>
            </div>
            <Button variant="outline" size="sm" className="lg:hidden" onClick={() => setDrawer(true)}>
              <ListOrdered aria-hidden="true" className="size-4" /> Lessons
            </Button>
          </div>
        </div>
      </header>

      <div className="container-page grid gap-10 py-10 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <div className="sticky top-28 max-h-[calc(100dvh-8rem)] overflow-y-auto pr-2">{curriculum()}</div>
        </aside>

        <article className="min-w-0 max-w-3xl">
          <p className="text-sm font-semibold text-brand-teal-dark">
            Lesson {lesson.lessonNumber} · {lesson.duration || "15 min"}
            {lesson.isCurrent && state.enrolled && !lesson.isCompleted ? " · Current" : ""}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{lesson.title}</h1>
          {lesson.updatedSinceCompletion && <UpdatedNotice completedAt={lesson.completedAt} />}
          <div className="mt-6">
            <LessonContent lesson={lesson} />
          </div>

          <div className="mt-12 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-6">
            {previous ? (
              <ButtonLink to={`/learn/course/${course.slug}/lesson/${previous.slug}`} variant="outline">
                <ArrowLeft aria-hidden="true" className="size-4" /> Previous Lesson
              </ButtonLink>
            ) : (
              <Button variant="outline" disabled>
                <ArrowLeft aria-hidden="true" className="size-4" /> Previous Lesson
              </Button>
            )}
            {lesson.isCompleted ? (
              <span aria-disabled="true" className="inline-flex items-center gap-1.5 rounded-full bg-success-bg px-4 py-2.5 text-sm font-semibold text-success">
                <CheckCircle2 aria-hidden="true" className="size-4" /> Completed
              </span>
            ) : (
              <Button onClick={() => void markComplete()} disabled={busy}>
                {busy ? "Saving…" : "Mark as Complete"}
              </Button>
            )}
            {next ? (
              <ButtonLink to={`/learn/course/${course.slug}/lesson/${next.slug}`} variant="outline">
                Next Lesson <ArrowRight aria-hidden="true" className="size-4" />
              </ButtonLink>
            ) : (
              <span className="w-32" aria-hidden="true" />
            )}
          </div>
          {finalStep && (
            <div
              className="mt-6 flex flex-col gap-4 rounded-2xl border border-brand-violet/30 bg-brand-violet/5 p-5 sm:flex-row sm:items-center"
              data-testid="final-step"
            >
              {finalStep.kind === "take" ? (
                <ClipboardCheck aria-hidden="true" className="hidden size-6 shrink-0 text-brand-violet sm:block" />
              ) : (
                <Award aria-hidden="true" className="hidden size-6 shrink-0 text-success sm:block" />
              )}
              <p className="flex-1 text-sm leading-relaxed text-ink">
                {finalStep.kind === "take" ? MY_LEARNING_COPY.assessmentLead : `${MY_LEARNING_COPY.assessmentPassed}.`}
              </p>
              <ButtonLink to={finalStep.path} className="shrink-0">
                {finalStep.kind === "take" ? ASSESSMENT_COPY.takeFinal : ASSESSMENT_COPY.viewCertificate}
              </ButtonLink>
            </div>
          )}
        </article>
      </div>

      <Dialog.Root open={drawer} onOpenChange={setDrawer}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[min(22rem,90vw)] overflow-y-auto bg-white p-4 shadow-2xl" aria-describedby={undefined}>
            <div className="mb-2 flex items-center justify-between">
              <Dialog.Title className="font-semibold">{course.title}</Dialog.Title>
              <Dialog.Close className="rounded-full p-2 hover:bg-slate-100" aria-label="Close lessons">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            {curriculum(() => setDrawer(false))}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <LoginRequiredDialog open={loginOpen} onOpenChange={setLoginOpen} returnTo={`/learn/course/${course.slug}/lesson/${lesson.slug}`} />
      <EnrollmentRequiredDialog open={enrollRequired} onOpenChange={setEnrollRequired} courseSlug={course.slug} />
      <CongratulationsDialog open={congrats} onOpenChange={setCongrats} courseId={course._id} courseSlug={course.slug} courseTitle={course.title} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const params = useParams();
  const info = isRouteErrorResponse(error) ? (error.data as { message?: string }) : undefined;
  const message = info?.message ?? "Failed to fetch lesson";
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>{`${message} | Vestin`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{message}</h1>
      <p className="mt-3 max-w-md text-muted">
        {message === LEARNING_MESSAGES.lessonNotFound ? "This lesson does not exist in this course." : "We could not load this lesson."}
      </p>
      <ButtonLink to={`/learn/course/${params.courseId ?? ""}`} className="mt-8">
        Back to Course
      </ButtonLink>
    </section>
  );
}
