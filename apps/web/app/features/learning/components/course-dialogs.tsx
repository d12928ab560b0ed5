import { Award, ClipboardCheck, Download, GraduationCap } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button, ButtonLink } from "~/components/ui/button";
import { ASSESSMENT_COPY, assessmentPath, assessmentStatus } from "~/features/assessments";
import { downloadCertificate } from "../api/learning-api";
import { DialogShell } from "./dialog-shell";

function Frame({
  open,
  onOpenChange,
  children,
  title,
  description,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  children: ReactNode;
  title: string;
  description: ReactNode;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange}>
      <Dialog.Title className="text-2xl font-bold tracking-tight">{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className="mt-2 text-muted">{description}</div>
      </Dialog.Description>
      {children}
    </DialogShell>
  );
}

/**
 * After the last lesson: congratulations, and the way back to the learning home. A course with a
 * final assessment leads on to it (the certificate follows a pass); a course without one, or one
 * already passed, offers the certificate as before.
 */
export function CongratulationsDialog({
  open,
  onOpenChange,
  courseId,
  courseSlug,
  courseTitle,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  courseId: string;
  /** For a tidy link to the assessment; the course's id works too. */
  courseSlug?: string;
  courseTitle: string;
}) {
  const [busy, setBusy] = useState(false);
  const [assessment, setAssessment] = useState<"checking" | "take" | "none">("checking");
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setAssessment("checking");
    void assessmentStatus(courseId).then((result) => {
      if (cancelled) return;
      // No assessment (404), already passed, or unknown: the certificate is what the learner can have now.
      setAssessment(result.ok && !result.data.learner?.passed ? "take" : "none");
    });
    return () => {
      cancelled = true;
    };
  }, [open, courseId]);
  const download = async () => {
    setBusy(true);
    const result = await downloadCertificate(courseId);
    setBusy(false);
    if (!result.ok) toast.error(result.message);
  };
  const course = <strong className="text-ink">{courseTitle}</strong>;
  return (
    <Frame
      open={open}
      onOpenChange={onOpenChange}
      title="Congratulations!"
      description={
        <>
          You have completed every lesson of {course}.
          {assessment === "take" ? ` ${ASSESSMENT_COPY.certificateFollows}` : assessment === "none" ? " Your certificate is ready." : ""}
        </>
      }
    >
      <span aria-hidden="true" className="mx-auto mt-5 inline-flex size-16 items-center justify-center rounded-full bg-brand-gradient text-white">
        <Award className="size-8" />
      </span>
      <div className="mt-6 grid gap-3" aria-busy={assessment === "checking"}>
        {assessment === "checking" ? (
          <p role="status" className="flex h-11 items-center justify-center text-sm text-muted">
            Checking your next step…
          </p>
        ) : assessment === "take" ? (
          <ButtonLink to={assessmentPath(courseSlug ?? courseId)}>
            <ClipboardCheck aria-hidden="true" className="size-4" /> {ASSESSMENT_COPY.takeFinal}
          </ButtonLink>
        ) : (
          <Button onClick={() => void download()} disabled={busy}>
            <Download aria-hidden="true" className="size-4" /> {busy ? "Preparing your certificate…" : "Download Certificate"}
          </Button>
        )}
        <ButtonLink to="/learn" variant="outline">
          <GraduationCap aria-hidden="true" className="size-4" /> Back to Main Page
        </ButtonLink>
      </div>
    </Frame>
  );
}

/** Marking a lesson complete needs enrolment in its course. */
export function EnrollmentRequiredDialog({ open, onOpenChange, courseSlug }: { open: boolean; onOpenChange: (o: boolean) => void; courseSlug: string }) {
  return (
    <Frame
      open={open}
      onOpenChange={onOpenChange}
      title="Enrollment Required"
      description="Enroll in this course to mark lessons complete and track your progress."
    >
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <ButtonLink to={`/learn/course/${courseSlug}`}>← Back to Course</ButtonLink>
      </div>
    </Frame>
  );
}

export function CertificateLink({ code }: { code: string }) {
  return (
    <Link to={`/learn/certificates/${code}`} className="font-semibold text-brand-violet hover:underline">
      {code}
    </Link>
  );
}
