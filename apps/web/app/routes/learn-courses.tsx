import { Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { COURSE_PAGE_SIZE, SEARCH_DEBOUNCE_MS, TRACKS, trackSlug } from "@vestin/shared/learning-core";
import type { Course } from "@vestin/shared/learning";
import { ButtonLink } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { ASSESSMENT_COPY } from "~/features/assessments/copy";
import { assessmentPath, PLACEMENT_PATH } from "~/features/assessments/paths";
import { courseOffer, trackOffer, useLearnEarnOffers, XpOffer } from "~/features/learn-earn";
import { CourseCard } from "~/features/learning/components/course-card";
import { CourseListLoginDialog } from "~/features/learning/components/login-required-dialog";
import { CATALOGUE_FALLBACK_TRACKS, TrackCard, type TrackSummary } from "~/features/learning/components/track-card";
import { useCourseOpener } from "~/features/learning/use-course-opener";
import { useLiveProgress } from "~/features/learning/use-live-progress";
import { useFinalAssessmentsDue } from "~/features/my-learning/use-final-assessments-due";
import { appContext } from "~/lib/app-context";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/learn-courses";

const FILTERS = [
  { label: "All Courses", category: "" },
  ...TRACKS.filter((t) => t.filterLabel).map((t) => ({ label: t.filterLabel ?? t.title, category: t.title })),
];

function queryOf(state: { category: string; search: string; page: number }) {
  const params = new URLSearchParams();
  if (state.category) params.set("category", state.category);
  if (state.search) params.set("search", state.search);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = (url.searchParams.get("category") ?? "").trim();
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const { api } = context.get(appContext);
  const apiQuery = queryOf({ category, search, page });
  apiQuery.set("limit", String(COURSE_PAGE_SIZE));
  if (page > 1) apiQuery.set("page", String(page));
  const [coursesRes, analyticsRes] = await Promise.all([api(`/courses?${apiQuery}`), api("/courses/categories/analytics")]);
  const body = coursesRes.ok ? ((await coursesRes.json()) as { data: Course[]; total: number; pages: number }) : null;
  const tracks = analyticsRes.ok
    ? ((await analyticsRes.json()) as { data: { categories: TrackSummary[] } }).data.categories.filter((t) => t.courseCount > 0)
    : CATALOGUE_FALLBACK_TRACKS;
  return { category, search, page, courses: body?.data ?? [], total: body?.total ?? 0, pages: body?.pages ?? 0, failed: !body, tracks };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Course Catalogue",
    description: "Browse Vestin’s tokenization courses by track and difficulty, and follow a learning track from start to finish.",
    path: "/learn/courses",
  });

