import { BookOpen, CheckCircle2, ChevronDown, Circle, Clock, PlayCircle, Users } from "lucide-react";
import { Accordion, Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { formatDuration, LEARNING_MESSAGES, studentsLabel, trackSlug } from "@vestin/shared/learning-core";
import type { Lesson } from "@vestin/shared/learning";
import { Button, ButtonLink } from "~/components/ui/button";
import { publicAssessmentFrom } from "~/features/assessments/api/assessment-api";
import { AssessmentCard } from "~/features/assessments/components/assessment-card";
import { courseOutline, type CourseWithLessons } from "~/features/learning/api/learning-api";
import { DifficultyBadge, ProgressBar } from "~/features/learning/components/badges";
import { CatalogueBackLink } from "~/features/learning/components/course-back-link";
import { CongratulationsDialog, EnrollmentRequiredDialog } from "~/features/learning/components/course-dialogs";
import { FactList } from "~/features/learning/components/fact-list";
import { LessonContent } from "~/features/learning/components/lesson-content";
import { UpdatedBadge } from "~/features/learning/components/updated-mark";
import { LoginRequiredDialog } from "~/features/learning/components/login-required-dialog";
import { useCourseState } from "~/features/learning/use-course-state";
import { lessonPath } from "~/features/my-learning/paths";
import { nextLessonLabel } from "~/features/my-learning/labels";
import { useCourseResume } from "~/features/my-learning/use-course-resume";
import { appContext } from "~/lib/app-context";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/learn-course";

export const handle: RouteHandle = { loaderText: "Loading course details..." };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(appContext);
  const key = encodeURIComponent(params.courseId);
  // The assessment's public rules (null: none) render with the page; a learner's standing loads in the browser.
  const [res, assessmentRes] = await Promise.all([api(`/courses/${key}/lessons`), api(`/courses/${key}/assessment`)]);
  if (res.status === 404) throw data({ message: LEARNING_MESSAGES.courseNotFound }, { status: 404 });
  if (!res.ok) throw data({ message: "Failed to fetch course" }, { status: 502 });
  return { ...courseOutline(((await res.json()) as { data: CourseWithLessons }).data), assessment: await publicAssessmentFrom(assessmentRes) };
}

export const meta: Route.MetaFunction = (args) => {
  const course = args.loaderData?.course;
  if (!course) return [{ title: "Course not found | Vestin" }, { name: "robots", content: "noindex" }];
  return pageMeta(args, { title: course.title, description: course.description.slice(0, 200), path: `/learn/course/${course.slug}` });
};

/** The lesson a learner is on: the lowest-numbered one not completed, never a completed one (at 100 %, none). */
const isOnLesson = (lesson: Lesson, enrolled: boolean) => enrolled && lesson.isCurrent && !lesson.isCompleted;

