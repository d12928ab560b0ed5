import { BookOpen, Circle, Clock, PlayCircle, Users } from "lucide-react";
import { formatDuration, LEARNING_MESSAGES, studentsLabel } from "@vestin/shared/learning-core";
import type { Course, Lesson } from "@vestin/shared/learning";
import { cn } from "~/lib/cn";
import { DifficultyBadge } from "./badges";
import { FactList } from "./fact-list";
import { LessonContent } from "./lesson-content";

/**
 * A draft course or lesson as a visitor will see it, for a preview link: the course page's header
 * and lesson list, the lesson page's text, drawn with the same components. Nothing here writes
 * (no enrolment, no completion) and nothing links to pages that are not public yet.
 */
export function CoursePreview({ course, lessons }: { course: Course; lessons: Lesson[] }) {
  return (
    <>
      <CourseHeader course={course} />
      <section aria-labelledby="preview-lessons" className="container-page py-10">
        <h2 id="preview-lessons" className="text-xl font-bold tracking-tight">
          Course Lessons
        </h2>
        <ol className="mt-6 grid gap-3">
          {lessons.map((lesson) => (
            <li key={lesson._id} className={cn("rounded-2xl border bg-white px-5 py-4", "border-line")}>
              <div className="flex items-start gap-3">
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-300" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {lesson.lessonNumber}. {lesson.title}
                  </p>
                  <p className="text-xs text-muted">{lesson.duration || "15 min"}</p>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{lesson.description || LEARNING_MESSAGES.noDescription}</p>
                </div>
              </div>
            </li>
          ))}
          {lessons.length === 0 && <li className="text-sm text-muted">This course has no lessons yet.</li>}
        </ol>
      </section>
    </>
  );
}

export function LessonPreview({ course, lesson, lessons }: { course: Course; lesson: Lesson; lessons: Lesson[] }) {
  return (
    <div className="bg-white">
      <header className="border-b border-line bg-surface">
        <div className="container-page py-6">
          <p className="text-sm font-semibold text-ink">{course.title}</p>
          <p className="mt-3 text-sm text-muted">
            Lesson {lesson.lessonNumber} of {lessons.length} · {lesson.duration || "N/A"}
          </p>
        </div>
      </header>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <nav aria-label="Curriculum" className="hidden lg:block">
          <p className="px-2 text-xs font-semibold uppercase tracking-widest text-muted">Curriculum</p>
          <ol className="mt-3 grid gap-1">
            {lessons.map((l) => (
              <li
                key={l._id}
                aria-current={l._id === lesson._id ? "page" : undefined}
                className={cn("rounded-xl px-2 py-2 text-sm", l._id === lesson._id ? "bg-brand-violet/10 font-semibold text-ink" : "text-muted")}
              >
                {l.lessonNumber}. {l.title}
                <span className="block text-xs font-normal text-muted">{l.duration || "15 min"}</span>
              </li>
            ))}
          </ol>
        </nav>
        <article className="min-w-0 max-w-3xl">
          <p className="text-sm font-semibold text-brand-teal-dark">
            Lesson {lesson.lessonNumber} · {lesson.duration || "15 min"}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{lesson.title}</h1>
          <div className="mt-6">
            <LessonContent lesson={lesson} />
          </div>
        </article>
      </div>
    </div>
  );
}

function CourseHeader({ course }: { course: Course }) {
  return (
    <header className="bg-navy-950 text-white">
      <div className="container-page py-12 sm:py-16">
        <div className="flex flex-wrap items-center gap-3">
          <DifficultyBadge difficulty={course.difficulty} levelColor={course.levelColor} />
          <span className="text-sm text-slate-300">{course.category}</span>
        </div>
        <h1 className="mt-4 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">{course.title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{course.description}</p>
        <FactList
          look="header"
          facts={[
            { term: "Duration", icon: Clock, value: formatDuration(course.duration) },
            { term: "Lessons", icon: BookOpen, value: <>{course.totalLessons} lessons</> },
            { term: "Students", icon: Users, value: studentsLabel(course.enrollmentCount) },
          ]}
        />
        <p className="mt-8 inline-flex items-center gap-2 text-sm text-slate-300">
          <PlayCircle aria-hidden="true" className="size-5" /> Enrolment opens when the course is published.
        </p>
      </div>
    </header>
  );
}
