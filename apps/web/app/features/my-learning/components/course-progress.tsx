import type { MyCourse } from "@vestin/shared/me";
import { ProgressBar } from "~/features/learning";
import { cn } from "~/lib/cn";
import { progressLabel } from "../labels";

/** The bar and "x/y lessons · p%" under it, for a course card or the learning home's strip. */
export function CourseProgress({ course, tone = "light", className }: { course: MyCourse; tone?: "light" | "dark"; className?: string }) {
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <ProgressBar percent={course.progressPercentage} label={`${course.title} progress`} tone={tone} className="min-w-0 flex-1" />
      <span className={cn("shrink-0 text-sm font-semibold tabular-nums", tone === "dark" ? "text-white" : "text-ink")} data-testid="progress-label">
        {progressLabel(course)}
      </span>
    </div>
  );
}
