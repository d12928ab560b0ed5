import { PlayCircle } from "lucide-react";
import type { Resume } from "@vestin/shared/me";
import { ButtonLink, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { resumeLabel } from "../labels";
import { lessonPath } from "../paths";

/** "Resume: Lesson N · title", straight to the lesson. Long titles wrap instead of overflowing. */
export function ResumeLink({
  courseSlug,
  resume,
  variant = "primary",
  size = "md",
  className,
}: {
  courseSlug: string;
  resume: Pick<Resume, "lessonSlug" | "lessonNumber" | "title">;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <ButtonLink
      to={lessonPath(courseSlug, resume.lessonSlug)}
      variant={variant}
      size={size}
      className={cn("h-auto! whitespace-normal! py-2.5 text-left", size === "lg" ? "min-h-12" : "min-h-11", className)}
      data-testid="resume-link"
    >
      <PlayCircle aria-hidden="true" className="size-5 shrink-0" />
      <span>{resumeLabel(resume)}</span>
    </ButtonLink>
  );
}