export default function CourseCataloguePage({ loaderData }: Route.ComponentProps) {
  const { category, search, page, total, pages, failed, tracks } = loaderData;
  const navigate = useNavigate();
  const opener = useCourseOpener();
  const [draft, setDraft] = useState(search);
  const typed = useRef(false);
  const apiQuery = useMemo(() => {
    const q = queryOf({ category, search, page });
    q.set("limit", String(COURSE_PAGE_SIZE));
    return q.toString();
  }, [category, search, page]);
  const courses = useLiveProgress(loaderData.courses, apiQuery);
  const assessmentsDue = useFinalAssessmentsDue(courses);
  const offers = useLearnEarnOffers();

  useEffect(() => setDraft(search), [search]);
  // The server search runs 500 ms after the last keystroke; meanwhile the loaded courses are filtered locally.
  useEffect(() => {
    if (!typed.current || draft.trim() === search) return;
    const timer = setTimeout(() => {
      void navigate(`/learn/courses?${queryOf({ category, search: draft.trim(), page: 1 })}#course-filtering`, { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, category, navigate]);

  const needle = draft.trim().toLowerCase();
  const visible = needle ? courses.filter((c) => c.title.toLowerCase().includes(needle) || c.description.toLowerCase().includes(needle)) : courses;
  const link = (changes: Partial<{ category: string; page: number }>) => `/learn/courses?${queryOf({ category, search, page, ...changes })}#course-filtering`;

  return (
    <>
      <PageHeader eyebrow="Courses" title="Course catalogue" intro="Find the course that fits where you are, or follow a track from start to finish.">
        <ButtonLink to="#course-filtering" variant="light">
          Browse courses
        </ButtonLink>
        <ButtonLink to="#learning-tracks" variant="light">
          Learning tracks
        </ButtonLink>
        <ButtonLink to={PLACEMENT_PATH} variant="light">
          {ASSESSMENT_COPY.placementPromoLink}
        </ButtonLink>
      </PageHeader>

      <section id="course-filtering" aria-labelledby="courses-heading" className="container-page scroll-mt-28 py-12">
        <h2 id="courses-heading" className="sr-only">
          Courses
        </h2>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full lg:max-w-md">
            <label htmlFor="course-search" className="sr-only">
              Search courses
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted" />
            <input
              id="course-search"
              type="search"
              placeholder="Search courses..."
              value={draft}
              onChange={(e) => {
                typed.current = true;
                setDraft(e.target.value);
              }}
              className="h-12 w-full rounded-full border border-line bg-white pl-12 pr-4 text-base shadow-sm placeholder:text-placeholder focus:border-brand-violet focus:outline-none focus:ring-2 focus:ring-brand-violet/20"
            />
          </div>
          <nav aria-label="Course categories" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
            {FILTERS.map((f) => (
              <Link
                key={f.label}
                to={link({ category: f.category, page: 1 })}
                preventScrollReset
                aria-current={category === f.category ? "true" : undefined}
                className={cn(
                  "shrink-0 rounded-full border px-4 py-2 text-sm font-medium transition-colors",
                  category === f.category ? "border-navy-900 bg-navy-900 text-white" : "border-line bg-white text-muted hover:text-ink",
                )}
              >
                {f.label}
              </Link>
            ))}
          </nav>
        </div>

        <p className="mt-6 text-sm text-muted" aria-live="polite" data-testid="course-count">
          {failed
            ? "Failed to fetch courses"
            : `${needle ? visible.length : total} course${(needle ? visible.length : total) === 1 ? "" : "s"}${search ? ` matching "${search}"` : ""}`}
        </p>
        {visible.length === 0 ? (
          <div className="mt-6 rounded-[var(--radius-card)] border border-line bg-surface p-10 text-center">
            <p className="font-semibold">No courses match your search.</p>
            <ButtonLink to="/learn/courses#course-filtering" variant="outline" className="mt-4">
              Show all courses
            </ButtonLink>
          </div>
        ) : (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((course) => (
              <CourseCard
                key={course._id}
                course={course}
                onOpen={opener.open}
                finalAssessment={assessmentsDue.has(course._id) ? assessmentPath(course.slug) : undefined}
                offer={courseOffer(offers, course._id) && <XpOffer text={courseOffer(offers, course._id)} />}
              />
            ))}
          </div>
        )}
        {pages > 1 && (
          <nav aria-label="Course pages" className="mt-10 flex items-center justify-center gap-3">
            {page > 1 ? (
              <ButtonLink to={link({ page: page - 1 })} variant="outline">
                Previous
              </ButtonLink>
            ) : (
              <span aria-disabled="true" className="inline-flex h-11 items-center rounded-full border border-line px-5 text-sm font-semibold text-slate-400">
                Previous
              </span>
            )}
            <span className="text-sm text-muted">
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <ButtonLink to={link({ page: page + 1 })} variant="outline">
                Next
              </ButtonLink>
            ) : (
              <span aria-disabled="true" className="inline-flex h-11 items-center rounded-full border border-line px-5 text-sm font-semibold text-slate-400">
                Next
              </span>
            )}
          </nav>
        )}
      </section>

      <section id="learning-tracks" aria-labelledby="tracks-heading" className="scroll-mt-28 bg-surface py-16">
        <div className="container-page">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-teal-dark">Learning Tracks</p>
          <h2 id="tracks-heading" className="mt-2 text-3xl font-bold tracking-tight">
            Follow a track from start to finish
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {tracks.map((track) => (
              <TrackCard
                key={track.category}
                track={track}
                offer={trackOffer(offers, trackSlug(track.category)) && <XpOffer text={trackOffer(offers, trackSlug(track.category))} />}
              />
            ))}
          </div>
        </div>
      </section>
      <CourseListLoginDialog opener={opener} />
    </>
  );
}
