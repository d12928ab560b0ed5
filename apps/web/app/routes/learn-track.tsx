import { BookOpen, Clock, Layers } from "lucide-react";
import { Link } from "react-router";
import { LEARNING_MESSAGES, trackHours, trackSlug } from "@vestin/shared/learning-core";
import type { Course } from "@vestin/shared/learning";
import { assessmentPath } from "~/features/assessments/paths";
import { CatalogueBackLink } from "~/features/learning/components/course-back-link";
import { courseOffer, useLearnEarnOffers, XpOffer } from "~/features/learn-earn";
import { CourseCard } from "~/features/learning/components/course-card";
import { CourseListLoginDialog } from "~/features/learning/components/login-required-dialog";
import type { TrackSummary } from "~/features/learning/components/track-card";
import { useCourseOpener } from "~/features/learning/use-course-opener";
import { useLiveProgress } from "~/features/learning/use-live-progress";
import { useFinalAssessmentsDue } from "~/features/my-learning/use-final-assessments-due";
import { appContext } from "~/lib/app-context";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-track";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(appContext);
  const analytics = await api("/courses/categories/analytics");
  if (!analytics.ok) return { failed: true as const };
  const tracks = ((await analytics.json()) as { data: { categories: TrackSummary[] } }).data.categories.filter((t) => t.courseCount > 0);
  // An unknown slug falls back to the first track (spec).
  const track = tracks.find((t) => trackSlug(t.category) === params.trackId.toLowerCase()) ?? tracks[0];
  if (!track) return { failed: true as const };
  const res = await api(`/courses?category=${encodeURIComponent(track.category)}&page=1&limit=10`);
  if (!res.ok) return { failed: true as const };
  const courses = ((await res.json()) as { data: Course[] }).data;
  return { failed: false as const, track, courses, query: `category=${encodeURIComponent(track.category)}&page=1&limit=10` };
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (!data || data.failed) return pageMeta(args, { title: "Learning Track", description: "A Vestin learning track and its courses." });
  return pageMeta(args, { title: data.track.category, description: data.track.description, path: `/learn/track/${trackSlug(data.track.category)}` });
};

export default function TrackPage({ loaderData }: Route.ComponentProps) {
  const opener = useCourseOpener();
  const courses = useLiveProgress(loaderData.failed ? [] : loaderData.courses, loaderData.failed ? "" : loaderData.query);
  const assessmentsDue = useFinalAssessmentsDue(courses);
  const offers = useLearnEarnOffers();
  if (loaderData.failed) {
    return (
      <section className="container-page py-24 text-center">
        <h1 className="text-3xl font-bold">{LEARNING_MESSAGES.tracksFailed}</h1>
        <Link to="/learn/courses" className="mt-6 inline-block font-semibold text-brand-violet hover:underline">
          Back to Courses
        </Link>
      </section>
    );
  }
  const { track } = loaderData;
  return (
    <>
      <header className="bg-navy-950 text-white">
        <div className="container-page py-14">
          <CatalogueBackLink label="Back to Catalog" />
          <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-brand-teal">Learning track</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{track.category}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-300">{track.description}</p>
          <dl className="mt-8 flex flex-wrap gap-8">
            {[
              { term: "Courses", icon: Layers, value: track.courseCount, testId: "track-course-count" },
              { term: "Lessons", icon: BookOpen, value: track.totalLessons, testId: "track-lesson-count" },
              { term: "Hours", icon: Clock, value: trackHours(track.totalLessons) },
            ].map(({ term, icon: Icon, value, testId }) => (
              <div key={term}>
                <dt className="flex items-center gap-1.5 text-sm text-slate-400">
                  <Icon aria-hidden="true" className="size-4" />
                  {` ${term}`}
                </dt>
                <dd className="text-2xl font-bold" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </header>
      <section className="container-page py-12" aria-labelledby="track-courses">
        <h2 id="track-courses" className="text-2xl font-bold tracking-tight">
          Track Courses
        </h2>
        {courses.length === 0 ? (
          <p className="mt-6 text-muted">{LEARNING_MESSAGES.noTrackCourses}</p>
        ) : (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course, i) => (
              <CourseCard
                key={course._id}
                course={course}
                onOpen={opener.open}
                position={i + 1}
                finalAssessment={assessmentsDue.has(course._id) ? assessmentPath(course.slug) : undefined}
                offer={courseOffer(offers, course._id) && <XpOffer text={courseOffer(offers, course._id)} />}
              />
            ))}
          </div>
        )}
      </section>
      <CourseListLoginDialog opener={opener} />
    </>
  );
}