function LessonStatus({ lesson, enrolled }: { lesson: Lesson; enrolled: boolean }) {
  if (lesson.isCompleted) return <CheckCircle2 aria-label="Completed" className="size-5 shrink-0 text-success" />;
  if (isOnLesson(lesson, enrolled)) return <PlayCircle aria-label="Current lesson" className="size-5 shrink-0 text-brand-violet" />;
  return <Circle aria-hidden="true" className="size-5 shrink-0 text-slate-300" />;
}

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  const state = useCourseState(loaderData);
  const { course, lessons } = state.data;
  const [tab, setTab] = useState("lessons");
  const [expanded, setExpanded] = useState<string>("");
  const [viewerIndex, setViewerIndex] = useState(0);
  const [loginOpen, setLoginOpen] = useState(false);
  const [enrollRequired, setEnrollRequired] = useState(false);
  const [congrats, setCongrats] = useState(false);
  const [completing, setCompleting] = useState(false);
  const lessonRefs = useRef(new Map<string, HTMLElement>());
  const progress = course.userProgress;
  const current = lessons.data.find((l) => l.isCurrent) ?? lessons.data[0];
  const viewerLesson = lessons.data[viewerIndex];
  const finished = (progress?.progressPercentage ?? 0) >= 100;
  // Continue Course opens where the learner continues (My learning's resume point: the lesson
  // opened last unless it is done, else the next one to do); the current lesson until that is known.
  const resume = useCourseResume(course.slug, state.enrolled)?.resume;
  const nextLesson = (resume && lessons.data.find((l) => l._id === resume.lessonId)) ?? current;

  useEffect(() => {
    if (current) setViewerIndex(Math.max(0, lessons.data.indexOf(current)));
  }, [current, lessons.data]);

  // The page embeds an outline of the lessons; the Lesson Viewer fetches their text when opened.
  const { loadContent } = state;
  useEffect(() => {
    if (tab === "viewer") void loadContent();
  }, [tab, loadContent]);

  const showCurrentLesson = () => {
    setTab("lessons");
    if (!current) return;
    setExpanded(current._id);
    requestAnimationFrame(() => lessonRefs.current.get(current._id)?.scrollIntoView({ behavior: "smooth", block: "center" }));
  };

  const onEnrollClick = async () => {
    if (!state.signedIn) return setLoginOpen(true);
    if (state.enrolled) return showCurrentLesson();
    if (await state.enrollNow()) showCurrentLesson();
  };

  const completeViewerLesson = async () => {
    if (!viewerLesson) return;
    setCompleting(true);
    const outcome = await state.complete(viewerLesson);
    setCompleting(false);
    if (outcome === "signed-out") setLoginOpen(true);
    else if (outcome === "not-enrolled") setEnrollRequired(true);
    else if (outcome === "finished-course") setCongrats(true);
  };

  const label = !state.enrolled ? (state.enrolling ? "Enrolling..." : "Enroll & Start Course") : finished ? "Completed" : "Continue Course";

  return (
    <>
      <header className="bg-navy-950 text-white">
        <div className="container-page py-12 sm:py-16">
          <CatalogueBackLink label="Back to Courses" />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <DifficultyBadge difficulty={course.difficulty} levelColor={course.levelColor} />
            <Link to={`/learn/track/${trackSlug(course.category)}`} className="text-sm text-slate-300 hover:text-white">
              {course.category}
            </Link>
          </div>
          <h1 className="mt-4 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{course.title}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{course.description}</p>
          <FactList
            look="header"
            facts={[
              { term: "Duration", icon: Clock, value: formatDuration(course.duration) },
              { term: "Lessons", icon: BookOpen, value: <>{course.totalLessons} lessons</> },
              { term: "Students", icon: Users, value: studentsLabel(course.enrollmentCount), testId: "enrollment-count" },
            ]}
          />
          {progress && (
            <div className="mt-8 max-w-md">
              <ProgressBar percent={progress.progressPercentage} label="Course progress" tone="dark" />
              <p className="mt-2 text-sm text-slate-300" data-testid="course-progress">
                {progress.completedLessons}/{progress.totalLessons} completed ({progress.progressPercentage}%)
              </p>
            </div>
          )}
          <div className="mt-8">
            <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
              {label === "Continue Course" && nextLesson ? (
                <>
                  <ButtonLink to={lessonPath(course.slug, nextLesson.slug)} size="lg" aria-describedby="next-lesson">
                    <PlayCircle aria-hidden="true" className="size-5" />
                    {label}
                  </ButtonLink>
                  <p id="next-lesson" className="min-w-0 text-sm text-slate-300" data-testid="next-lesson">
                    Up next: <span className="font-semibold text-white">{nextLessonLabel(nextLesson)}</span>
                  </p>
                </>
              ) : (
                <Button size="lg" onClick={() => void onEnrollClick()} disabled={state.enrolling}>
                  {label === "Completed" && <CheckCircle2 aria-hidden="true" className="size-5" />}
                  {label}
                </Button>
              )}
            </div>
            {state.enrollError && !progress && (
              <p role="alert" className="mt-3 text-sm text-red-300">
                {state.enrollError}
              </p>
            )}
          </div>
        </div>
      </header>

      <Tabs.Root value={tab} onValueChange={setTab} className="container-page py-10">
        <AssessmentCard courseSlug={course.slug} initial={loaderData.assessment} className="mb-10" />
        <Tabs.List aria-label="Course views" className="flex gap-1 rounded-full border border-line bg-surface p-1 sm:inline-flex">
          {[
            ["lessons", "Course Lessons"],
            ["viewer", "Lesson Viewer"],
          ].map(([value, text]) => (
            <Tabs.Trigger
              key={value}
              value={value ?? ""}
              className="flex-1 rounded-full px-5 py-2 text-sm font-semibold text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm sm:flex-none"
            >
              {text}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="lessons" className="mt-8 focus:outline-none">
          <Accordion.Root type="single" collapsible value={expanded} onValueChange={setExpanded} className="grid gap-3">
            {lessons.data.map((lesson) => (
              <Accordion.Item
                key={lesson._id}
                value={lesson._id}
                ref={(el: HTMLDivElement | null) => {
                  if (el) lessonRefs.current.set(lesson._id, el);
                }}
                className={cn(
                  "rounded-2xl border bg-white",
                  isOnLesson(lesson, state.enrolled) ? "border-brand-violet/50 ring-1 ring-brand-violet/30" : "border-line",
                )}
              >
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center gap-3 px-5 py-4 text-left">
                    <LessonStatus lesson={lesson} enrolled={state.enrolled} />
                    <span className="flex-1">
                      <span className="block font-semibold">
                        {lesson.lessonNumber}. {lesson.title}
                        {lesson.updatedSinceCompletion && <UpdatedBadge className="ml-2 align-middle" />}
                      </span>
                      <span className="block text-xs text-muted">
                        {lesson.duration || "15 min"}
                        {isOnLesson(lesson, state.enrolled) ? " · Current" : ""}
                        {lesson.isCompleted ? " · Completed" : ""}
                      </span>
                    </span>
                    <ChevronDown aria-hidden="true" className="size-5 text-muted transition-transform group-data-[state=open]:rotate-180" />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="px-5 pb-5">
                  <p className="text-sm leading-relaxed text-muted">{lesson.description || LEARNING_MESSAGES.noDescription}</p>
                  {lesson.learningObjectives.length > 0 && (
                    <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm">
                      {lesson.learningObjectives.map((o) => (
                        <li key={o}>{o}</li>
                      ))}
                    </ul>
                  )}
                  <ButtonLink to={`/learn/course/${course.slug}/lesson/${lesson.slug}`} size="sm" className="mt-4">
                    Open lesson
                  </ButtonLink>
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Tabs.Content>

        <Tabs.Content value="viewer" className="mt-8 focus:outline-none">
          {viewerLesson && (
            <article className="rounded-[var(--radius-card)] border border-line bg-white p-6 sm:p-10">
              <p className="text-sm font-semibold text-brand-teal-dark">
                Lesson {viewerLesson.lessonNumber} of {lessons.count} · {viewerLesson.duration || "15 min"}
              </p>
              <h2 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{viewerLesson.title}</h2>
              <div className="mt-6" aria-busy={state.contentMissing && !state.contentFailed}>
                {!state.contentMissing ? (
                  <LessonContent lesson={viewerLesson} />
                ) : state.contentFailed ? (
                  <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5 text-sm">
                    <span className="flex-1">{LEARNING_MESSAGES.lessonTextFailed}</span>
                    <Button variant="outline" size="sm" onClick={() => void loadContent()}>
                      Try again
                    </Button>
                  </div>
                ) : (
                  <p role="status" className="text-muted">
                    {LEARNING_MESSAGES.lessonTextLoading}
                  </p>
                )}
              </div>
              <div className="mt-10 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-6">
                <Button variant="outline" disabled={viewerIndex === 0} onClick={() => setViewerIndex((i) => Math.max(0, i - 1))}>
                  Previous
                </Button>
                {viewerLesson.isCompleted ? (
                  <span
                    className="inline-flex items-center gap-1.5 rounded-full bg-success-bg px-4 py-2 text-sm font-semibold text-success"
                    aria-disabled="true"
                  >
                    <CheckCircle2 aria-hidden="true" className="size-4" /> Completed
                  </span>
                ) : (
                  <Button onClick={() => void completeViewerLesson()} disabled={completing}>
                    {completing ? "Saving…" : "Mark as Complete"}
                  </Button>
                )}
                <Button
                  variant="outline"
                  disabled={viewerIndex >= lessons.data.length - 1}
                  onClick={() => setViewerIndex((i) => Math.min(lessons.data.length - 1, i + 1))}
                >
                  Next
                </Button>
              </div>
            </article>
          )}
        </Tabs.Content>
      </Tabs.Root>

      <LoginRequiredDialog open={loginOpen} onOpenChange={setLoginOpen} returnTo={`/learn/course/${course.slug}`} />
      <EnrollmentRequiredDialog open={enrollRequired} onOpenChange={setEnrollRequired} courseSlug={course.slug} />
      <CongratulationsDialog open={congrats} onOpenChange={setCongrats} courseId={course._id} courseSlug={course.slug} courseTitle={course.title} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <title>{notFound ? "Course not found | Vestin" : "Failed to fetch course | Vestin"}</title>
      <h1 className="text-3xl font-bold tracking-tight">{notFound ? LEARNING_MESSAGES.courseNotFound : "Failed to fetch course"}</h1>
      <p className="mt-3 max-w-md text-muted">
        {notFound ? "This course does not exist or is not published." : "We could not load this course. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/learn/courses">Back to Courses</ButtonLink>
        <ButtonLink to="/learn/tracks" variant="outline">
          Back to Tracks
        </ButtonLink>
      </div>
    </section>
  );
}
