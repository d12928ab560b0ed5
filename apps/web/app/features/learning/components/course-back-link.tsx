import { ArrowLeft, ChevronLeft } from "lucide-react";
import { Link } from "react-router";

/** The way back from a lesson or the assessment to the course page, named by the course's title. */
export function CourseBackLink({ course }: { course: { slug: string; title: string } }) {
  return (
    <Link to={`/learn/course/${course.slug}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink">
      <ChevronLeft aria-hidden="true" className="size-4" /> {course.title}
    </Link>
  );
}

/** The way back from a course or a track to the catalogue, on the page's dark header. */
export function CatalogueBackLink({ label }: { label: string }) {
  return (
    <Link to="/learn/courses" className="inline-flex items-center gap-1.5 text-sm text-slate-300 hover:text-white">
      <ArrowLeft aria-hidden="true" className="size-4" /> {label}
    </Link>
  );
}
