import { Award, CheckCircle2, ClipboardCheck } from "lucide-react";
import type { MyCourse } from "@vestin/shared/me";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { assessmentPath, certificatePath } from "~/features/assessments";
import { MY_LEARNING_COPY } from "../copy";
import { completedNext, formatDay, progressLabel, scoreLabel } from "../labels";
import { coursePath } from "../paths";
import { MyCourseCard } from "./my-course-card";

/** A finished course: its certificate (with the score), or the final assessment still to pass. */
export function CompletedCard({ course }: { course: MyCourse }) {
  const next = completedNext(course);
  return (
    <MyCourseCard course={course} testId="completed-course">
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone="success">
          <CheckCircle2 aria-hidden="true" className="size-3.5" /> {MY_LEARNING_COPY.completedBadge}
        </Badge>
        <span className="text-sm text-muted" data-testid="progress-label">
          {progressLabel(course)}
        </span>
      </div>
      <div className="mt-auto pt-5">
        {next.kind === "certificate" ? (
          <div className="rounded-xl border border-green-200 bg-success-bg p-4">
            <div className="flex items-start gap-3">
              <Award aria-hidden="true" className="size-5 shrink-0 text-success" />
              <p className="text-sm text-ink">
                <span className="font-semibold">{`Certificate issued ${formatDay(next.issuedAt)}`.trim()}</span>
                {scoreLabel(next.score) && (
                  <span className="block text-muted" data-testid="certificate-score">
                    {scoreLabel(next.score)}
                  </span>
                )}
              </p>
            </div>
            <ButtonLink to={certificatePath(next.code)} size="sm" className="mt-3">
              {MY_LEARNING_COPY.viewCertificate}
              <span className="sr-only">: {course.title}</span>
            </ButtonLink>
          </div>
        ) : next.kind === "assessment" ? (
          <div className="rounded-xl border border-brand-violet/20 bg-brand-violet/5 p-4">
            <div className="flex items-start gap-3">
              <ClipboardCheck aria-hidden="true" className="size-5 shrink-0 text-brand-violet" />
              <p className="text-sm text-ink">{MY_LEARNING_COPY.assessmentLead}</p>
            </div>
            <ButtonLink to={assessmentPath(course.slug)} size="sm" className="mt-3">
              {MY_LEARNING_COPY.takeFinal}
              <span className="sr-only">: {course.title}</span>
            </ButtonLink>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {next.kind === "passed" && <Badge tone="success">{MY_LEARNING_COPY.assessmentPassed}</Badge>}
            <ButtonLink to={coursePath(course.slug)} size="sm" variant="outline">
              {MY_LEARNING_COPY.reviewCourse}
              <span className="sr-only">: {course.title}</span>
            </ButtonLink>
          </div>
        )}
      </div>
    </MyCourseCard>
  );
}
